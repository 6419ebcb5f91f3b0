import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { describeValues, renderEnvFile, withoutPassword, withPassword } from './init.ts';

describe('tenders init', () => {
  it('refuses to prompt without a terminal and writes nothing', async () => {
    const cwd = makeTempDir();
    const result = await runCli(['init'], {}, { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'error: tenders init is interactive: run it in a terminal, or pass --from-env to write the variables of the current environment',
    );
    expect(existsSync(path.join(cwd, '.env'))).toBe(false);
  });

  it('--from-env writes the known variables of the environment, validated, readable only by the owner', async () => {
    const cwd = makeTempDir();
    const env = {
      DATABASE_URL: 'postgres://vigie:s3cret@db.internal:5432/vigie',
      OPENAI_API_KEY: 'sk-test-123',
      MAIL_FROM: 'Vigie <alerts@vigie.example.ch>',
      SIMAP_RPS: '2',
    };
    const result = await runCli(['init', '--from-env', '--json'], env, { cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, path: path.join(cwd, '.env'), variables: ['DATABASE_URL', 'OPENAI_API_KEY', 'MAIL_FROM'] });
    const file = path.join(cwd, '.env');
    expect(parseDotenv(readFileSync(file))).toEqual({ DATABASE_URL: env.DATABASE_URL, OPENAI_API_KEY: env.OPENAI_API_KEY, MAIL_FROM: env.MAIL_FROM });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('--from-env keeps an existing .env unless --force, and then keeps its other variables', async () => {
    const cwd = makeTempDir();
    const file = path.join(cwd, '.env');
    writeFileSync(file, 'LOG_LEVEL=debug\nSMTP_URL=smtp://old.example.ch:25\n');
    const refused = await runCli(['init', '--from-env'], { SMTP_URL: 'smtp://new.example.ch:587' }, { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`error: ${file} exists: pass --force to overwrite it`);
    expect(readFileSync(file, 'utf8')).toContain('old.example.ch');

    const forced = await runCli(['init', '--from-env', '--force'], { SMTP_URL: 'smtp://new.example.ch:587' }, { cwd });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout.trim()).toBe(`wrote ${file} with SMTP_URL`);
    expect(parseDotenv(readFileSync(file))).toEqual({ SMTP_URL: 'smtp://new.example.ch:587', LOG_LEVEL: 'debug' });
  }, 120_000);

  it('--from-env refuses an invalid configuration with the config loader’s messages', async () => {
    const cwd = makeTempDir();
    const result = await runCli(['init', '--from-env'], { STRIPE_SECRET_KEY: 'sk_test_1', SMTP_URL: 'http://mail' }, { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^error: not written, the configuration would be invalid: SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\/; STRIPE_WEBHOOK_SECRET is required/,
    );
    expect(existsSync(path.join(cwd, '.env'))).toBe(false);
  });

  it('renders values that dotenv reads back unchanged', () => {
    const values = {
      A: 'plain-value_1.2:3/4@5',
      B: 'Vigie <no-reply@vigie.local>',
      C: "it's # not a comment",
      D: `both ' and " quotes`,
      E: '',
    };
    expect(parseDotenv(renderEnvFile(values, { KEPT: 'x y' }))).toEqual({ ...values, KEPT: 'x y' });
  });

  it('--from-env --force makes an existing world-readable .env owner-only', async () => {
    const cwd = makeTempDir();
    const file = path.join(cwd, '.env');
    writeFileSync(file, 'LOG_LEVEL=debug\n');
    chmodSync(file, 0o644);
    const result = await runCli(['init', '--from-env', '--force'], { SMTP_URL: 'smtp://mailer:pa55@smtp.example.ch:587' }, { cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseDotenv(readFileSync(file))).toEqual({ SMTP_URL: 'smtp://mailer:pa55@smtp.example.ch:587', LOG_LEVEL: 'debug' });
    expect(result.stdout).not.toContain('pa55');
  });

  it('masks secrets and the passwords inside URLs in the summary', () => {
    const summary = describeValues({
      DATABASE_URL: 'postgres://vigie:s3cr%40t@db.internal:5432/vigie',
      SMTP_URL: 'smtp://mailer:mail-pass@smtp.example.ch:587',
      OPENAI_API_KEY: 'sk-test-abcdef123456',
      STRIPE_WEBHOOK_SECRET: 'whsec_987654',
      PORT: '3000',
    });
    expect(summary).toBe(
      [
        'DATABASE_URL=postgres://vigie:••••@db.internal:5432/vigie',
        'SMTP_URL=smtp://mailer:••••@smtp.example.ch:587',
        'OPENAI_API_KEY=•••• (set)',
        'STRIPE_WEBHOOK_SECRET=•••• (set)',
        'PORT=3000',
      ].join('\n'),
    );
    for (const secret of ['s3cr', 'mail-pass', '123456', '987654']) expect(summary).not.toContain(secret);
  });

  it('asks URL passwords apart: the URL shown without it, the password put back percent-encoded', () => {
    expect(withoutPassword('postgres://vigie:s3cret@db:5432/vigie')).toBe('postgres://vigie@db:5432/vigie');
    const url = withPassword('postgres://vigie@db:5432/vigie', 'p@ss:w/rd');
    expect(decodeURIComponent(new URL(url).password)).toBe('p@ss:w/rd');
    expect(withPassword('smtp://relay.example.ch:25', '')).toBe('smtp://relay.example.ch:25');
  });
});
