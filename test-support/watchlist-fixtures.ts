import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/** A new publication of a known project, as normalize records it: a correction, an award or a cancellation. */
export async function addPublication(
  db: Knex,
  project: { id: number; projectId: string },
  fields: { pubType: string; corrected?: boolean; date: string },
): Promise<string> {
  const publicationId = randomUUID();
  await db('rawPublications').insert({ publicationId, projectId: project.projectId, pubType: fields.pubType, publicationDate: fields.date, searchEntry: '{}' });
  await db('projectPublications').insert({
    projectId: project.id,
    publicationId,
    pubType: fields.pubType,
    publicationDate: fields.date,
    corrected: fields.corrected ?? false,
  });
  return publicationId;
}
