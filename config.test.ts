import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({}, '/srv/vigie');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('/srv/vigie', 'var'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.llm).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.simap).toEqual({ baseUrl: 'https://www.simap.ch/api', rps: 3 });
    expect(config.pipelineEveryMs).toBe(5 * 60_000);
    expect(config.thresholds).toMatchObject({ match: 50, notify: 70 });
    expect(config.notifyDailyAt).toBe('07:00');
    expect(config.trialDays).toBe(14);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads real adapters from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://vigie.example.ch/',
      DATABASE_URL: 'postgres://u:p@db:5432/vigie',
      SESSION_KEYS: 'a, b',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-test',
      LLM_RPS: '120',
      SMTP_URL: 'smtp://mail:25',
      PIPELINE_EVERY: '2h',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
      STRIPE_PRICE_MONTHLY: 'pm',
      STRIPE_PRICE_YEARLY: 'py',
    });
    expect(config.publicUrl).toBe('https://vigie.example.ch');
    expect(config.sessionKeys).toEqual(['a', 'b']);
    expect(config.llm).toEqual({ apiKey: 'sk-test', baseUrl: undefined, model: 'gpt-test', requestsPerSecond: 120 });
    expect(config.pipelineEveryMs).toBe(7_200_000);
    expect(config.stripe?.priceYearly).toBe('py');
  });

  it('lists every bad variable in one message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SIMAP_RPS: '0',
      PIPELINE_EVERY: 'often',
      NOTIFY_DAILY_AT: '25:00',
      MATCH_THRESHOLD: '150',
      LOG_LEVEL: 'loud',
      LLM_RPS: '5000',
    });
    expect(problems).toHaveLength(8);
    expect(problems.join('\n')).toMatch(/PORT must be a number/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(problems.join('\n')).toMatch(/PIPELINE_EVERY must be a duration/);
    expect(problems.join('\n')).toMatch(/MATCH_THRESHOLD must be at most 100/);
    expect(problems.join('\n')).toMatch(/LLM_RPS must be at most 1000/);
  });

  it('wants all four Stripe variables or none', () => {
    const problems = problemsOf({ STRIPE_SECRET_KEY: 'sk' });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/)]));
    expect(problems).toHaveLength(3);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', OPENAI_API_KEY: '' }).databaseUrl).toBeUndefined();
  });
});

describe('parseDuration', () => {
  it.each([
    ['30s', 30_000],
    ['15m', 900_000],
    ['1d', 86_400_000],
    ['0m', null],
    ['15', null],
  ])('%s → %s', (text, ms) => expect(parseDuration(text)).toBe(ms));
});
