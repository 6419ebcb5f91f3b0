import type { AlertMatchRow, ProjectListRow, ProjectMatchRow } from '../../db/project-listing.ts';
import type { Verdict } from '../../db/feedback.ts';
import type { Language } from '../../domain/languages.ts';
import { presentProject } from './project.ts';

export function presentProjectMatch(match: ProjectMatchRow, feedback: Verdict | null = null) {
  return { id: match.id, score: match.score, explanation: match.explanation, alert: { id: match.alertId, prompt: match.alertPrompt }, feedback };
}

export function presentAlertMatch(match: AlertMatchRow, project: ProjectListRow, language: Language, feedback: Verdict | null = null) {
  return { id: match.id, score: match.score, explanation: match.explanation, project: presentProject(project, language), feedback };
}
