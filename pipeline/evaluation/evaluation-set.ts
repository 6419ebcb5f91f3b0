import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LANGUAGES } from '../../domain/languages.ts';

const language = z.enum(LANGUAGES);

export const EvaluationSetSchema = z.object({
  projects: z.array(
    z.object({
      id: z.string(),
      language: language.nullable(),
      title: z.string(),
      description: z.string().default(''),
      cpv: z.array(z.string()).default([]),
      canton: z.string().nullable().default(null),
      organization: z.string().nullable().optional(),
      location: z.string().nullable().optional(),
      publishedAt: z.string().optional(),
    }),
  ),
  alerts: z.array(z.object({ id: z.string(), language, prompt: z.string().min(1) })),
  judgments: z.array(z.object({ alert: z.string(), project: z.string(), relevance: z.union([z.literal(1), z.literal(2)]) })),
});

export type EvaluationSet = z.infer<typeof EvaluationSetSchema>;

export function loadEvaluationSet(path: string): EvaluationSet {
  const parsed = EvaluationSetSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid evaluation set ${path}: ${problems.join('; ')}`);
  }
  return parsed.data;
}
