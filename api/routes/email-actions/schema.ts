import { z } from 'zod';
import { EMAIL_ACTIONS } from '../../../pipeline/notify/email-actions/sign-email-action.ts';

const Id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a positive integer` })
    .int(`${field} must be a positive integer`)
    .positive(`${field} must be a positive integer`)
    .max(2_147_483_647, `${field} must be a positive integer`);

export const EmailActionBody = z.object({
  action: z.enum(EMAIL_ACTIONS, { error: 'action must be relevant, not_relevant or watch' }),
  u: Id('u'),
  a: Id('a'),
  p: Id('p'),
  s: z.string({ error: 's must be the link signature' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 's must be the link signature'),
});
