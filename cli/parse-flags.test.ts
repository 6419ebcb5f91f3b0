import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCli } from '../test-support/run-cli.ts';
import { CliError } from './cli-error.ts';
import { buildProgram } from './main.ts';
import { parseFlags } from './parse-flags.ts';

const Flags = z.object({
  limit: z.coerce.number({ error: '--limit must be a number' }).int('--limit must be a whole number').default(10),
  json: z.boolean().default(false),
});

describe('parseFlags', () => {
  it('gives the parsed flags with their defaults', () => {
    expect(parseFlags(Flags, { limit: '3' })).toEqual({ limit: 3, json: false });
  });

  it('turns every problem into one CliError line naming the flags', () => {
    const failure = (() => {
      try {
        parseFlags(Flags, { limit: '2.5', json: 'yes' });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(CliError);
    expect((failure as CliError).message).toBe('--limit must be a whole number; Invalid input: expected boolean, received string');
    expect((failure as CliError).exitCode).toBe(1);
  });
});

describe.each(['score', 'init'])('tenders %s flags', (command) => {
  it('a value given to a boolean flag is one error line and exit 1', async () => {
    const result = await runCli([command, '--json=yes']);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe("error: unknown option '--json=yes'");
    expect(result.stderr).not.toMatch(/ZodError|"expected"|\n\s+at /);
  });

  // Commander lets no value through to a boolean flag: the action's schema is reached with one set by a hook.
  it('a flag value the schema refuses is a CliError, not a ZodError', async () => {
    const argv = ['node', 'tenders', command];
    const program = await buildProgram(argv);
    program.hook('preAction', (_program, action) => void action.setOptionValue('json', 'yes'));
    const run = program.parseAsync(argv);
    await expect(run).rejects.toBeInstanceOf(CliError);
    await expect(run).rejects.toThrow(/^Invalid input: expected boolean, received string$/);
  });
});
