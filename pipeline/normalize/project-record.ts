import type { ProjectRecord } from '../../db/project-record.ts';

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
