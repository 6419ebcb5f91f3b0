import type { Command } from 'commander';
import { z } from 'zod';
import type { ScrapeSummary } from '../../pipeline/scrape.ts';
import { InvalidScrapeOptionsError, parseScrapeOptions } from '../../pipeline/scrape-options.ts';
import { CliError } from '../cli-error.ts';
import { runStageCommand } from '../run-stage-command.ts';
import { parseFlags } from '../parse-flags.ts';

const Flags = z.object({
  since: z.string().optional(),
  maxPages: z.string().optional(),
  renormalize: z.boolean().default(false),
  json: z.boolean().default(false),
});

function parseScrapeFlags(raw: unknown) {
  const flags = parseFlags(Flags, raw);
  if (flags.maxPages !== undefined && !/^-?\d+$/.test(flags.maxPages.trim())) {
    throw new CliError(`--max-pages must be a whole number, got "${flags.maxPages}"`);
  }
  try {
    const options = parseScrapeOptions({
      since: flags.since,
      maxPages: flags.maxPages === undefined ? undefined : Number(flags.maxPages),
      renormalize: flags.renormalize,
    });
    return { options, json: flags.json };
  } catch (error) {
    if (error instanceof InvalidScrapeOptionsError) throw new CliError(error.issues.join('; '));
    throw error;
  }
}

function describeSummary(summary: ScrapeSummary): string {
  const lines = [
    `scraped simap.ch since ${summary.since}${summary.complete ? '' : summary.stopped ? ` (stopped early: ${summary.stopped}; cursor not moved)` : ' (stopped at --max-pages; cursor not moved)'}`,
    `  pages                 ${summary.pages}`,
    `  publications fetched  ${summary.publicationsFetched}`,
    `  projects created      ${summary.projectsCreated}`,
    `  projects updated      ${summary.projectsUpdated}`,
    `  projects unchanged    ${summary.projectsUnchanged}`,
    `  quarantined           ${summary.quarantined}`,
    `  deferred              ${summary.deferred} publication${summary.deferred === 1 ? '' : 's'} deferred (tried again next run)`,
    ...(summary.recovered > 0 ? [`  recovered             ${summary.recovered} deferred publication${summary.recovered === 1 ? '' : 's'} fetched`] : []),
    `  duration              ${(summary.durationMs / 1000).toFixed(1)} s`,
  ];
  return lines.join('\n');
}

export function registerScrape(program: Command): void {
  program
    .command('scrape')
    .description('fetch new simap.ch publications and normalize them into projects')
    .option('--since <date>', 'first publication date to fetch (YYYY-MM-DD); default: the stored cursor − 1 day, or 30 days ago')
    .option('--max-pages <n>', 'stop after this many search pages (the cursor then stays put)')
    .option('--renormalize', 're-apply every stored publication, not only new ones')
    .option('--json', 'print the summary as JSON')
    .action(async (raw: unknown) => {
      const { options, json } = parseScrapeFlags(raw);
      await runStageCommand(
        { json },
        async ({ ctx, events, signal }) => {
          // Loaded here, not at the top: `tenders scrape --help` needs neither.
          const [{ scrape }, { withScrapeLock }] = await Promise.all([import('../../pipeline/scrape.ts'), import('../../pipeline/stage-lock.ts')]);
          const outcome = await withScrapeLock(ctx.db, () => scrape({ db: ctx.db.knex, logger: ctx.logger, config: ctx.config, events, signal }, options));
          if (!outcome.started) throw new CliError('a scrape is already running');
          return outcome.result;
        },
        describeSummary,
      );
    });
}
