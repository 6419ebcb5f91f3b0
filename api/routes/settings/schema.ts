import { z } from 'zod';

export const MAX_REMINDER_DAY = 60;

const Day = z
  .number({ error: 'reminderDays must be whole days between 1 and 60' })
  .int('reminderDays must be whole days between 1 and 60')
  .min(1, 'reminderDays must be whole days between 1 and 60')
  .max(MAX_REMINDER_DAY, 'reminderDays must be whole days between 1 and 60');

export const SettingsBody = z
  .object({
    remindersEnabled: z.boolean({ error: 'remindersEnabled must be true or false' }).optional(),
    reminderDays: z
      .array(Day, { error: 'reminderDays must be a list of days' })
      .min(1, 'reminderDays needs at least one day')
      .max(5, 'reminderDays takes at most 5 days')
      .transform((days) => [...new Set(days)].sort((a, b) => b - a))
      .optional(),
  })
  .strict();
