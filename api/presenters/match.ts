import type { AlertMatchRow, ProjectListRow, ProjectMatchRow } from '../../db/project-listing.ts';
import type { Language } from '../../domain/languages.ts';
import { presentProject } from './project.ts';

export function presentProjectMatch(match: ProjectMatchRow) {
  return { id: match.id, score: match.score, explanation: match.explanation, alert: { id: match.alertId, prompt: match.alertPrompt } };
}

export function presentAlertMatch(match: AlertMatchRow, project: ProjectListRow, language: Language) {
  return { id: match.id, score: match.score, explanation: match.explanation, project: presentProject(project, language) };
}
