import { spawn, type ChildProcess } from 'node:child_process';
import type * as FileSystem from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { forgetConfig } from '../config.ts';
import { derivedDataCacheDir, setDerivedDataCacheDir } from '../pipeline/scorer/derived-data-cache.ts';
import { seedScorerCache } from './scorer-cache.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TENDERS_BIN = path.join(ROOT, 'bin', 'tenders.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment a CLI run gets: only what the test names, plus PATH/HOME, never the developer's .env values.
 * A DATA_DIR it names gets the scorer's shared tables in its cache (test-support/scorer-cache.ts).
 */
export function cliEnvironment(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  if (env.DATA_DIR) seedScorerCache(env.DATA_DIR);
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env };
}

export function startCli(args: string[], env: Record<string, string | undefined> = {}, cwd = ROOT): ChildProcess {
  return spawn(process.execPath, [TENDERS_BIN, ...args], { cwd, env: cliEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `tenders …` in a process of its own: for what the process boundary is (signals, locks between processes, start-up). */
export function runCliProcess(args: string[], env: Record<string, string | undefined> = {}, options: { cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = startCli(args, env, options.cwd);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

const fs = createRequire(import.meta.url)('node:fs') as typeof FileSystem;
let queue: Promise<unknown> = Promise.resolve();

/**
 * `tenders …` in this process, through the program builder: the environment, working directory,
 * stdout/stderr (also what the logger writes to fds 1 and 2) and process.exit are the run's own and
 * restored afterwards. Neither stdin nor stdout is a terminal. Runs started together take turns.
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}, options: { cwd?: string } = {}): Promise<CliResult> {
  const run = queue.then(() => runCliNow(args, env, options));
  queue = run.catch(() => undefined);
  return run;
}

async function runCliNow(args: string[], env: Record<string, string | undefined>, options: { cwd?: string }): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const text = (chunk: unknown) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
  const saved = {
    env: process.env,
    cwd: process.cwd(),
    exit: process.exit,
    stdoutWrite: process.stdout.write,
    stderrWrite: process.stderr.write,
    writeSync: fs.writeSync,
    stdoutTty: process.stdout.isTTY,
    stdinTty: process.stdin.isTTY,
    console: { log: console.log, info: console.info, warn: console.warn, error: console.error },
    // A command points the scorer's cache at its DATA_DIR/cache; the next test file must not write there.
    derivedDataCacheDir: derivedDataCacheDir(),
  };
  const capture = (sink: string[]) =>
    ((chunk: unknown, ...rest: unknown[]) => {
      sink.push(text(chunk));
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof process.stdout.write;
  process.env = cliEnvironment(env);
  forgetConfig();
  if (options.cwd) process.chdir(options.cwd);
  process.exit = ((code?: number) => {
    throw new ExitCalled(code ?? 0);
  }) as typeof process.exit;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  fs.writeSync = ((fd: number, buffer: unknown, ...rest: unknown[]) => {
    if (fd === 1 || fd === 2) {
      const chunk = text(buffer);
      (fd === 1 ? out : err).push(chunk);
      return Buffer.byteLength(chunk);
    }
    return (saved.writeSync as (...args: unknown[]) => number)(fd, buffer, ...rest);
  }) as typeof fs.writeSync;
  process.stdout.isTTY = false;
  process.stdin.isTTY = false;
  // The test runner routes console output to its reporter: the run's console writes to the run's streams.
  console.log = console.info = (...args: unknown[]) => void out.push(`${format(...args)}\n`);
  console.warn = console.error = (...args: unknown[]) => void err.push(`${format(...args)}\n`);
  let code = 0;
  try {
    const { main } = await import('../cli/main.ts');
    await main(['node', 'tenders', ...args]);
  } catch (error) {
    if (!(error instanceof ExitCalled)) throw error;
    code = error.code;
  } finally {
    process.env = saved.env;
    forgetConfig();
    process.chdir(saved.cwd);
    process.exit = saved.exit;
    process.stdout.write = saved.stdoutWrite;
    process.stderr.write = saved.stderrWrite;
    fs.writeSync = saved.writeSync;
    process.stdout.isTTY = saved.stdoutTty;
    process.stdin.isTTY = saved.stdinTty;
    Object.assign(console, saved.console);
    setDerivedDataCacheDir(saved.derivedDataCacheDir);
  }
  return { code, signal: null, stdout: out.join(''), stderr: err.join('') };
}
