import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPrompt } from '../db/alerts.ts';
import type { Language } from '../domain/languages.ts';

let sequence = 0;
const next = () => ++sequence;

export interface BuiltUser {
  id: number;
  username: string;
  email: string;
}

export async function buildUser(
  db: Knex,
  overrides: Partial<{ username: string; email: string; role: 'user' | 'admin'; language: string }> = {},
): Promise<BuiltUser> {
  const n = next();
  const [row] = await db('users')
    .insert({
      username: overrides.username ?? `user${n}-${randomUUID().slice(0, 8)}`,
      email: overrides.email ?? `user${n}-${randomUUID().slice(0, 8)}@example.test`,
      passwordHash: 'not-a-real-hash',
      role: overrides.role ?? 'user',
      language: overrides.language ?? 'fr',
    })
    .returning(['id', 'username', 'email']);
  return row as BuiltUser;
}

export interface BuiltAlert {
  id: number;
  userId: number;
  prompt: string;
  language: string;
}

export async function buildAlert(
  db: Knex,
  overrides: Partial<{ userId: number; prompt: string; language: Language; isActive: boolean; frequency: string }> = {},
): Promise<BuiltAlert> {
  const userId = overrides.userId ?? (await buildUser(db)).id;
  const prompt = overrides.prompt ?? 'accordage de pianos';
  const [row] = await db('alerts')
    .insert({
      userId,
      prompt,
      language: overrides.language ?? 'fr',
      isActive: overrides.isActive ?? true,
      frequency: overrides.frequency ?? 'daily',
      promptHash: hashPrompt(prompt),
    })
    .returning(['id', 'userId', 'prompt', 'language']);
  return row as BuiltAlert;
}

/** Edits an alert's prompt the way the API does: the prompt hash follows it. */
export async function editAlertPrompt(db: Knex, alertId: number, prompt: string): Promise<void> {
  await db('alerts')
    .where({ id: alertId })
    .update({ prompt, promptHash: hashPrompt(prompt), updatedAt: db.fn.now() });
}

export interface ProjectFields {
  title: string;
  description: string;
  content: string;
  creationLanguage: Language | null;
  cpvCodes: string[];
  canton: string | null;
  location: string | null;
  organization: string | null;
  deadline: Date | null;
  status: string;
}

export interface BuiltProject extends ProjectFields {
  id: number;
  projectId: string;
  contentSeq: number;
}

/** A projects row with its project_keys id, as normalization would write it. */
export async function buildProject(db: Knex, overrides: Partial<ProjectFields> = {}): Promise<BuiltProject> {
  const [built] = await buildProjects(db, [overrides]);
  return built!;
}

export async function buildProjects(db: Knex, list: Array<Partial<ProjectFields>>): Promise<BuiltProject[]> {
  if (list.length === 0) return [];
  const simapIds = list.map(() => randomUUID());
  const keys: Array<{ id: number; projectId: string }> = await db('projectKeys')
    .insert(simapIds.map((projectId) => ({ source: 'simap', projectId })))
    .returning(['id', 'projectId']);
  const idOf = new Map(keys.map((k) => [k.projectId, k.id]));
  const rows = list.map((overrides, i) => {
    const n = next();
    return {
      id: idOf.get(simapIds[i]!)!,
      source: 'simap',
      projectId: simapIds[i]!,
      title: overrides.title ?? `Projet ${n}`,
      description: overrides.description ?? '',
      content: overrides.content ?? '',
      creationLanguage: overrides.creationLanguage === undefined ? 'fr' : overrides.creationLanguage,
      cpvCodes: overrides.cpvCodes ?? [],
      canton: overrides.canton ?? null,
      location: overrides.location ?? null,
      organization: overrides.organization ?? null,
      deadline: overrides.deadline ?? null,
      status: overrides.status ?? 'open',
    };
  });
  const inserted: BuiltProject[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const returned: Array<{ id: number; contentSeq: number }> = await db('projects').insert(chunk).returning(['id', 'contentSeq']);
    const seqOf = new Map(returned.map((r) => [r.id, Number(r.contentSeq)]));
    for (const row of chunk)
      inserted.push({ ...row, creationLanguage: row.creationLanguage as ProjectFields['creationLanguage'], contentSeq: seqOf.get(row.id)! });
  }
  return inserted;
}

/** Changes a project's scored text and bumps its content_seq, as normalization does for a new publication. */
export async function touchProject(db: Knex, projectId: number, changes: Partial<ProjectFields> = {}): Promise<number> {
  const [row] = await db('projects')
    .where({ id: projectId })
    .update({ ...changes, contentSeq: db.raw("nextval('project_content_seq')"), updatedAt: db.fn.now() })
    .returning(['contentSeq']);
  return Number((row as { contentSeq: number }).contentSeq);
}
