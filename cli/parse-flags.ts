import type { z } from 'zod';
import { CliError } from './cli-error.ts';

/** A command's options (or arguments) through their zod schema; what is wrong becomes one `error: …` line, exit 1. */
export function parseFlags<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}
