import type { ProjectText } from './llm-port.ts';

const MAX_DESCRIPTION_CHARS = 6000;

/** The project as plain labelled lines; long descriptions are cut so one notice cannot blow the token budget. */
export function describeProject(project: ProjectText): string {
  const description = project.description.length > MAX_DESCRIPTION_CHARS ? `${project.description.slice(0, MAX_DESCRIPTION_CHARS)} […]` : project.description;
  const lines = [
    `Title: ${project.title}`,
    project.organization ? `Contracting authority: ${project.organization}` : null,
    project.location || project.canton ? `Place: ${[project.location, project.canton].filter(Boolean).join(', ')}` : null,
    project.deadline ? `Offer deadline: ${project.deadline.toISOString().slice(0, 10)}` : null,
    project.cpvCodes.length > 0 ? `CPV codes: ${project.cpvCodes.join(', ')}` : null,
    project.language ? `Notice language: ${project.language}` : null,
    `Description:\n${description || '(none)'}`,
  ];
  return lines.filter((line): line is string => line !== null).join('\n');
}
