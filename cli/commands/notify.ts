import type { Command } from 'commander';
import { z } from 'zod';
import { NOTIFY_FREQUENCIES } from '../../domain/notify-frequencies.ts';
import { migrateLatest } from '../../db/migrate.ts';
import { createMailer } from '../../pipeline/mail/mailer.ts';
import { describeNotifySummary } from '../../pipeline/notify/describe-notify-summary.ts';
import { notify } from '../../pipeline/notify/notify-stage.ts';
import { openCommandContext, printJson } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

const Flags = z.object({
  frequency: z.enum([...NOTIFY_FREQUENCIES, 'all'], { error: '--frequency must be immediate, daily, weekly or all' }).default('all'),
  due: z.boolean().default(false),
  json: z.boolean().default(false),
});

export function registerNotify(program: Command): void {
  program
    .command('notify')
    .description('e-mail each verified subscriber one digest of their new matches')
    .option('--frequency <frequency>', 'immediate, daily, weekly or all', 'all')
    .option('--due', `only the frequencies due now (daily after NOTIFY_DAILY_AT Europe/Zurich, weekly on Mondays)`)
    .option('--json', 'print the summary as JSON')
    .action(async (raw: unknown) => {
      const { frequency, due, json } = parseFlags(Flags, raw);
      const ctx = openCommandContext();
      const { config, logger } = ctx;
      const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
      try {
        await migrateLatest(ctx.db.knex);
        const summary = await notify({ db: ctx.db.knex, logger, config, mailer }, { frequency, due });
        if (json) printJson({ ok: true, ...summary });
        else console.log(describeNotifySummary(summary));
      } finally {
        mailer.close();
        await ctx.close();
      }
    });
}
