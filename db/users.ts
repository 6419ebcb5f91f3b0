import type { Knex } from 'knex';

export type Role = 'user' | 'admin';
export type UserLanguage = 'fr' | 'de' | 'it' | 'en';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  role: Role;
  language: UserLanguage;
  createdAt: Date;
  updatedAt: Date;
}

export async function findUserByUsername(db: Knex, username: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').whereRaw('lower(username) = lower(?)', [username]).first();
}

export async function setUserRole(db: Knex, id: number, role: Role): Promise<void> {
  await db('users').where({ id }).update({ role, updatedAt: db.fn.now() });
}
