import type { Command } from 'commander';
import { z } from 'zod';
import { migrateLatest } from '../../db/migrate.ts';
import { requeueFailedSummaryJobs } from '../../db/summaries.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';
import { formatQueueSnapshot, loadQueueSnapshot } from '../queue-monitor/queue-snapshot.ts';

const Flags = z.object({ json: z.boolean().default(false) });

export function registerQueue(program: Command): void {
  program
    .command('queue')
    .description('live monitor of the summary queue (r retries failed jobs, q quits); without a terminal, prints the counts once')
    .option('--json', 'print the counts and the last failures once as JSON')
    .action(async (raw: unknown) => {
      const { json } = parseFlags(Flags, raw);
      const ctx = openCommandContext();
      try {
        await migrateLatest(ctx.db.knex);
        const load = () => loadQueueSnapshot(ctx.db.knex);
        if (json || !process.stdout.isTTY || !process.stdin.isTTY) {
          const snapshot = await load();
          if (json) printJson({ ok: true, ...snapshot });
          else console.log(formatQueueSnapshot(snapshot));
          return;
        }
        // Ink and React load only for the live monitor: the one-shot and JSON forms stay light.
        const [{ render }, { QueueMonitor }] = await Promise.all([import('ink'), import('../queue-monitor/QueueMonitor.tsx')]);
        let interrupted = false;
        const interrupt = () => {
          interrupted = true;
          monitor.unmount();
        };
        // Ctrl-C reaches the monitor as a key (raw mode), a SIGINT from elsewhere as a signal: both exit 130.
        const monitor = render(<QueueMonitor load={load} retry={() => requeueFailedSummaryJobs(ctx.db.knex)} onInterrupt={() => (interrupted = true)} />, {
          exitOnCtrlC: false,
        });
        process.once('SIGINT', interrupt);
        try {
          await monitor.waitUntilExit();
        } finally {
          process.off('SIGINT', interrupt);
        }
        if (interrupted) throw new CliError('interrupted', 130);
      } finally {
        await ctx.close();
      }
    });
}
