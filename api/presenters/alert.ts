import type { AlertWithMatchCount } from '../../db/alerts.ts';

export function presentAlert(alert: AlertWithMatchCount) {
  return {
    id: alert.id,
    prompt: alert.prompt,
    isActive: alert.isActive,
    frequency: alert.frequency,
    language: alert.language,
    matchCount: alert.matchCount,
    createdAt: alert.createdAt,
  };
}
