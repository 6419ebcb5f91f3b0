import type { Knex } from 'knex';
import type { UserRow } from './users.ts';

export async function findUsers(db: Knex): Promise<UserRow[]> {
  return db<UserRow>('users').select('*').orderBy('id');
}

/** Alerts, matches, sessions, tokens, sent e-mails and the subscription row go with the user (ON DELETE CASCADE). */
export async function deleteUser(db: Knex, id: number): Promise<boolean> {
  return (await db('users').where({ id }).delete()) > 0;
}
