import { z } from 'zod';

export const MAX_PAGE = 100;

const QueryInteger = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const OptionalText = (max: number, name: string) =>
  z
    .string({ error: `${name} must be given once` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

export const ProjectListQuery = z.object({
  limit: QueryInteger('limit', 1, MAX_PAGE).default(MAX_PAGE),
  offset: QueryInteger('offset', 0, 10_000_000).default(0),
  q: OptionalText(200, 'q'),
  category: OptionalText(300, 'category'),
  sort: z.enum(['newest', 'title', 'organization'], { error: 'sort must be newest, title or organization' }).default('newest'),
});
