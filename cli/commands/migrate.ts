import type { Command } from 'commander';
import { z } from 'zod';
import { migrateDown, migrateLatest, migrationStatus } from '../../db/migrate.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson } from '../context.ts';

const Options = z.object({ json: z.boolean().default(false), all: z.boolean().default(false) });

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply, revert or list database migrations')
    .argument('[direction]', 'up (default), down (reverts the last batch) or status', 'up')
    .option('--all', 'with down: revert every migration')
    .option('--json', 'print the result as JSON')
    .action(async (direction: string, raw: unknown) => {
      const options = Options.parse(raw);
      if (!['up', 'down', 'status'].includes(direction)) {
        throw new CliError(`unknown migrate direction "${direction}": use up, down or status`);
      }
      const ctx = openCommandContext();
      try {
        if (direction === 'status') {
          const status = await migrationStatus(ctx.db.knex);
          if (options.json) printJson({ ok: true, db: ctx.db.kind, ...status });
          else {
            console.log(`database: ${ctx.db.kind}`);
            for (const name of status.applied) console.log(`  applied  ${name}`);
            for (const name of status.pending) console.log(`  pending  ${name}`);
          }
          return;
        }
        const names = direction === 'up' ? await migrateLatest(ctx.db.knex) : await migrateDown(ctx.db.knex, options.all);
        if (options.json) printJson({ ok: true, db: ctx.db.kind, direction, migrations: names });
        else if (names.length === 0) console.log(direction === 'up' ? 'already up to date' : 'nothing to revert');
        else for (const name of names) console.log(`${direction === 'up' ? 'applied' : 'reverted'} ${name}`);
      } finally {
        await ctx.close();
      }
    });
}
