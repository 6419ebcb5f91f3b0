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

/** The port a `tenders serve` child says it listens on; rejects when it exits first or says nothing for 8 min. */
export function waitForListening(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 480_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** SIGTERM to a child process, then its exit code. */
export function stopChild(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
