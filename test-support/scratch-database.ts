import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Null when a Postgres server answers at `url`, else the reason it does not. */
export async function postgresProblem(url: string): Promise<string | null> {
  try {
    await adminQuery(url, 'select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** The connection string of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the server of `serverUrl` (tests and benchmarks each get their own): empty, or a copy
 * of `template` (a file copy on the server, much cheaper than running the migrations again).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string; exactName?: boolean; fastCommits?: boolean } = {},
): Promise<ScratchDatabase> {
  const name = options.exactName ? prefix : `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"${options.template ? ` template "${options.template}"` : ''}`);
  // A test's commits need not wait for the disk (a crash loses a test database anyway): ~10 % off the database-bound
  // files' time. Benchmarks keep the server's durable commits.
  if (options.fastCommits) await adminQuery(serverUrl, `alter database "${name}" set synchronous_commit = off`);
  return { name, url: databaseUrl(serverUrl, name), drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`) };
}

export async function dropDatabasesLike(serverUrl: string, pattern: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [pattern]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
