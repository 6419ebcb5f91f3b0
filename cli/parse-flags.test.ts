import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CliError } from './cli-error.ts';
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
