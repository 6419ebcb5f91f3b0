import { z } from 'zod';

export const IdParams = z.object({
  id: z.coerce
    .number({ error: 'Id must be a positive integer' })
    .int('Id must be a positive integer')
    .positive('Id must be a positive integer')
    .max(2_147_483_647, 'Id must be a positive integer'),
});
