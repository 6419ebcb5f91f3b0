import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { confirm, intro, isCancel, note, outro, password, text } from '@clack/prompts';
import type { Command } from 'commander';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import { ConfigError, loadConfig, readEnvironment } from '../../config.ts';
import { CliError } from '../cli-error.ts';
import { printJson, printLine } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

type Values = Record<string, string>;

interface Setting {
  name: string;
  label: string;
  placeholder?: string;
  secret?: boolean;
  /** A URL that may carry a password: the URL is typed in clear, its password asked apart, masked. */
  credentialUrl?: boolean;
  required?: (values: Values) => boolean;
}

interface Section {
  /** Asked first; "no" leaves every variable of the section unset. Absent: the section is always asked. */
  question?: string;
  settings: Setting[];
}

const always = () => true;

const SECTIONS: Section[] = [
  {
    question: 'Use a Postgres server? (no: the embedded database in DATA_DIR)',
    settings: [
      {
        name: 'DATABASE_URL',
        label: 'Postgres URL, without the password',
        placeholder: 'postgres://vigie@localhost:5432/vigie',
        credentialUrl: true,
        required: always,
      },
    ],
  },
  {
    settings: [
      { name: 'PUBLIC_URL', label: 'Public URL of the web app (links in e-mails)', placeholder: 'empty: http://localhost:$PORT' },
      { name: 'PORT', label: 'HTTP port', placeholder: '3000' },
    ],
  },
  {
    question: 'Score and summarize with an OpenAI-compatible LLM? (no: the local scorer and extractive summaries)',
    settings: [
      { name: 'OPENAI_BASE_URL', label: 'Endpoint base URL', placeholder: 'empty: OpenAI; e.g. http://localhost:11434/v1 for Ollama' },
      { name: 'OPENAI_API_KEY', label: 'API key', secret: true, required: (values) => !values.OPENAI_BASE_URL },
      { name: 'OPENAI_MODEL', label: 'Model', placeholder: 'gpt-4o-mini' },
      { name: 'LLM_RPS', label: 'Requests per second at most', placeholder: '30' },
    ],
  },
  {
    question: 'Send e-mail over SMTP? (no: .eml files in DATA_DIR/outbox)',
    settings: [
      { name: 'SMTP_URL', label: 'SMTP URL, without the password', placeholder: 'smtp://user@smtp.example.ch:587', credentialUrl: true, required: always },
      { name: 'MAIL_FROM', label: 'Sender', placeholder: 'Vigie <no-reply@vigie.local>' },
    ],
  },
  {
    question: 'Take payments with Stripe? (no: billing off, every user gets the Standard plan)',
    settings: [
      { name: 'STRIPE_SECRET_KEY', label: 'Stripe secret key', secret: true, required: always },
      { name: 'STRIPE_WEBHOOK_SECRET', label: 'Stripe webhook signing secret', secret: true, required: always },
      { name: 'STRIPE_PRICE_MONTHLY', label: 'Price id of the monthly plan', placeholder: 'price_…', required: always },
      { name: 'STRIPE_PRICE_YEARLY', label: 'Price id of the yearly plan', placeholder: 'price_…', required: always },
    ],
  },
];

export const INIT_VARIABLES = SECTIONS.flatMap((section) => section.settings.map((setting) => setting.name));

const Flags = z.object({ fromEnv: z.boolean().default(false), force: z.boolean().default(false), json: z.boolean().default(false) });

const prompts = { output: process.stderr };

