import type { ChildProcess } from 'node:child_process';
import { startCli } from './run-cli.ts';

/** A `tenders` child process whose output is kept, for tests where several processes share one database. */
export interface CliProcess {
  name: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export function spawnCli(name: string, args: string[], env: Record<string, string | undefined>): CliProcess {
  const child = startCli(args, env);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return {
    name,
    child,
    stdout: () => out,
    stderr: () => err,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** The port a `tenders serve` child logged it listens on (pino JSON or pretty lines). */
export function listeningPort(process: CliProcess): number | undefined {
  const match = /listening on http:\/\/localhost:(\d+)/.exec(process.stdout() + process.stderr());
  return match ? Number(match[1]) : undefined;
}

/** How many rounds a `tenders run` child (text mode) has finished. */
export function roundsDone(process: CliProcess): number {
  return process
    .stdout()
    .split('\n')
    .filter((line) => /^round \d+: /.test(line)).length;
}
