import { EventEmitter } from 'node:events';
import type { Command } from 'commander';
import { z } from 'zod';
import { parseDuration } from '../../config.ts';
import type { Mailer } from '../../pipeline/mail/mailer.ts';
import type { RoundReport } from '../../pipeline/schedule.ts';
import type { StageEvent } from '../../pipeline/stage-runner.ts';
import { PIPELINE_STAGES } from '../../pipeline/stage-names.ts';
import { CliError } from '../cli-error.ts';
import { parseFlags } from '../parse-flags.ts';

export const RUN_STAGES = PIPELINE_STAGES;

const StageList = z.string().transform((text, ctx) => {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(RUN_STAGES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    const what = unknown.length > 0 ? `unknown stage ${unknown.map((name) => `"${name}"`).join(', ')}` : 'no stage given';
    ctx.addIssue({ code: 'custom', message: `--stages: ${what}; choose among ${RUN_STAGES.join(', ')}` });
    return z.NEVER;
  }
  return RUN_STAGES.filter((stage) => names.includes(stage));
});

const Interval = z.string().transform((text, ctx) => {
  const ms = parseDuration(text);
  if (ms === null) {
    ctx.addIssue({ code: 'custom', message: `--every must be a duration such as 30s, 15m, 2h or 1d, got "${text}"` });
    return z.NEVER;
  }
  return ms;
});

const Flags = z.object({
  every: Interval.optional(),
  stages: StageList.default(() => [...RUN_STAGES]),
  once: z.boolean().default(false),
  json: z.boolean().default(false),
});

export function registerRun(program: Command): void {
  program
    .command('run')
    .description(`run the pipeline (${RUN_STAGES.join(' → ')}; notify sends only the due digests) now, then again every --every until SIGINT/SIGTERM`)
    .option('--every <duration>', 'pause between the starts of two rounds (30s, 15m, 2h, 1d); default PIPELINE_EVERY')
    .option('--stages <list>', `comma-separated stages to run, among ${RUN_STAGES.join(',')} (default: all)`)
    .option('--once', 'run one round and exit: 0 when every stage succeeded, 1 otherwise')
    .option('--json', 'print one JSON line per round')
    .action(async (raw: unknown) => {
      const flags = parseFlags(Flags, raw);
      // Loaded here, not at the top: `tenders run --help` needs none of the stages.
      const [{ migrateLatest }, { createMailer }, { scheduledStages }, { describeRound, startPipelineLoop }, { openCommandContext }, { renderStageProgress }] =
        await Promise.all([
          import('../../db/migrate.ts'),
          import('../../pipeline/mail/mailer.ts'),
          import('../../pipeline/pipeline-stages.ts'),
          import('../../pipeline/schedule.ts'),
          import('../context.ts'),
          import('../progress.ts'),
        ]);
      const ctx = openCommandContext();
      const everyMs = flags.every ?? ctx.config.pipelineEveryMs;
      const events = new EventEmitter<{ event: [StageEvent] }>();
      const detach = flags.json ? () => {} : renderStageProgress(events);
      const abort = new AbortController();
      let mailer: Mailer | undefined;
      const mailerOnce = () =>
        (mailer ??= createMailer({ smtpUrl: ctx.config.mail.smtpUrl, from: ctx.config.mail.from, dataDir: ctx.config.dataDir, logger: ctx.logger }));
      let loop: ReturnType<typeof startPipelineLoop> | undefined;
      let stopping = false;
      // The first signal lets the current stage finish; a second one aborts it.
      const onSignal = (signal: NodeJS.Signals) => {
        if (stopping) return abort.abort(new CliError('interrupted', 130));
        stopping = true;
        ctx.logger.warn(`${signal}: stopping after the current stage (send it again to abort)`);
        void loop?.stop();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      let last: RoundReport | undefined;
      const onRound = (report: RoundReport) => {
        last = report;
        const { round, startedAt, outcomes, durationMs, idle } = report;
        const ok = report.complete && outcomes.every((o) => o.ok);
        if (flags.json) {
          const stages = outcomes.map(({ stage, ok: stageOk, durationMs: ms, ...rest }) =>
            'error' in rest ? { stage, ok: stageOk, durationMs: ms, error: rest.error } : { stage, ok: stageOk, durationMs: ms, result: rest.result },
          );
          process.stdout.write(`${JSON.stringify({ ok, round, startedAt: startedAt.toISOString(), durationMs, idle, stages })}\n`);
        } else console.log(describeRound(report));
      };
      const onWait = (nextAt: Date) => {
        if (!flags.json) console.log(`next round at ${nextAt.toLocaleTimeString('en-GB', { timeZoneName: 'short' })}`);
      };
      try {
        await migrateLatest(ctx.db.knex);
        if (stopping) return;
        const stages = scheduledStages({ db: ctx.db, logger: ctx.logger, config: ctx.config, mailer: mailerOnce, events, signal: abort.signal }, flags.stages);
        loop = startPipelineLoop({ stages, logger: ctx.logger, everyMs, once: flags.once, signal: abort.signal, onRound, onWait });
        await loop.done;
        if (flags.once && last) {
          const failures = last.outcomes.flatMap((o) => (o.ok ? [] : [`${o.stage} failed: ${o.error}`]));
          if (failures.length > 0) throw new CliError(failures.join('; '));
          if (!last.complete) throw new CliError('interrupted before every stage ran', 130);
        }
      } finally {
        detach();
        mailer?.close();
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        await ctx.close();
      }
    });
}
