import { z } from 'zod';
import { DEFAULT_NOTIFY_FREQUENCY, NOTIFY_FREQUENCIES } from '../../../domain/notify-frequencies.ts';
import { Language } from '../auth/schema.ts';

export const PROMPT_TOO_SHORT = 'Prompt must be at least 10 characters';

const Prompt = z.string({ error: PROMPT_TOO_SHORT }).trim().min(10, PROMPT_TOO_SHORT).max(2000, 'Prompt must be at most 2000 characters');
const IsActive = z.boolean({ error: 'isActive must be true or false' });
const Frequency = z.enum(NOTIFY_FREQUENCIES, { error: 'Frequency must be immediate, daily or weekly' });

export const CreateAlertBody = z.object({
  prompt: Prompt,
  isActive: IsActive.default(true),
  frequency: Frequency.default(DEFAULT_NOTIFY_FREQUENCY),
  language: Language.optional(),
});

/** A full alert, or `{ isActive }` alone (the list's switch). */
export const UpdateAlertBody = z.union([
  z.object({ isActive: IsActive }).strict(),
  z.object({ prompt: Prompt, isActive: IsActive.optional(), frequency: Frequency.optional(), language: Language.optional() }),
]);
