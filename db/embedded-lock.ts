import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class EmbeddedDatabaseInUseError extends Error {
  constructor(readonly pid: number) {
    super('the embedded database is in use by a running server: stop it or set DATABASE_URL');
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite files are opened by one process at a time; a second opener would corrupt them.
 * The lock is a file created exclusively, holding the owner's pid so a crashed owner's lock can be taken over.
 */
export function acquireEmbeddedLock(directory: string): () => void {
  mkdirSync(directory, { recursive: true });
  const file = path.join(path.dirname(directory), `${path.basename(directory)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new EmbeddedDatabaseInUseError(owner);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the embedded database at ${directory}`);
}
