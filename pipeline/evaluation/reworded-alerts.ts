import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LANGUAGES } from '../../domain/languages.ts';
import type { EvaluationSet } from './evaluation-set.ts';

export const REWORDED_ALERTS_PATH = fileURLToPath(new URL('./reworded-alerts.json', import.meta.url));

const RewordedSchema = z.object({
  alerts: z.record(z.string(), z.object({ language: z.enum(LANGUAGES), prompt: z.string().min(1) })),
});

/**
 * The set with each alert replaced by its rewording in another language (same id, so the same judgments):
 * a scorer that holds only on the wording it was tuned on falls here.
 */
export function rewordAlerts(set: EvaluationSet, path: string = REWORDED_ALERTS_PATH): EvaluationSet {
  const reworded = RewordedSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).alerts;
  const missing = set.alerts.filter((alert) => !reworded[alert.id]).map((alert) => alert.id);
  if (missing.length > 0) throw new Error(`no rewording for alert ${missing.join(', ')} in ${path}`);
  return { ...set, alerts: set.alerts.map((alert) => ({ id: alert.id, ...reworded[alert.id]! })) };
}
