import { EventEmitter } from 'node:events';
import type { Command } from 'commander';
import { z } from 'zod';
import { parseDuration } from '../../config.ts';
import { migrateLatest } from '../../db/migrate.ts';
import { createMailer, type Mailer } from '../../pipeline/mail/mailer.ts';
import { PIPELINE_STAGES, pipelineStageRunners, type PipelineStageName } from '../../pipeline/pipeline-stages.ts';
import type { StageEvent } from '../../pipeline/stage-runner.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, type CommandContext } from '../context.ts';
import { renderStageProgress } from '../progress.ts';
import { parseFlags } from '../parse-flags.ts';

export const RUN_STAGES = PIPELINE_STAGES;
type StageName = PipelineStageName;

const StageList = z.string().transform((text, ctx) => {
  const names = text.split(',').map((name) => name.trim()).filter(Boolean);
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

interface StageDeps {
  ctx: CommandContext;
  events: EventEmitter<{ event: [StageEvent] }>;
  signal: AbortSignal;
  mailer: () => Mailer;
}

type StageOutcome = { stage: StageName; ok: true; durationMs: number; result: unknown } | { stage: StageName; ok: false; durationMs: number; error: string };

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
}

/** Every stage runs even when an earlier one failed: each works from what is stored. */
async function runRound(stages: StageName[], deps: StageDeps, stopping: () => boolean): Promise<StageOutcome[]> {
  const outcomes: StageOutcome[] = [];
  const { ctx, events, signal, mailer } = deps;
  const runners = pipelineStageRunners({ db: ctx.db, logger: ctx.logger, config: ctx.config, mailer, events, signal });
  for (const stage of stages) {
    if (stopping()) break;
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      outcomes.push({ stage, ok: true, result: await runners[stage](), durationMs: durationMs() });
    } catch (error) {
      if (deps.signal.aborted) throw deps.signal.reason;
      deps.ctx.logger.error(`${stage} failed: ${oneLine(error)}`);
      deps.ctx.logger.debug({ err: error }, `${stage} failure`);
      outcomes.push({ stage, ok: false, error: oneLine(error), durationMs: durationMs() });
    }
  }
  return outcomes;
}

function describeRound(round: number, outcomes: StageOutcome[]): string {
  const parts = outcomes.map((o) => (o.ok ? `${o.stage} ok (${(o.durationMs / 1000).toFixed(1)} s)` : `${o.stage} failed: ${o.error}`));
  return `round ${round}: ${parts.join(', ') || 'stopped before any stage'}`;
}

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
      const ctx = openCommandContext();
      const everyMs = flags.every ?? ctx.config.pipelineEveryMs;
      const events = new EventEmitter<{ event: [StageEvent] }>();
      const detach = flags.json ? () => {} : renderStageProgress(events);
      const abort = new AbortController();
      let mailer: Mailer | undefined;
      const mailerOnce = () => (mailer ??= createMailer({ smtpUrl: ctx.config.mail.smtpUrl, from: ctx.config.mail.from, dataDir: ctx.config.dataDir, logger: ctx.logger }));
      let stopping = false;
      let wake: (() => void) | undefined;
      // The first signal lets the current stage finish; a second one aborts it.
      const onSignal = (signal: NodeJS.Signals) => {
        if (stopping) return abort.abort(new CliError('interrupted', 130));
        stopping = true;
        ctx.logger.warn(`${signal}: stopping after the current stage (send it again to abort)`);
        wake?.();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      const pause = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => wake?.(), ms);
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          };
        });
      try {
        await migrateLatest(ctx.db.knex);
        for (let round = 1; !stopping; round++) {
          const startedAt = Date.now();
          const outcomes = await runRound(flags.stages, { ctx, events, signal: abort.signal, mailer: mailerOnce }, () => stopping);
          const ok = outcomes.length === flags.stages.length && outcomes.every((o) => o.ok);
          if (flags.json) process.stdout.write(`${JSON.stringify({ ok, round, startedAt: new Date(startedAt).toISOString(), stages: outcomes })}\n`);
          else console.log(describeRound(round, outcomes));
          if (flags.once) {
            const failures = outcomes.flatMap((o) => (o.ok ? [] : [`${o.stage} failed: ${o.error}`]));
            if (failures.length > 0) throw new CliError(failures.join('; '));
            if (!ok) throw new CliError('interrupted before every stage ran', 130);
            return;
          }
          if (stopping) break;
          const next = startedAt + everyMs;
          if (!flags.json) console.log(`next round at ${new Date(Math.max(next, Date.now())).toLocaleTimeString()}`);
          await pause(next - Date.now());
        }
      } finally {
        wake?.();
        detach();
        mailer?.close();
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        await ctx.close();
      }
    });
}
