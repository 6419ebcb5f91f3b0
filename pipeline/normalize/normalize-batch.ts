import type { Knex } from 'knex';
import { ensureProjectKeys, findProjectRecords, insertProjectPublications, reserveContentSeqs, upsertProjects } from '../../db/projects.ts';
import { quarantineRecords, releaseFromQuarantine, type QuarantineEntry } from '../../db/quarantine.ts';
import type { RawPublicationRow } from '../../db/raw-publications.ts';
import { enqueueSummaries } from '../../db/summaries.ts';
import { applyPublication } from './apply-publication.ts';
import { mapPublication, PublicationValidationError } from './map-publication.ts';
import type { NormalizedPublication } from './normalized-publication.ts';
import type { ProjectRecord } from '../../db/project-record.ts';
import { recordsEqual, scoredContentChanged } from './project-record.ts';

export interface NormalizeCounts {
  publications: number;
  created: number;
  updated: number;
  unchanged: number;
  quarantined: number;
}

export function emptyNormalizeCounts(): NormalizeCounts {
  return { publications: 0, created: 0, updated: 0, unchanged: 0, quarantined: 0 };
}

function mapAll(rows: RawPublicationRow[]): { publications: NormalizedPublication[]; rejected: QuarantineEntry[] } {
  const publications: NormalizedPublication[] = [];
  const rejected: QuarantineEntry[] = [];
  for (const row of rows) {
    try {
      publications.push(mapPublication(row));
    } catch (error) {
      if (!(error instanceof PublicationValidationError)) throw error;
      rejected.push({
        publicationId: row.publicationId,
        source: row.source,
        reason: error.issues.join('; '),
        raw: { searchEntry: row.searchEntry, details: row.details },
      });
    }
  }
  return { publications, rejected };
}

/**
 * Applies raw rows (in `seq` order) to `projects` inside the caller's transaction with a fixed number of
 * statements per batch: keys, current rows, content sequence numbers, upsert, history, quarantine, summary queue.
 */
export async function normalizeBatch(trx: Knex, rows: RawPublicationRow[]): Promise<NormalizeCounts> {
  const counts = emptyNormalizeCounts();
  const { publications, rejected } = mapAll(rows);
  const keys = await ensureProjectKeys(
    trx,
    publications.map((p) => p.projectId),
  );
  const before = await findProjectRecords(trx, [...keys.values()]);
  const current = new Map<number, ProjectRecord>([...before].map(([id, record]) => [id, stripSeq(record)]));

  for (const publication of publications) {
    const id = keys.get(publication.projectId)!;
    const previous = current.get(id) ?? null;
    const next = applyPublication(previous, publication, id);
    current.set(id, next);
    counts.publications += 1;
    if (!previous) counts.created += 1;
    else if (recordsEqual(previous, next)) counts.unchanged += 1;
    else counts.updated += 1;
  }

  const original = (id: number) => {
    const record = before.get(id);
    return record ? stripSeq(record) : null;
  };
  const changed = [...current.values()].filter((record) => {
    const was = original(record.id);
    return !was || !recordsEqual(was, record);
  });
  const needNewSeq = changed.filter((record) => scoredContentChanged(original(record.id), record));
  const seqs = await reserveContentSeqs(trx, needNewSeq.length);
  const newSeq = new Map(needNewSeq.map((record, index) => [record.id, seqs[index]!]));
  await upsertProjects(
    trx,
    changed.map((record) => ({ ...record, contentSeq: newSeq.get(record.id) ?? before.get(record.id)!.contentSeq })),
  );
  await insertProjectPublications(
    trx,
    publications.map((p) => ({
      projectId: keys.get(p.projectId)!,
      publicationId: p.publicationId,
      pubType: p.pubType,
      publicationDate: p.publicationDate,
      corrected: p.corrected,
      lotNumber: p.lotNumber === null ? null : String(p.lotNumber),
    })),
  );
  await quarantineRecords(trx, 'normalize', rejected);
  await releaseFromQuarantine(
    trx,
    'normalize',
    publications.map((p) => p.publicationId),
  );
  await enqueueSummaries(trx, [...newSeq.keys()]);
  counts.quarantined = rejected.length;
  return counts;
}

function stripSeq(record: ProjectRecord & { contentSeq?: number }): ProjectRecord {
  const { contentSeq: _contentSeq, ...rest } = record;
  return rest;
}
