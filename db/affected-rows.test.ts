import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connection.ts';
import { affectedRows } from './affected-rows.ts';
import { copyOfNewPglite } from '../test-support/pglite-template.ts';

describe('affectedRows', () => {
  it('reads a count from pg (a number) and from PGlite (a result object)', () => {
    expect(affectedRows(3)).toBe(3);
    expect(affectedRows({ rows: [], command: 'DELETE', affectedRows: 2, rowCount: 2 })).toBe(2);
    expect(affectedRows({ rowCount: 1 })).toBe(1);
    expect(affectedRows(undefined)).toBe(0);
  });
});

describe('a DELETE on embedded PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = openDatabase({ kind: 'pglite', directory: await copyOfNewPglite() });
    await db.knex.raw('create table items (id int)');
    await db.knex.raw('insert into items values (1), (2), (3)');
  }, 240_000);
  afterAll(async () => db?.close());

  it('counts the rows it removed', async () => {
    expect(affectedRows(await db.knex('items').where('id', '<', 3).delete())).toBe(2);
    expect(affectedRows(await db.knex('items').where('id', 99).delete())).toBe(0);
  });
});
