import { z } from 'zod';

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const ScrapeDate = z
  .string()
  // A text that is no date at all gets one message, not also "is not a calendar date".
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD', abort: true })
  .refine(isRealDate, 'is not a calendar date');

export const ScrapeOptionsSchema = z.object({
  since: ScrapeDate.optional(),
  maxPages: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
  renormalize: z.boolean().optional(),
});

export type ScrapeOptions = z.infer<typeof ScrapeOptionsSchema>;

export class InvalidScrapeOptionsError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid scrape options: ${issues.join('; ')}`);
    this.name = 'InvalidScrapeOptionsError';
  }
}

export function parseScrapeOptions(input: unknown): ScrapeOptions {
  const parsed = ScrapeOptionsSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidScrapeOptionsError(
      parsed.error.issues.map((issue) => `--${issue.path.map((p) => String(p).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('.')} ${issue.message}`),
    );
  }
  return parsed.data;
}
