import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Knex } from 'knex';
import { derivedDataCacheDir, derivedDataKey } from '../scorer/derived-data-cache.ts';
import type { LocalScorer, PreparedProject } from '../scorer/local-scorer.ts';
import type { TermTable } from '../scorer/term-table.ts';
import { toScorableProject } from './project-text.ts';

/**
 * The prepared projects of the project index, kept on disk (DATA_DIR/cache) so that a new process loads
 * them instead of preparing every project again (issue 16): it then applies only what changed since.
 *
 * File: blobs of [u32 length][v8 bytes]; the first holds the key and the term table's keys, each next one
 * a slice of [content_seq, prepared project] entries. Term ids are re-interned into the reading scorer's
 * table. The key covers the scorer's code and data (derivedDataKey), the row → notice mapping, and how this
 * scorer prepares a probe notice, so a scorer built on other data or parameters never reads another's projects.
 */
export interface CachedProject {
  seq: number;
  project: PreparedProject;
}

const FORMAT = 1;
const SLICE = 2000;
/** Files of other databases kept beside this one's; older ones are removed. */
const KEEP_FILES = 4;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const PROBE = {
  id: 'probe',
  language: 'de' as const,
  title: 'Feuerwehrdepot, Zimmerarbeiten und Dachbegrünung',
  description: 'Travaux de charpente et toiture végétalisée, Kanton Uri.',
  cpvCodes: ['45422000', '45261000'],
  canton: 'UR',
};

/** What prepared projects depend on: the scorer's sources and data, and its analysis of a probe notice. */
function scorerKey(scorer: LocalScorer, terms: TermTable): string {
  const probe = scorer.prepareProject(PROBE);
  const { termIds, termFrequencies, ...rest } = probe;
  const keys = terms.keys();
  // By term, not by id: ids depend on the order in which this process met the terms (an alert prepared before
  // the load gives the probe's terms other ids than the process that saved).
  const byTerm = Array.from(termIds, (id, index) => [keys[id]!, termFrequencies[index]!] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // The mapping of a row to the scorer's input is code too (its source text, as this process runs it). JSON, not
  // v8.serialize: the latter writes the same number as an integer or a double depending on how V8 holds it.
  return derivedDataKey([FORMAT.toString(), toScorableProject.toString(), JSON.stringify({ ...rest, terms: byTerm })]);
}

/**
 * Which database the projects come from: its name and server, and the first project's id and creation
 * time (to the microsecond), which tell apart databases that reuse a name (test databases, a re-created one).
 */
async function databaseIdentity(db: Knex): Promise<string | null> {
  const result = await db.raw(
    `select current_database() as name,
            coalesce(host(inet_server_addr()), '') || ':' || coalesce(inet_server_port()::text, '') as server,
            (select id || '@' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') from projects order by id limit 1) as first`,
  );
  const row = (result as { rows: Array<{ name: string; server: string; first: string | null }> }).rows[0];
  if (!row?.first) return null;
  return `${row.name}/${row.server}/${row.first}`;
}

export interface ProjectIndexCache {
  load(): Promise<CachedProject[] | null>;
  save(entries: Iterable<CachedProject>): Promise<void>;
}

/** The cache of this database's project index for this scorer, or null when caching is off or impossible. */
export async function openProjectIndexCache(db: Knex, scorer: LocalScorer): Promise<ProjectIndexCache | null> {
  const dir = derivedDataCacheDir();
  const terms = scorer.terms;
  if (!dir || !terms) return null;
  const identity = await databaseIdentity(db);
  if (!identity) return null;
  const file = path.join(dir, `project-index-${createHash('sha256').update(identity).digest('hex').slice(0, 24)}.bin`);
  // Computed after the saved term keys are interned, so that in a fresh process they keep their ids.
  let key: string | undefined;
  const keyOf = () => (key ??= scorerKey(scorer, terms));
  return {
    load: () => loadEntries(file, keyOf, terms),
    save: (entries) => saveEntries(file, keyOf(), terms, entries),
  };
}

async function loadEntries(file: string, keyOf: () => string, terms: TermTable): Promise<CachedProject[] | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  try {
    const blobs = splitBlobs(bytes);
    const header = deserialize(blobs[0]!) as { format: number; key: string; termKeys: string[]; count: number };
    if (header.format !== FORMAT) return null;
    // Saved id → this process's id; the identity when the table is fresh (nothing interned before the load).
    const remap = Int32Array.from(header.termKeys, (termKey) => terms.intern(termKey));
    if (header.key !== keyOf()) return null;
    const identity = remap.every((id, saved) => id === saved);
    const entries: CachedProject[] = [];
    for (const blob of blobs.slice(1)) {
      for (const [seq, project] of deserialize(blob) as Array<[number, PreparedProject]>) {
        entries.push({ seq, project: identity ? project : remapTerms(project, remap) });
      }
      await yieldToEventLoop();
    }
    return entries.length === header.count ? entries : null;
  } catch {
    // Truncated or damaged: the index is built from the database instead, and the file rewritten.
    return null;
  }
}

function splitBlobs(bytes: Buffer): Buffer[] {
  const blobs: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) throw new Error('truncated');
    const length = bytes.readUInt32LE(at);
    if (at + 4 + length > bytes.length) throw new Error('truncated');
    blobs.push(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  if (blobs.length === 0) throw new Error('empty');
  return blobs;
}

/** Term ids in this process's table, sorted again (lookups binary-search them). */
function remapTerms(project: PreparedProject, remap: Int32Array): PreparedProject {
  const order = Array.from(project.termIds, (id, at) => [remap[id]!, project.termFrequencies[at]!] as const).sort((a, b) => a[0] - b[0]);
  return {
    ...project,
    termIds: Int32Array.from(order, ([id]) => id),
    termFrequencies: Float32Array.from(order, ([, frequency]) => frequency),
  };
}

async function saveEntries(file: string, key: string, terms: TermTable, entries: Iterable<CachedProject>): Promise<void> {
  const dir = path.dirname(file);
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const slices: Buffer[] = [];
    let slice: Array<[number, PreparedProject]> = [];
    let count = 0;
    for (const { seq, project } of entries) {
      slice.push([seq, project]);
      count += 1;
      if (slice.length === SLICE) {
        slices.push(blob(serialize(slice)));
        slice = [];
        await yieldToEventLoop();
      }
    }
    if (slice.length > 0) slices.push(blob(serialize(slice)));
    // The term keys last: entries prepared while saving may have interned new ones.
    const header = blob(serialize({ format: FORMAT, key, termKeys: [...terms.keys()], count }));
    await mkdir(dir, { recursive: true });
    await writeFile(temporary, Buffer.concat([header, ...slices]));
    await rename(temporary, file);
  } catch {
    // A cache that cannot be written only costs the next process the full build.
    await rm(temporary, { force: true }).catch(() => undefined);
    return;
  }
  await removeOldFiles(dir, file);
}

function blob(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** The caches of databases not used lately (scratch and test databases) go, but a few. */
async function removeOldFiles(dir: string, current: string): Promise<void> {
  try {
    const files = (await readdir(dir)).filter((name) => name.startsWith('project-index-')).map((name) => path.join(dir, name));
    const dated = await Promise.all(files.map(async (name) => ({ name, time: (await stat(name)).mtimeMs })));
    const old = dated
      .filter((entry) => entry.name !== current)
      .sort((a, b) => b.time - a.time)
      .slice(KEEP_FILES - 1);
    await Promise.all(old.map((entry) => rm(entry.name, { force: true })));
  } catch {
    // Another process tidied up first.
  }
}
