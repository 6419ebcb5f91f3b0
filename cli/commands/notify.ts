import type { Command } from 'commander';
import { z } from 'zod';
import { migrateLatest } from '../../db/migrate.ts';
import { createMailer } from '../../pipeline/mail/mailer.ts';
import { describeNotifySummary } from '../../pipeline/notify/describe-notify-summary.ts';
import { notify } from '../../pipeline/notify/notify-stage.ts';
import { sendReminders } from '../../pipeline/notify/reminders/send-reminders.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson } from '../context.ts';

const Flags = z.object({
  frequency: z.enum(['immediate', 'daily', 'weekly', 'all'], { error: '--frequency must be immediate, daily, weekly or all' }).default('all'),
  due: z.boolean().default(false),
  json: z.boolean().default(false),
});

function parseFlags(raw: unknown) {
  const parsed = Flags.safeParse(raw);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

export function registerNotify(program: Command): void {
  program
    .command('notify')
    .description('e-mail each verified subscriber one digest of their new matches, and the due reminders of watched projects')
    .option('--frequency <frequency>', 'immediate, daily, weekly or all', 'all')
    .option('--due', `only the frequencies due now (daily after NOTIFY_DAILY_AT Europe/Zurich, weekly on Mondays)`)
    .option('--json', 'print the summary as JSON')
    .action(async (raw: unknown) => {
      const { frequency, due, json } = parseFlags(raw);
      const ctx = openCommandContext();
      const { config, logger } = ctx;
      const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
      try {
        await migrateLatest(ctx.db.knex);
        const summary = await notify({ db: ctx.db.knex, logger, config, mailer }, { frequency, due });
        const reminders = await sendReminders({ db: ctx.db.knex, logger, mailer, publicUrl: config.publicUrl, now: new Date(), requireSubscription: config.stripe !== undefined });
        if (json) printJson({ ok: true, ...summary, ...reminders });
        else console.log(`${describeNotifySummary(summary)}; ${reminders.remindersSent} reminder${reminders.remindersSent === 1 ? '' : 's'} sent`);
      } finally {
        mailer.close();
        await ctx.close();
      }
    });
}
