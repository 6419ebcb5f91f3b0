import type { Language } from '../simap/simap-schemas.ts';
import type { AwardVendor, LotText } from './normalized-publication.ts';
import type { ProjectStatus } from './project-status.ts';

export interface ProjectMetadata {
  url: string;
  projectSubType: string | null;
  lotsType: string | null;
  latestPublicationId: string;
  latestPublicationDate: string;
  latestPublicationNumber: string | null;
  cpvLabels: Record<string, string>;
  lots: Record<string, LotText>;
  notes: string[];
  /** The project-level description, before the lots' sections are appended. */
  projectDescription: string;
}

/** A `projects` row as normalize writes it; timestamps as ISO strings so records compare by value. */
export interface ProjectRecord {
  id: number;
  source: string;
  projectId: string;
  title: string;
  titleFr: string | null;
  titleDe: string | null;
  titleIt: string | null;
  titleEn: string | null;
  description: string;
  content: string;
  organization: string | null;
  location: string | null;
  canton: string | null;
  postalCode: string | null;
  city: string | null;
  category: string | null;
  cpvCodes: string[];
  status: ProjectStatus;
  pubType: string;
  processType: string | null;
  projectNumber: string | null;
  publicationNumber: string | null;
  creationLanguage: Language;
  corrected: boolean;
  awardVendors: AwardVendor[] | null;
  publishedAt: string;
  lastPublicationAt: string;
  deadline: string | null;
  budget: number | null;
  budgetCurrency: string | null;
  url: string;
  metadata: ProjectMetadata;
}

const SCORED_FIELDS = ['title', 'titleFr', 'titleDe', 'titleIt', 'titleEn', 'description', 'cpvCodes', 'canton', 'location', 'organization'] as const;

/** True when the text that scoring reads differs, which is what bumps `content_seq`. */
export function scoredContentChanged(before: ProjectRecord | null, after: ProjectRecord): boolean {
  if (!before) return true;
  return SCORED_FIELDS.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function recordsEqual(a: ProjectRecord, b: ProjectRecord): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
