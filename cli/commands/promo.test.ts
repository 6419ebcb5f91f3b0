import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';
import { CliError } from '../cli-error.ts';
import { expiryAfter, parseCreateFlags } from './promo.ts';

const onPostgres = testDatabaseKind() === 'postgres';

describe('expiryAfter', () => {
  it('ends the given day at midnight in Zurich, summer and winter', () => {
    expect(expiryAfter('2026-12-31').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(expiryAfter('2026-07-15').toISOString()).toBe('2026-07-15T22:00:00.000Z');
    expect(expiryAfter('2026-03-28').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(expiryAfter('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe.runIf(onPostgres)('tenders promo', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url, DATA_DIR: makeTempDir() };
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('creates discount and trial codes and lists them', async () => {
    const discount = await runCli(
      ['promo', 'create', '--code', 'spring20', '--type', 'discount', '--value', '20', '--max-redemptions', '50', '--expires', '2099-06-30', '--json'],
      env,
    );
    expect(discount.code, discount.stderr).toBe(0);
    expect(JSON.parse(discount.stdout)).toEqual({
      ok: true,
      promo: {
        code: 'SPRING20',
        type: 'discount',
        value: 20,
        benefit: '-20 %',
        redemptions: 0,
        maxRedemptions: 50,
        expiresAt: '2099-06-30T22:00:00.000Z',
        state: 'valid',
      },
    });
    const trial = await runCli(['promo', 'create', '--code', 'TRY30', '--type', 'trial', '--value', '30'], env);
    expect(trial.code, trial.stderr).toBe(0);
    expect(trial.stdout.trim()).toBe('created TRY30: 30 days free');

    const listed = await runCli(['promo', 'list', '--json'], env);
    expect(
      JSON.parse(listed.stdout)
        .promos.map((p: { code: string }) => p.code)
        .sort(),
    ).toEqual(['SPRING20', 'TRY30']);
    const table = await runCli(['promo', 'list'], env);
    expect(table.stdout).toMatch(/^CODE\s+TYPE\s+BENEFIT\s+USED\s+EXPIRES\s+STATE$/m);
    expect(table.stdout).toMatch(/^SPRING20\s+discount\s+-20 %\s+0\/50\s+2099-06-30\s+valid$/m);
    expect(table.stdout).toMatch(/^TRY30\s+trial\s+30 days free\s+0\/∞\s+never\s+valid$/m);
  });

  it('rejects bad input with a one-line reason, a non-zero exit, and JSON when asked', async () => {
    const missing = await runCli(['promo', 'create', '--type', 'discount', '--value', '10'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('error: --code is required');
    const duplicate = await runCli(['promo', 'create', '--code', 'try30', '--type', 'trial', '--value', '7'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr.trim()).toBe('error: promo code TRY30 already exists');
    const json = await runCli(['promo', 'create', '--code', 'GOOD1', '--type', 'trial', '--value', '999', '--json'], env);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ ok: false, error: '--value of a trial promo must be at most 365 (days)' });
  });
});

describe('promo create flags', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ code: 'X!', type: 'discount', value: '10' }, '--code must be 3 to 32 letters, digits, "-" or "_"'],
    [{ code: 'GOOD1', type: 'gift', value: '10' }, '--type must be discount or trial'],
    [{ code: 'GOOD1', type: 'discount' }, '--value is required'],
    [{ code: 'GOOD1', type: 'discount', value: 'ten' }, '--value must be a whole number, got "ten"'],
    [{ code: 'GOOD1', type: 'discount', value: '120' }, '--value of a discount promo must be at most 100 (percent)'],
    [{ code: 'GOOD1', type: 'trial', value: '0' }, '--value must be at least 1'],
    [{ code: 'GOOD1', type: 'trial', value: '7', maxRedemptions: '0' }, '--max-redemptions must be at least 1'],
    [{ code: 'GOOD1', type: 'trial', value: '7', expires: '2026-02-30' }, '--expires is not a calendar date'],
    [{ code: 'GOOD1', type: 'trial', value: '7', expires: '31.12.2026' }, '--expires must be a date YYYY-MM-DD'],
    [{ code: 'GOOD1', type: 'trial', value: '7', expires: '2026-04-30' }, '--expires is in the past'],
  ];
  for (const [flags, message] of cases) {
    it(`refuses ${JSON.stringify(flags)}`, () => {
      expect(() => parseCreateFlags(flags, now)).toThrow(new CliError(message));
    });
  }

  it('uppercases the code and keeps a code valid through its last day', () => {
    expect(parseCreateFlags({ code: ' may-10 ', type: 'discount', value: '10', expires: '2026-05-01' }, now)).toEqual({
      code: 'MAY-10',
      type: 'discount',
      value: 10,
      maxRedemptions: null,
      expiresAt: new Date('2026-05-01T22:00:00Z'),
      expires: '2026-05-01',
      json: false,
    });
  });
});
