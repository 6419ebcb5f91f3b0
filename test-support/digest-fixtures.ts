import type { Knex } from 'knex';
import { buildProject, buildUser, type BuiltAlert, type BuiltProject, type BuiltUser, type ProjectFields } from './factories.ts';

export async function buildVerifiedUser(db: Knex, overrides: Parameters<typeof buildUser>[1] = {}): Promise<BuiltUser> {
  const user = await buildUser(db, overrides);
  await db('users')
    .where({ id: user.id })
    .update({ emailVerifiedAt: new Date('2026-01-01T00:00:00Z') });
  return user;
}

export interface OpportunityFields extends ProjectFields {
  pubType: string;
  titleFr: string | null;
  titleDe: string | null;
  titleIt: string | null;
  titleEn: string | null;
}

/** A project as normalize writes an open tender (pub_type `tender`), unless told otherwise. */
export async function buildOpportunity(db: Knex, overrides: Partial<OpportunityFields> = {}): Promise<BuiltProject> {
  const { pubType = 'tender', titleFr = null, titleDe = null, titleIt = null, titleEn = null, ...fields } = overrides;
  const project = await buildProject(db, fields);
  await db('projects').where({ id: project.id }).update({ pubType, titleFr, titleDe, titleIt, titleEn });
  return project;
}

export async function buildMatch(db: Knex, alert: BuiltAlert, project: BuiltProject, score: number, explanation = `matched at ${score}`): Promise<void> {
  await db('alertMatches').insert({ alertId: alert.id, projectId: project.id, score, explanation, scorer: 'test', contentSeq: project.contentSeq });
}
