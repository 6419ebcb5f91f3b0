import { createRequire } from 'node:module';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type * as PGliteModule from '@electric-sql/pglite';
import type * as TrigramModule from '@electric-sql/pglite/contrib/pg_trgm';
import type ClientPgLiteType from 'knex-pglite';
import pg from 'pg';
import { camelizeResponse, wrapSnakeIdentifier } from './case-mapping.ts';
import { acquireEmbeddedLock } from './embedded-lock.ts';

// Postgres returns bigint (count(*), bigserial) as text; our counts and sequences fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  knex: Knex;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      searchPath?: string;
      /** Where knex's own warnings go (default: console.log, i.e. stdout, with stacks). */
      onWarning?: (message: string) => void;
    }
  | { kind: 'pglite'; directory: string | null };

export function databaseTarget(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', directory: path.join(config.dataDir, 'pglite') };
}

const require = createRequire(import.meta.url);

/** Loaded on first use only: the WASM Postgres costs tens of megabytes that a Postgres deployment never needs. */
function loadEmbeddedPostgres() {
  return {
    PGlite: (require('@electric-sql/pglite') as typeof PGliteModule).PGlite,
    pg_trgm: (require('@electric-sql/pglite/contrib/pg_trgm') as typeof TrigramModule).pg_trgm,
    ClientPgLite: require('knex-pglite') as typeof ClientPgLiteType,
  };
}

const CASE_MAPPING = { postProcessResponse: camelizeResponse, wrapIdentifier: wrapSnakeIdentifier };

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === 'postgres') {
    const knex = knexFactory({
      ...CASE_MAPPING,
      client: 'pg',
      connection: target.url,
      pool: { min: 0, max: target.poolMax ?? 10 },
      searchPath: target.searchPath ? [target.searchPath, 'public'] : undefined,
      log: target.onWarning ? { warn: target.onWarning } : undefined,
    });
    return { knex, kind: 'postgres', close: () => knex.destroy() };
  }
  const release = target.directory ? acquireEmbeddedLock(target.directory) : () => {};
  try {
    const { PGlite, pg_trgm, ClientPgLite } = loadEmbeddedPostgres();
    const pglite = new PGlite(target.directory ?? undefined, { extensions: { pg_trgm } });
    // The first connection waits for Postgres-in-WebAssembly to start, which on a loaded machine takes minutes, not a pool timeout:
    // neither acquiring it nor creating it (tarn gives up creating after 30 s by default; knex-pglite refuses a pool option).
    class SlowStartingPgLite extends ClientPgLite {
      override poolDefaults() {
        return { ...super.poolDefaults(), createTimeoutMillis: 600_000 };
      }
    }
    const knex = knexFactory({
      ...CASE_MAPPING,
      client: SlowStartingPgLite,
      dialect: 'postgres',
      connection: () => ({ pglite }),
      acquireConnectionTimeout: 600_000,
    } as Knex.Config);
    return {
      knex,
      kind: 'pglite',
      close: async () => {
        try {
          await knex.destroy();
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
