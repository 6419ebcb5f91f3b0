import type { ProjectDetailRow, ProjectListRow } from '../../db/project-listing.ts';
import type { Language } from '../../domain/languages.ts';
import { simapProjectUrl } from '../../domain/simap-url.ts';

export function presentProject(project: ProjectListRow, language: Language) {
  const metadata = project.metadata ?? {};
  const url = project.url ?? (typeof metadata.url === 'string' ? metadata.url : simapProjectUrl(project.projectId, language));
  return {
    id: project.id,
    projectId: project.projectId,
    title: project.title,
    titleFr: project.titleFr,
    titleDe: project.titleDe,
    titleIt: project.titleIt,
    titleEn: project.titleEn,
    summaryFr: project.summaryFr,
    summaryDe: project.summaryDe,
    summaryIt: project.summaryIt,
    summaryEn: project.summaryEn,
    organization: project.organization,
    location: project.location,
    category: project.category,
    description: project.description,
    publishedAt: project.publishedAt,
    deadline: project.deadline,
    budget: project.budget,
    metadata: JSON.stringify({ ...metadata, url }),
    matchScore: project.matchScore,
    matchCount: project.matchCount,
  };
}

export function presentProjectDetail(project: ProjectDetailRow, language: Language) {
  return { ...presentProject(project, language), content: project.content };
}
