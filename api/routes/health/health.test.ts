import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/connection.ts';
import { startTestApi, type TestApi } from '../../../test-support/api-client.ts';
import { healthRoutes } from './health.ts';

describe('GET /api/health', () => {
  it('lets the checks that arrive while one runs share its statement', async () => {
    let statements = 0;
    let finish: () => void = () => undefined;
    const database = {
      kind: 'postgres',
      knex: {
        raw: () => {
          statements += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        },
      } as unknown as Knex,
      close: async () => undefined,
    } satisfies Database;
    let arrived = 0;
    const app = new Koa();
    app.use(async (_ctx, next) => {
      arrived += 1;
      await next();
    });
    app.use(healthRoutes(database).routes());
    const server = app.listen(0);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
      const answers = Promise.all([fetch(url), fetch(url), fetch(url)]);
      await expect.poll(() => arrived, { timeout: 60_000 }).toBe(3);
      expect(statements).toBe(1);
      finish();
      for (const answer of await answers) expect(await answer.json()).toEqual({ ok: true, db: 'postgres' });
      // The next check, after that statement ended, runs one of its own.
      const next = fetch(url);
      await expect.poll(() => statements, { timeout: 60_000 }).toBe(2);
      finish();
      expect((await next).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe('GET /api/health with a session cookie', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('neither checks nor touches the session: its only statement is the database check', async () => {
    const user = await api.signUp();
    const statements: string[] = [];
    const onQuery = (query: { sql: string }) => statements.push(query.sql);
    api.db.knex.on('query', onQuery);
    try {
      expect((await user.client.get('/api/health')).status).toBe(200);
      expect(statements).toEqual(['select 1']);
      statements.length = 0;
      expect((await user.client.get('/api/user')).status).toBe(200);
      expect(statements.some((sql) => sql.includes('sessions'))).toBe(true);
    } finally {
      api.db.knex.off('query', onQuery);
    }
  });
});
