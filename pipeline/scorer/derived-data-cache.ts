import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';

/**
 * Values derived from shipped data only (the CPV vocabulary, the translation lexicon) take seconds to
 * compute and are the same in every process: they are kept on disk, keyed by a hash of their inputs and
 * of the code that derives them, so a new process (or a deploy that changes neither) reads them back.
 */
let cacheDir: string | null = path.join(tmpdir(), 'vigie-cache');

/** Where cached values go (`DATA_DIR/cache` for the CLI and the server); null turns the cache off. */
export function setDerivedDataCacheDir(dir: string | null): void {
  cacheDir = dir;
}

export function derivedDataCacheDir(): string | null {
  return cacheDir;
}

const SCORING_SOURCES = path.dirname(fileURLToPath(import.meta.url));
let sourcesHash: string | undefined;

/** The scorer's own code is an input too: a change to stemming or weighting must not read an old table. */
function scoringSourcesHash(): string {
  if (sourcesHash) return sourcesHash;
  const hash = createHash('sha256');
  const files = readdirSync(SCORING_SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(SCORING_SOURCES, file)))
      .update('\0');
  sourcesHash = hash.digest('hex');
  return sourcesHash;
}

/** The scorer's code, as a short hash: what stems, splits and weighs changes with it. */
export function scorerSourcesVersion(): string {
  return scoringSourcesHash().slice(0, 16);
}

/** A key over the given inputs, the scorer's sources and the V8 serialization format. */
export function derivedDataKey(inputs: ReadonlyArray<string | Buffer>): string {
  const hash = createHash('sha256').update(process.versions.v8).update('\0').update(scoringSourcesHash());
  for (const input of inputs) hash.update('\0').update(input);
  return hash.digest('hex').slice(0, 32);
}

function cacheFile(name: string, key: string): string | null {
  return cacheDir ? path.join(cacheDir, `${name}-${key}.v8`) : null;
}

function readCached(file: string): { value: unknown } | null {
  try {
    return { value: deserialize(readFileSync(file)) };
  } catch {
    // Missing, or unreadable (a file from elsewhere): compute it again.
    return null;
  }
}

/** Whether a value for (name, key) is on disk (a damaged one is only found, and rebuilt, when read). */
export function isDerivedDataCached(name: string, key: string): boolean {
  const file = cacheFile(name, key);
  return file !== null && existsSync(file);
}

/**
 * The cached value for (name, key), or `build()` written to the cache. Writers never collide: each writes
 * a temporary file of its own and renames it into place, which is atomic, so a reader sees a whole file
 * or none. A cache directory that cannot be written only costs the rebuild.
 */
export function loadOrBuildDerived<T>(name: string, key: string, build: () => T): T {
  const file = cacheFile(name, key);
  const cached = file ? readCached(file) : null;
  if (cached) return cached.value as T;
  const value = build();
  if (file) writeDerived(file, name, value);
  return value;
}

function writeDerived(file: string, name: string, value: unknown): void {
  const dir = path.dirname(file);
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, serialize(value));
    renameSync(temporary, file);
  } catch {
    removeQuietly(temporary);
    return;
  }
  // Values for older keys (older data or code) are dropped once a day has passed without a write: until then
  // another checkout of other code (a branch, a worktree) sharing this directory may still read its own.
  const stale = Date.now() - STALE_AFTER_MS;
  for (const other of readdirSync(dir)) {
    const otherFile = path.join(dir, other);
    if (other.startsWith(`${name}-`) && other.endsWith('.v8') && otherFile !== file && modifiedAt(otherFile) < stale) removeQuietly(otherFile);
  }
}

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Not ours to remove, or already gone: it costs only disk space.
  }
}
