import type { Command } from 'commander';
import { z } from 'zod';
import { NOTIFY_FREQUENCIES } from '../../domain/notify-frequencies.ts';
import { migrateLatest } from '../../db/migrate.ts';
import { createMailer } from '../../pipeline/mail/mailer.ts';
import { describeNotifyOutcome } from '../../pipeline/notify/describe-notify-summary.ts';
import { notify, notifyHadFailures } from '../../pipeline/notify/notify-stage.ts';
import { describeReminders } from '../../pipeline/notify/reminders/describe-reminders.ts';
import { sendReminders } from '../../pipeline/notify/reminders/send-reminders.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson, printLine } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

const Flags = z
  .object({
    frequency: z.enum([...NOTIFY_FREQUENCIES, 'all'], { error: '--frequency must be immediate, daily, weekly or all' }).default('all'),
    due: z.boolean().default(false),
    retryFailed: z.boolean().default(false),
    json: z.boolean().default(false),
  })
  .refine((flags) => !(flags.retryFailed && flags.due), { message: '--retry-failed cannot be combined with --due' });

export function registerNotify(program: Command): void {
  program
    .command('notify')
    .description(
      'e-mail each verified subscriber one digest of their new matches, and the due reminders of watched projects; exits 1 when an e-mail could not be sent',
    )
    .option('--frequency <frequency>', 'immediate, daily, weekly or all', 'all')
    .option('--due', `only the frequencies due now (daily after NOTIFY_DAILY_AT Europe/Zurich, weekly on Mondays)`)
    .option('--retry-failed', 'send again now the digests that failed (given up, or waiting for their next try); no new digest')
    .option('--json', 'print the summary as JSON')
    .action(async (raw: unknown) => {
      const { frequency, due, retryFailed, json } = parseFlags(Flags, raw);
      const ctx = openCommandContext();
      const { config, logger } = ctx;
      const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
      try {
        await migrateLatest(ctx.db.knex);
        const summary = await notify({ db: ctx.db.knex, logger, config, mailer }, { frequency, due, retryFailed });
        const reminders = await sendReminders({
          db: ctx.db.knex,
          logger,
          mailer,
          publicUrl: config.publicUrl,
          now: new Date(),
          requireSubscription: config.stripe !== undefined,
        });
        const failed = notifyHadFailures(summary) || reminders.remindersFailed > 0;
        const line = describeNotifyOutcome(summary) + describeReminders(reminders);
        if (failed) throw new CliError(line, 1, { ...summary, ...reminders });
        if (json) printJson({ ok: true, message: line, ...summary, ...reminders });
        else printLine(line);
      } finally {
        mailer.close();
        await ctx.close();
      }
    });
}
