import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import { DEFAULT_THRESHOLDS } from './domain/score-thresholds.ts';

const DURATION = /^(\d+)\s*(ms|s|m|h|d)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : null;
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const optionalUrl = (protocols: string[]) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), url(protocols).optional());

const integer = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : Number(value)),
    z.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`),
  );

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const ms = parseDuration(value);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration such as 30s, 15m, 2h or 1d' });
        return z.NEVER;
      }
      return ms;
    });

const schema = z
  .object({
    PORT: integer(0, 65535, 3000),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    DATA_DIR: z.string().trim().min(1).default('./var'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    SESSION_KEYS: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SIMAP_BASE_URL: url(['http:', 'https:']).default('https://www.simap.ch/api'),
    SIMAP_RPS: z.preprocess(
      (value) => (value === undefined || value === '' ? 3 : Number(value)),
      z.number({ error: 'must be a number' }).positive('must be greater than 0').max(50, 'must be at most 50'),
    ),
    PIPELINE_EVERY: duration('5m'),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalUrl(['http:', 'https:']),
    OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    LLM_RPS: z.preprocess(
      (value) => (value === undefined || value === '' ? 30 : Number(value)),
      z.number({ error: 'must be a number' }).positive('must be greater than 0').max(1000, 'must be at most 1000'),
    ),
    PREFILTER_THRESHOLD: integer(0, 100, DEFAULT_THRESHOLDS.prefilter),
    LLM_TOP_K: integer(0, 1000, DEFAULT_THRESHOLDS.llmTopK),
    MATCH_THRESHOLD: integer(0, 100, DEFAULT_THRESHOLDS.match),
    NOTIFY_THRESHOLD: integer(0, 100, DEFAULT_THRESHOLDS.notify),
    NOTIFY_DAILY_AT: z
      .string()
      .trim()
      .default('07:00')
      .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'must be a time HH:MM (Europe/Zurich)'),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().trim().min(3).default('Vigie <no-reply@vigie.local>'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_MONTHLY: optionalText,
    STRIPE_PRICE_YEARLY: optionalText,
    STRIPE_API_BASE: optionalUrl(['http:', 'https:']),
    TRIAL_DAYS: integer(0, 365, 14),
  })
  .superRefine((env, ctx) => {
    const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const;
    const set = stripe.filter((name) => env[name] !== undefined);
    if (set.length > 0 && set.length < stripe.length) {
      for (const name of stripe.filter((n) => env[n] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${set.join(', ')} is set (billing needs all four)` });
      }
    }
  });

export type Config = Readonly<{
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionKeys: string[] | undefined;
  logLevel: string;
  simap: Readonly<{ baseUrl: string; rps: number }>;
  pipelineEveryMs: number;
  llm: Readonly<{ apiKey: string; baseUrl: string | undefined; model: string; requestsPerSecond: number }> | undefined;
  thresholds: Readonly<{ prefilter: number; match: number; notify: number; llmTopK: number }>;
  notifyDailyAt: string;
  mail: Readonly<{ smtpUrl: string | undefined; from: string }>;
  stripe: Readonly<{ secretKey: string; webhookSecret: string; priceMonthly: string; priceYearly: string; apiBase: string | undefined }> | undefined;
  trialDays: number;
}>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`));
  }
  const e = parsed.data;
  return Object.freeze({
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sessionKeys: e.SESSION_KEYS?.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    simap: Object.freeze({ baseUrl: e.SIMAP_BASE_URL.replace(/\/+$/, ''), rps: e.SIMAP_RPS }),
    pipelineEveryMs: e.PIPELINE_EVERY,
    llm:
      e.OPENAI_API_KEY || e.OPENAI_BASE_URL
        ? Object.freeze({ apiKey: e.OPENAI_API_KEY ?? 'not-needed', baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL, requestsPerSecond: e.LLM_RPS })
        : undefined,
    thresholds: Object.freeze({ prefilter: e.PREFILTER_THRESHOLD, match: e.MATCH_THRESHOLD, notify: e.NOTIFY_THRESHOLD, llmTopK: e.LLM_TOP_K }),
    notifyDailyAt: e.NOTIFY_DAILY_AT,
    mail: Object.freeze({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_MONTHLY && e.STRIPE_PRICE_YEARLY
        ? Object.freeze({
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            priceMonthly: e.STRIPE_PRICE_MONTHLY,
            priceYearly: e.STRIPE_PRICE_YEARLY,
            apiBase: e.STRIPE_API_BASE,
          })
        : undefined,
    trialDays: e.TRIAL_DAYS,
  });
}

/** The process environment, with a `.env` file in the working directory filling what is unset. */
export function readEnvironment(cwd = process.cwd()): Record<string, string | undefined> {
  const file = path.join(cwd, '.env');
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  return { ...fromFile, ...process.env };
}

let current: Config | undefined;

export function getConfig(): Config {
  current ??= loadConfig(readEnvironment());
  return current;
}

/** Drops the parsed configuration, so that the next getConfig() reads the environment again (in-process CLI runs). */
export function forgetConfig(): void {
  current = undefined;
}
