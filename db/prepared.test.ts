import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { preparedRaw, statementName } from './prepared.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.knex.raw('create table prepared_items (id int, label text)');
  await testDb.db.knex.raw(`insert into prepared_items values (1, 'one'), (2, 'two')`);
}, 240_000);
afterAll(async () => testDb?.drop());

describe('preparedRaw', () => {
  const SQL = 'select * from prepared_items where id = ?';

  it('names a statement by its text', () => {
    expect(statementName(SQL)).toBe(statementName(`${SQL}`));
    expect(statementName(SQL)).not.toBe(statementName(`${SQL} `));
  });

  it('answers as db.raw does, with other values each time', async () => {
    const knex = testDb.db.knex;
    for (const id of [1, 2, 1, 2, 1, 2, 1]) {
      const { rows } = await preparedRaw<{ rows: unknown[] }>(knex, SQL, [id]);
      expect(rows).toEqual((await knex.raw(SQL, [id])).rows);
    }
  });

  it('keeps answering after a migration changed the columns of a kept `select *`', async () => {
    const knex = testDb.db.knex;
    for (let i = 0; i < 3; i++) await preparedRaw(knex, SQL, [1]);
    await knex.raw('alter table prepared_items add column created_on date');
    const { rows } = await preparedRaw<{ rows: unknown[] }>(knex, SQL, [1]);
    expect(rows).toEqual([{ id: 1, label: 'one', createdOn: null }]);
  });
});
