import { SearchEntry } from '../simap/simap-schemas.ts';
import type { QuarantineEntry } from '../../db/quarantine.ts';

/** One publication to store: the newest of a project, or of each lot of a project with lots. */
export interface PublicationRef {
  projectId: string;
  publicationId: string;
  pubType: string;
  publicationDate: string;
  /** The search entry exactly as simap sent it. */
  entry: unknown;
}

function fallbackId(raw: unknown, index: number): string {
  const candidate = raw as { publicationId?: unknown; id?: unknown } | null;
  if (typeof candidate?.publicationId === 'string') return candidate.publicationId;
  if (typeof candidate?.id === 'string') return `project:${candidate.id}`;
  return `unidentified:${index}:${JSON.stringify(raw).slice(0, 80)}`;
}

export function expandSearchEntries(entries: unknown[]): { refs: PublicationRef[]; invalid: QuarantineEntry[] } {
  const refs: PublicationRef[] = [];
  const invalid: QuarantineEntry[] = [];
  const seen = new Set<string>();
  entries.forEach((raw, index) => {
    const parsed = SearchEntry.safeParse(raw);
    if (!parsed.success) {
      invalid.push({ publicationId: fallbackId(raw, index), reason: `search entry: ${parsed.error.message}`, raw });
      return;
    }
    const entry = parsed.data;
    const publications = entry.lots && entry.lots.length > 0 ? entry.lots : [entry];
    for (const publication of publications) {
      if (seen.has(publication.publicationId)) continue;
      seen.add(publication.publicationId);
      refs.push({
        projectId: entry.id,
        publicationId: publication.publicationId,
        pubType: publication.pubType,
        publicationDate: publication.publicationDate,
        entry: raw,
      });
    }
  });
  return { refs, invalid };
}