function configProblems(values: Values): string[] {
  try {
    loadConfig(values);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

function answered<T>(value: T): Exclude<T, symbol> {
  if (isCancel(value)) throw new CliError('cancelled: .env not written', 130);
  return value as Exclude<T, symbol>;
}

/** Unquoted when safe; otherwise the first quote dotenv reads literally that the value does not contain. */
function quote(name: string, value: string): string {
  if (/^[\w.:/@+,=-]*$/.test(value)) return value;
  const mark = ["'", '"', '`'].find((q) => !value.includes(q));
  if (!mark || /[\r\n]/.test(value)) throw new CliError(`${name} cannot be written to .env: it contains line breaks or every kind of quote`);
  return `${mark}${value}${mark}`;
}

export function renderEnvFile(values: Values, kept: Values): string {
  const line = ([name, value]: [string, string]) => `${name}=${quote(name, value)}`;
  const lines = ['# Written by `tenders init`; every variable is described in the README.', ...Object.entries(values).map(line)];
  if (Object.keys(kept).length > 0) lines.push('', '# Kept from the previous .env', ...Object.entries(kept).map(line));
  return `${lines.join('\n')}\n`;
}

function splitExisting(file: string): { managed: Values; kept: Values } {
  const existing = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  const managed: Values = {};
  const kept: Values = {};
  for (const [name, value] of Object.entries(existing)) (INIT_VARIABLES.includes(name) ? managed : kept)[name] = value;
  return { managed, kept };
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** The URL with its password removed, for prompts. */
export function withoutPassword(value: string): string {
  const url = parseUrl(value);
  if (!url || !url.password) return value;
  url.password = '';
  return url.toString();
}

/** The URL with its password shown as dots, for summaries. */
function maskPassword(value: string): string {
  return parseUrl(value)?.password ? value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@]*@/i, '$1:••••@') : value;
}

/** The URL with `password` set (percent-encoded); unchanged when there is none. */
export function withPassword(value: string, password: string): string {
  const url = parseUrl(value);
  if (!url || password === '') return value;
  url.password = password;
  return url.toString();
}

async function askCredentialUrl(setting: Setting, validate: (input: string | undefined) => string | undefined, previous: string | undefined): Promise<string> {
  const previousPassword = previous ? decodeURIComponent(parseUrl(previous)?.password ?? '') : '';
  const message = `${setting.label} (${setting.name})`;
  const typed = answered(
    await text({ ...prompts, message, placeholder: setting.placeholder, initialValue: previous ? withoutPassword(previous) : undefined, validate }),
  ).trim();
  if (typed === '' || parseUrl(typed)?.password) return typed;
  const keep = previousPassword ? ' — empty keeps the current one' : ' — empty: none';
  const secret = answered(await password({ ...prompts, message: `Password for ${typed}${keep}` })).trim();
  return withPassword(typed, secret || previousPassword);
}

async function ask(setting: Setting, values: Values, previous: string | undefined): Promise<string> {
  const validate = (input: string | undefined) => {
    const value = (input ?? '').trim();
    if (value === '') return setting.required?.(values) && !(setting.secret && previous) ? `${setting.name} is required here` : undefined;
    return configProblems({ ...values, [setting.name]: value }).find((problem) => problem.startsWith(`${setting.name} `));
  };
  if (setting.credentialUrl) return askCredentialUrl(setting, validate, previous);
  if (setting.secret) {
    const message = `${setting.label} (${setting.name})${previous ? ' — empty keeps the current one' : ''}`;
    const typed = answered(await password({ ...prompts, message, validate })).trim();
    return typed === '' ? (previous ?? '') : typed;
  }
  const message = `${setting.label} (${setting.name})`;
  return answered(await text({ ...prompts, message, placeholder: setting.placeholder, initialValue: previous, validate })).trim();
}

async function askValues(previous: Values): Promise<Values> {
  const values: Values = {};
  for (const section of SECTIONS) {
    const wanted = section.question
      ? answered(await confirm({ ...prompts, message: section.question, initialValue: section.settings.some((s) => previous[s.name]) }))
      : true;
    if (!wanted) continue;
    for (const setting of section.settings) {
      const value = await ask(setting, values, previous[setting.name]);
      if (value !== '') values[setting.name] = value;
    }
  }
  return values;
}

/** The summary shown before writing: secrets and the passwords inside URLs masked. */
export function describeValues(values: Values): string {
  const secret = new Set(SECTIONS.flatMap((s) => s.settings.filter((setting) => setting.secret).map((setting) => setting.name)));
  const lines = Object.entries(values).map(([name, value]) => `${name}=${secret.has(name) ? '•••• (set)' : maskPassword(value)}`);
  return lines.length > 0 ? lines.join('\n') : 'nothing set: every port uses its embedded default';
}

/**
 * Owner-only from the first byte, also when a .env existed with wider rights: a new file (0600) replaces it
 * by rename, so the secrets are never readable by others, not even half-written.
 */
export function writeEnvFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, content, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function write(file: string, values: Values, kept: Values): void {
  const problems = configProblems({ ...kept, ...values });
  if (problems.length > 0) throw new CliError(`not written, the configuration would be invalid: ${problems.join('; ')}`);
  writeEnvFile(file, renderEnvFile(values, kept));
}

function fromEnvironment(): Values {
  const environment = readEnvironment();
  return Object.fromEntries(INIT_VARIABLES.flatMap((name) => (environment[name]?.trim() ? [[name, environment[name].trim()]] : [])));
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('interactive set-up of the real adapters (Postgres, LLM, SMTP, Stripe): writes .env in the working directory')
    .option('--from-env', `without prompts: write the variables among ${INIT_VARIABLES.join(', ')} that the environment (or the current .env) sets`)
    .option('--force', 'with --from-env: overwrite an existing .env')
    .option('--json', 'print the result as JSON')
    .action(async (raw: unknown) => {
      const flags = parseFlags(Flags, raw);
      const file = path.resolve('.env');
      const exists = existsSync(file);
      const { managed, kept } = splitExisting(file);
      let values: Values;
      if (flags.fromEnv) {
        if (exists && !flags.force) throw new CliError(`${file} exists: pass --force to overwrite it`);
        values = fromEnvironment();
        write(file, values, kept);
      } else {
        if (!process.stdin.isTTY || !process.stderr.isTTY) {
          throw new CliError('tenders init is interactive: run it in a terminal, or pass --from-env to write the variables of the current environment');
        }
        intro('Vigie set-up: each adapter is optional; what you leave out keeps its embedded default', prompts);
        values = await askValues(managed);
        note(describeValues(values), `${file}`, prompts);
        const overwrite = answered(await confirm({ ...prompts, message: exists ? `Overwrite ${file}?` : `Write ${file}?`, initialValue: !exists }));
        if (!overwrite) throw new CliError(`cancelled: ${file} left unchanged`);
        write(file, values, kept);
        outro(`wrote ${file}; run "tenders migrate" then "tenders serve"`, prompts);
      }
      if (flags.json) printJson({ ok: true, path: file, variables: Object.keys(values) });
      else if (flags.fromEnv) printLine(`wrote ${file} with ${Object.keys(values).join(', ') || 'no variables'}`);
    });
}
