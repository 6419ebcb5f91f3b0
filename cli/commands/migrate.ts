import { confirm, isCancel } from '@clack/prompts';
import type { Command } from 'commander';
import { z } from 'zod';
import { countStoredRows, migrateDownSteps, migrateLatest, migrationStatus } from '../../db/migrate.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson, printLine } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

const Options = z.object({
  json: z.boolean().default(false),
  all: z.boolean().default(false),
  to: z.string().min(1, { message: '--to needs a migration name (see "tenders migrate status")' }).optional(),
  yes: z.boolean().default(false),
});

function parseOptions(raw: unknown) {
  const options = parseFlags(Options, raw);
  if (options.all && options.to) throw new CliError('--all and --to cannot be combined');
  return options;
}

/** Which applied migrations `down` reverts: the last one, every one (`--all`), or those after `--to NAME`. */
function migrationsToRevert(applied: string[], options: { all: boolean; to?: string }): string[] {
  if (options.all) return [...applied].reverse();
  if (options.to !== undefined) {
    const index = applied.indexOf(options.to);
    if (index < 0) throw new CliError(`--to ${options.to}: no applied migration of that name (see "tenders migrate status")`);
    return applied.slice(index + 1).reverse();
  }
  return applied.slice(-1);
}

function describeRows(rows: Record<string, number>): string {
  return Object.entries(rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
}

/** Several migrations, or a database holding data, need a yes: typed on a terminal, or --yes in scripts. */
async function confirmRevert(names: string[], rows: Record<string, number>, yes: boolean): Promise<void> {
  const hasData = Object.keys(rows).length > 0;
  if (yes || (names.length === 1 && !hasData)) return;
  const what = `revert ${names.length} migration${names.length === 1 ? '' : 's'} (${names.join(', ')})${hasData ? ` on a database holding ${describeRows(rows)}; their tables and columns are dropped with their data` : ''}`;
  if (!process.stdin.isTTY || !process.stderr.isTTY) throw new CliError(`refusing to ${what}: pass --yes to confirm`);
  const answer = await confirm({ message: `${what[0]!.toUpperCase()}${what.slice(1)}?`, initialValue: false, output: process.stderr });
  if (isCancel(answer) || !answer) throw new CliError('cancelled: nothing reverted', isCancel(answer) ? 130 : 1);
}

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply, revert or list database migrations')
    .argument('[direction]', 'up (default), down (reverts the last migration) or status', 'up')
    .option('--all', 'with down: revert every migration (asks for confirmation)')
    .option('--to <name>', 'with down: revert the migrations applied after <name> (asks for confirmation)')
    .option('--yes', 'with down: confirm without a prompt, for scripts')
    .option('--json', 'print the result as JSON')
    .action(async (direction: string, raw: unknown) => {
      const options = parseOptions(raw);
      if (!['up', 'down', 'status'].includes(direction)) {
        throw new CliError(`unknown migrate direction "${direction}": use up, down or status`);
      }
      if (direction !== 'down' && (options.all || options.to !== undefined)) throw new CliError('--all and --to go with "migrate down"');
      const ctx = openCommandContext();
      try {
        if (direction === 'status') {
          const status = await migrationStatus(ctx.db.knex);
          if (options.json) printJson({ ok: true, db: ctx.db.kind, ...status });
          else {
            printLine(`database: ${ctx.db.kind}`);
            for (const name of status.applied) printLine(`  applied  ${name}`);
            for (const name of status.pending) printLine(`  pending  ${name}`);
          }
          return;
        }
        let names: string[];
        if (direction === 'up') names = await migrateLatest(ctx.db.knex);
        else {
          const planned = migrationsToRevert((await migrationStatus(ctx.db.knex)).applied, options);
          if (planned.length > 0) await confirmRevert(planned, await countStoredRows(ctx.db.knex), options.yes);
          names = await migrateDownSteps(ctx.db.knex, planned.length);
        }
        if (options.json) printJson({ ok: true, db: ctx.db.kind, direction, migrations: names });
        else if (names.length === 0) printLine(direction === 'up' ? 'already up to date' : 'nothing to revert');
        else for (const name of names) printLine(`${direction === 'up' ? 'applied' : 'reverted'} ${name}`);
      } finally {
        await ctx.close();
      }
    });
}
