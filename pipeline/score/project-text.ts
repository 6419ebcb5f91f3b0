import type { ProjectContent } from '../../db/alerts-scoring.ts';
import type { ProjectText } from '../llm/llm-port.ts';
import { isLanguage, type Language } from '../../domain/languages.ts';
import type { ScorableProject } from '../scorer/local-scorer.ts';

export function projectLanguage(row: Pick<ProjectContent, 'creationLanguage'>): Language | null {
  return isLanguage(row.creationLanguage) ? row.creationLanguage : null;
}

export function toScorableProject(row: ProjectContent): ScorableProject {
  return {
    id: row.id,
    language: projectLanguage(row),
    title: row.title,
    // `content` repeats the title, place and CPV labels, which the scorer weighs on their own.
    description: row.description || row.content,
    cpvCodes: row.cpvCodes ?? [],
    canton: row.canton,
    location: row.location,
    organization: row.organization,
  };
}

export function toProjectText(row: ProjectContent): ProjectText {
  return {
    id: row.id,
    language: projectLanguage(row),
    title: row.title,
    // The LLM reads everything the notice says, conditions and CPV labels included.
    description: row.content || row.description,
    cpvCodes: row.cpvCodes ?? [],
    canton: row.canton,
    location: row.location,
    organization: row.organization,
    deadline: row.deadline,
  };
}
