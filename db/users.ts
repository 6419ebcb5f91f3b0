import type { Knex } from 'knex';
import { affectedRows } from './affected-rows.ts';
import type { Language } from '../domain/languages.ts';

export type Role = 'user' | 'admin';
export interface UserRow {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  role: Role;
  language: Language;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  language: Language;
}

export async function findUserByUsername(db: Knex, username: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').whereRaw('lower(username) = lower(?)', [username]).first();
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first();
}

export async function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export async function createUser(db: Knex, user: NewUser): Promise<UserRow> {
  const [row] = await db<UserRow>('users').insert(user).returning('*');
  return row as UserRow;
}

export async function setUserRole(db: Knex, id: number, role: Role): Promise<void> {
  await db('users').where({ id }).update({ role, updatedAt: db.fn.now() });
}

export async function setUserLanguage(db: Knex, id: number, language: Language): Promise<UserRow> {
  const [row] = await db<UserRow>('users').where({ id }).update({ language, updatedAt: db.fn.now() }).returning('*');
  return row as UserRow;
}

export async function markEmailVerified(db: Knex, id: number): Promise<void> {
  await db('users').where({ id }).whereNull('emailVerifiedAt').update({ emailVerifiedAt: db.fn.now(), updatedAt: db.fn.now() });
}

export async function setPasswordHash(db: Knex, id: number, passwordHash: string): Promise<void> {
  await db('users').where({ id }).update({ passwordHash, updatedAt: db.fn.now() });
}

/** Locks the user's row for the rest of the transaction, serialising per-user limits such as the active-alert count. */
export async function lockUser(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('users').where({ id }).forUpdate().first('id');
}

export async function findUsers(db: Knex): Promise<UserRow[]> {
  return db<UserRow>('users').select('*').orderBy('id');
}

/** Alerts, matches, sessions, tokens, sent e-mails and the subscription row go with the user (ON DELETE CASCADE). */
export async function deleteUser(db: Knex, id: number): Promise<boolean> {
  return affectedRows(await db('users').where({ id }).delete()) > 0;
}
