import { z } from 'zod';

export const SentEmailQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});

export const ProcessNotificationsBody = z.object({
  frequency: z.enum(['daily', 'weekly', 'all'], { error: 'frequency must be daily, weekly or all' }),
});
