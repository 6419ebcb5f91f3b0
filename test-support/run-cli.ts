import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TENDERS_BIN = path.join(ROOT, 'bin', 'tenders.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment a CLI child gets: only what the test names, plus PATH/HOME, never the developer's .env values. */
export function cliEnvironment(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env };
}

export function startCli(args: string[], env: Record<string, string | undefined> = {}, cwd = ROOT): ChildProcess {
  return spawn(process.execPath, [TENDERS_BIN, ...args], { cwd, env: cliEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

export function runCli(args: string[], env: Record<string, string | undefined> = {}, options: { cwd?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = startCli(args, env, options.cwd);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
