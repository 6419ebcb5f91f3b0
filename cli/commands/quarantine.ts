import type { Command } from 'commander';
import { z } from 'zod';
import { migrateLatest } from '../../db/migrate.ts';
import { findPublicationRetries } from '../../db/publication-retries.ts';
import { findQuarantine, releaseQuarantine, type QuarantineRow } from '../../db/quarantine.ts';
import type { ScrapeSummary } from '../../pipeline/scrape.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson, printLine } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

const ListFlags = z.object({
  stage: z.enum(['fetch', 'normalize'], { error: '--stage must be fetch or normalize' }).optional(),
  limit: z.coerce
    .number({ error: '--limit must be a number' })
    .int('--limit must be a whole number')
    .min(1, '--limit must be at least 1')
    .max(10_000, '--limit must be at most 10000')
    .default(100),
  json: z.boolean().default(false),
});
const RetryFlags = z.object({ all: z.boolean().default(false), json: z.boolean().default(false) });

/** Operators read UTC with its zone spelled out, whatever the server's local zone. */
function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function describeRow(row: QuarantineRow): string {
  return `  ${stamp(row.createdAt)}  ${row.stage.padEnd(9)}  ${row.publicationId}\n      ${row.reason}`;
}

export function registerQuarantine(program: Command): void {
  const quarantine = program.command('quarantine').description('show and re-process the simap records the pipeline set aside');

  quarantine
    .command('list')
    .description('quarantined records with their reason, and the publications deferred for another try')
    .option('--stage <stage>', 'only fetch or normalize')
    .option('--limit <n>', 'at most this many records (default 100)')
    .option('--json', 'print the records as JSON')
    .action(async (raw: unknown) => {
      const flags = parseFlags(ListFlags, raw);
      const ctx = openCommandContext();
      try {
        await migrateLatest(ctx.db.knex);
        const rows = await findQuarantine(ctx.db.knex, { stage: flags.stage, limit: flags.limit });
        const deferred = flags.stage === 'normalize' ? [] : await findPublicationRetries(ctx.db.knex, flags.limit);
        if (flags.json) {
          printJson({
            ok: true,
            quarantined: rows,
            deferred: deferred.map(({ publicationId, projectId, attempts, lastError }) => ({ publicationId, projectId, attempts, lastError })),
          });
          return;
        }
        printLine(rows.length === 0 ? 'quarantine: empty' : `quarantine: ${rows.length} record${rows.length === 1 ? '' : 's'}`);
        for (const row of rows) printLine(describeRow(row));
        if (deferred.length > 0) {
          printLine(`deferred (tried again by the next scrape): ${deferred.length}`);
          for (const d of deferred) printLine(`  ${d.publicationId}  ${d.attempts} tr${d.attempts === 1 ? 'y' : 'ies'}\n      ${d.lastError}`);
        }
      } finally {
        await ctx.close();
      }
    });

  quarantine
    .command('retry')
    .description('take records out of quarantine and process them again now (a scrape: details fetched again, then normalize)')
    .argument('[publicationIds...]', 'the publication ids to retry (see "tenders quarantine list")')
    .option('--all', 'every quarantined record')
    .option('--json', 'print the result as JSON')
    .action(async (publicationIds: string[], raw: unknown) => {
      const flags = parseFlags(RetryFlags, raw);
      if (publicationIds.length === 0 && !flags.all) throw new CliError('name the publication ids to retry, or pass --all');
      if (publicationIds.length > 0 && flags.all) throw new CliError('pass either publication ids or --all, not both');
      const ctx = openCommandContext();
      try {
        await migrateLatest(ctx.db.knex);
        if (!flags.all) {
          const known = new Set((await findQuarantine(ctx.db.knex, { publicationIds, limit: publicationIds.length * 2 })).map((r) => r.publicationId));
          const unknown = publicationIds.filter((id) => !known.has(id));
          if (unknown.length > 0) throw new CliError(`not in quarantine: ${unknown.join(', ')}`);
        }
        const released = await releaseQuarantine(ctx.db.knex, flags.all ? undefined : publicationIds);
        // Loaded here, not at the top: only a retry scrapes.
        const [{ scrape }, { withScrapeLock }] = await Promise.all([import('../../pipeline/scrape.ts'), import('../../pipeline/stage-lock.ts')]);
        const outcome = await withScrapeLock(ctx.db, () => scrape({ db: ctx.db.knex, logger: ctx.logger, config: ctx.config }));
        if (!outcome.started) throw new CliError('released, but a scrape is already running: it will process them');
        const summary: ScrapeSummary = outcome.result;
        const stillQuarantined = await findQuarantine(ctx.db.knex, { publicationIds: [...released.normalize, ...released.refetch], limit: 10_000 });
        const result = {
          released: released.normalize.length + released.refetch.length + released.dropped.length,
          refetched: summary.recovered,
          deferred: summary.deferred,
          projectsCreated: summary.projectsCreated,
          projectsUpdated: summary.projectsUpdated,
          quarantinedAgain: stillQuarantined.map((r) => ({ publicationId: r.publicationId, stage: r.stage, reason: r.reason })),
          dropped: released.dropped,
        };
        if (flags.json) printJson({ ok: true, ...result });
        else {
          printLine(
            `quarantine retry: ${result.released} released, ${result.refetched} fetched again, ${result.deferred} deferred, ` +
              `${result.projectsCreated} projects created, ${result.projectsUpdated} updated, ${result.quarantinedAgain.length} quarantined again`,
          );
          for (const row of stillQuarantined) printLine(describeRow(row));
          if (released.dropped.length > 0)
            printLine(`  ${released.dropped.length} invalid search entries dropped: a later search lists them again if simap fixed them`);
        }
      } finally {
        await ctx.close();
      }
    });
}
