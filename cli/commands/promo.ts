import type { Command } from 'commander';
import { z } from 'zod';
import { promoBenefit, promoState } from '../../api/billing/promo-state.ts';
import { migrateLatest } from '../../db/migrate.ts';
import { findPromoCode, findPromoCodes, insertPromoCode, type NewPromoCode, type PromoCodeRow } from '../../db/promo-codes.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

const MAX_VALUE = { discount: 100, trial: 365 } as const;

const wholeNumber = (flag: string) =>
  z
    .string({ error: `${flag} is required` })
    .trim()
    .refine((text) => /^\d+$/.test(text), { error: (issue) => `${flag} must be a whole number, got "${String(issue.input)}"` })
    .transform(Number)
    .refine((n) => n >= 1, `${flag} must be at least 1`);

const CreateFlags = z
  .object({
    code: z
      .string({ error: '--code is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, '--code must be 3 to 32 letters, digits, "-" or "_"'),
    type: z.enum(['discount', 'trial'], { error: '--type must be discount or trial' }),
    value: wholeNumber('--value'),
    maxRedemptions: wholeNumber('--max-redemptions').optional(),
    expires: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '--expires must be a date YYYY-MM-DD', abort: true })
      .refine((text) => !Number.isNaN(Date.parse(text)) && new Date(text).toISOString().startsWith(text), '--expires is not a calendar date')
      .optional(),
    json: z.boolean().default(false),
  })
  .superRefine((flags, ctx) => {
    const max = MAX_VALUE[flags.type];
    if (flags.value > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `--value of a ${flags.type} promo must be at most ${max} (${flags.type === 'discount' ? 'percent' : 'days'})`,
      });
    }
  });

const ListFlags = z.object({ json: z.boolean().default(false) });

function zurichOffsetMs(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/** A code given `--expires 2026-12-31` is valid through that day in Zurich: it expires at the next midnight there. */
export function expiryAfter(day: string): Date {
  const nextMidnightUtc = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return new Date(nextMidnightUtc - zurichOffsetMs(new Date(nextMidnightUtc)));
}

function presentPromo(promo: PromoCodeRow, now: Date) {
  return {
    code: promo.code,
    type: promo.type,
    value: promo.value,
    benefit: promoBenefit(promo),
    redemptions: promo.redemptions,
    maxRedemptions: promo.maxRedemptions,
    expiresAt: promo.expiresAt?.toISOString() ?? null,
    state: promoState(promo, now),
  };
}

function printTable(rows: ReturnType<typeof presentPromo>[]): void {
  if (rows.length === 0) {
    console.log('no promo codes yet (create one with "tenders promo create")');
    return;
  }
  const lines = rows.map((p) => [p.code, p.type, p.benefit, `${p.redemptions}/${p.maxRedemptions ?? '∞'}`, p.expiresAt?.slice(0, 10) ?? 'never', p.state]);
  const header = ['CODE', 'TYPE', 'BENEFIT', 'USED', 'EXPIRES', 'STATE'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  for (const line of [header, ...lines])
    console.log(
      line
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

/** The create flags checked and turned into a new promo code, or a CliError naming the problems. */
export function parseCreateFlags(raw: unknown, now: Date): NewPromoCode & { json: boolean; expires: string | undefined } {
  const flags = parseFlags(CreateFlags, raw);
  const expiresAt = flags.expires ? expiryAfter(flags.expires) : null;
  if (expiresAt && expiresAt <= now) throw new CliError('--expires is in the past');
  return {
    code: flags.code,
    type: flags.type,
    value: flags.value,
    maxRedemptions: flags.maxRedemptions ?? null,
    expiresAt,
    expires: flags.expires,
    json: flags.json,
  };
}

async function createPromo(raw: unknown): Promise<void> {
  const now = new Date();
  const { json, expires, ...fields } = parseCreateFlags(raw, now);
  const ctx = openCommandContext();
  try {
    await migrateLatest(ctx.db.knex);
    if (await findPromoCode(ctx.db.knex, fields.code)) throw new CliError(`promo code ${fields.code} already exists`);
    const promo = await insertPromoCode(ctx.db.knex, fields).catch((error: { code?: string }) => {
      if (error.code === '23505') throw new CliError(`promo code ${fields.code} already exists`);
      throw error;
    });
    const shown = presentPromo(promo, now);
    if (json) printJson({ ok: true, promo: shown });
    else
      console.log(
        `created ${shown.code}: ${shown.benefit}${shown.maxRedemptions ? `, ${shown.maxRedemptions} uses` : ''}${expires ? `, valid through ${expires}` : ''}`,
      );
  } finally {
    await ctx.close();
  }
}

async function listPromos(raw: unknown): Promise<void> {
  const flags = parseFlags(ListFlags, raw);
  const ctx = openCommandContext();
  try {
    await migrateLatest(ctx.db.knex);
    const now = new Date();
    const promos = (await findPromoCodes(ctx.db.knex)).map((promo) => presentPromo(promo, now));
    if (flags.json) printJson({ ok: true, promos });
    else printTable(promos);
  } finally {
    await ctx.close();
  }
}

export function registerPromo(program: Command): void {
  const promo = program.command('promo').description('manage promo codes (discount in percent, or free trial days)');
  promo
    .command('create')
    .description('create a promo code')
    .option('--code <code>', 'the code users type (stored in upper case)')
    .option('--type <type>', 'discount (percent off the first invoice) or trial (free days)')
    .option('--value <n>', 'percent (1-100) for a discount, days (1-365) for a trial')
    .option('--max-redemptions <n>', 'how many checkouts may use it (default: unlimited)')
    .option('--expires <date>', 'last day it can be used, YYYY-MM-DD, Europe/Zurich (default: never)')
    .option('--json', 'print JSON')
    .action(createPromo);
  promo.command('list').description('list promo codes with their use and state').option('--json', 'print JSON').action(listPromos);
}
