import type { Project } from '../api/types.ts';
import { daysSince } from './age-groups.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../domain/languages.ts';
import { simapProjectUrl } from '../../../domain/simap-url.ts';
import { normaliseLanguage } from './languages.ts';

type Suffix = 'Fr' | 'De' | 'It' | 'En';
/** Any part of a project, each field possibly null: e-mails and matches carry only a few of them. */
type ProjectPart = { [K in keyof Project]?: Project[K] | null };
/** A simap link's language segment: the notice is shown in the reader's language. */
const SIMAP_LANGUAGE_PATH = new RegExp(`^(https://(?:www\\.)?simap\\.ch/)(${LANGUAGES.join('|')})/`);

const SUFFIX: Record<string, Suffix> = { fr: 'Fr', de: 'De', it: 'It', en: 'En' };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Accepts title_fr / summary_fr as well as titleFr / summaryFr (docs/product.md §3) and computes the age. */
export function normaliseProject(raw: Project & Record<string, unknown>, now: Date = new Date()): Project {
  const project: Project & Record<string, unknown> = { ...raw };
  for (const suffix of Object.values(SUFFIX)) {
    const lower = suffix.toLowerCase();
    for (const field of ['title', 'summary'] as const) {
      const camel = `${field}${suffix}`;
      const snake = `${field}_${lower}`;
      if (project[camel] === undefined && project[snake] !== undefined) project[camel] = project[snake];
    }
  }
  if (project.publishedAt === undefined && typeof project.published_at === 'string') project.publishedAt = project.published_at;
  if (project.matchScore === undefined && typeof project.match_score === 'number') project.matchScore = project.match_score;
  project.daysSincePublished = project.publishedAt ? daysSince(project.publishedAt, now) : null;
  return project;
}

/** Title in the user's language, falling back to the title, then to `missing`. */
export function localisedTitle(project: ProjectPart | null | undefined, language: string, missing = ''): string {
  if (!project) return missing;
  const suffix = SUFFIX[normaliseLanguage(language) ?? 'fr'] ?? 'Fr';
  return text(project[`title${suffix}`]) ?? text(project.title) ?? missing;
}

/** Summary in the user's language, falling back to the description. */
export function localisedSummary(project: ProjectPart | null | undefined, language: string): string {
  if (!project) return '';
  const suffix = SUFFIX[normaliseLanguage(language) ?? 'fr'] ?? 'Fr';
  return text(project[`summary${suffix}`]) ?? text(project.description) ?? '';
}

/** The official notice: `url` from the metadata JSON string, else simap's page of the project. */
export function officialUrl(project: ProjectPart, language: string): string | null {
  let metadata: unknown;
  try {
    metadata = project.metadata ? JSON.parse(project.metadata) : null;
  } catch {
    metadata = null;
  }
  const inLanguage = (url: string) => url.replace(SIMAP_LANGUAGE_PATH, `$1${normaliseLanguage(language) ?? DEFAULT_LANGUAGE}/`);
  if (metadata && typeof metadata === 'object' && 'url' in metadata) {
    const url = text((metadata as { url: unknown }).url);
    if (url) return inLanguage(url);
  }
  if (project.projectId && text(project.projectId)) return simapProjectUrl(project.projectId, normaliseLanguage(language) ?? DEFAULT_LANGUAGE);
  return null;
}
