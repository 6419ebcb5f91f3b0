import type { Knex } from 'knex';
import * as createAccounts from './migrations/20261122100000-create-accounts.ts';
import * as createProjects from './migrations/20261122100100-create-projects.ts';
import * as addProjectSearch from './migrations/20261122100200-add-project-search.ts';
import * as createAlertsAndMatches from './migrations/20261122100300-create-alerts-and-matches.ts';
import * as createSummaries from './migrations/20261122100400-create-summaries.ts';
import * as createSentEmails from './migrations/20261122100500-create-sent-emails.ts';
import * as createBilling from './migrations/20261122100600-create-billing.ts';
import * as addSubscriptionEventTime from './migrations/20261123100000-add-subscription-event-time.ts';
import * as addDigestDelivery from './migrations/20261124090000-add-digest-delivery.ts';
import * as addDigestExcerpt from './migrations/20261204090000-add-digest-excerpt.ts';
import * as createNotifySchedule from './migrations/20261206100000-create-notify-schedule.ts';
import * as addDigestRetrySchedule from './migrations/20261202100000-add-digest-retry-schedule.ts';
import * as createPublicationRetries from './migrations/20261202100100-create-publication-retries.ts';
import * as createAlertFeedback from './migrations/20261205100000-create-alert-feedback.ts';
import * as createWatchlist from './migrations/20261205100100-create-watchlist.ts';
import * as addEmailLinkKey from './migrations/20261205100200-add-email-link-key.ts';
import * as createLearnedAssociations from './migrations/20261207100000-create-learned-associations.ts';
import * as alertMatchesScoreIndexCoversProject from './migrations/20261208100000-alert-matches-score-index-covers-project.ts';
import * as addLearnedAssociationsScorerVersion from './migrations/20261209100000-add-learned-associations-scorer-version.ts';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed here rather than read from disk so migrations run the same under tsx, vitest and a bundle.
const MIGRATIONS: Record<string, Migration> = {
  '20261122100000-create-accounts': createAccounts,
  '20261122100100-create-projects': createProjects,
  '20261122100200-add-project-search': addProjectSearch,
  '20261122100300-create-alerts-and-matches': createAlertsAndMatches,
  '20261122100400-create-summaries': createSummaries,
  '20261122100500-create-sent-emails': createSentEmails,
  '20261122100600-create-billing': createBilling,
  '20261123100000-add-subscription-event-time': addSubscriptionEventTime,
  '20261124090000-add-digest-delivery': addDigestDelivery,
  '20261204090000-add-digest-excerpt': addDigestExcerpt,
  '20261206100000-create-notify-schedule': createNotifySchedule,
  '20261202100000-add-digest-retry-schedule': addDigestRetrySchedule,
  '20261202100100-create-publication-retries': createPublicationRetries,
  '20261205100000-create-alert-feedback': createAlertFeedback,
  '20261205100100-create-watchlist': createWatchlist,
  '20261205100200-add-email-link-key': addEmailLinkKey,
  '20261207100000-create-learned-associations': createLearnedAssociations,
  '20261208100000-alert-matches-score-index-covers-project': alertMatchesScoreIndexCoversProject,
  '20261209100000-add-learned-associations-scorer-version': addLearnedAssociationsScorerVersion,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name]!,
};

const options: Knex.MigratorConfig = { migrationSource: source, tableName: 'knex_migrations' };

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(options)) as [number, string[]];
  return applied;
}

/** Reverts the most recent batch, or every batch with `all`. */
export async function migrateDown(knex: Knex, all = false): Promise<string[]> {
  const [, reverted] = (await knex.migrate.rollback(options, all)) as [number, string[]];
  return reverted;
}

/** Reverts the last applied migration, one at a time, `count` times; the names reverted, newest first. */
export async function migrateDownSteps(knex: Knex, count: number): Promise<string[]> {
  const reverted: string[] = [];
  for (let step = 0; step < count; step += 1) {
    const [, names] = (await knex.migrate.down(options)) as [number, string[]];
    if (names.length === 0) break;
    reverted.push(...names);
  }
  return reverted;
}

/** Tables whose rows an operator would lose: users and what they set up, and the scraped data. */
const DATA_TABLES = ['users', 'alerts', 'projects', 'raw_publications', 'sent_emails', 'subscriptions'];

/** How many rows the data tables that exist hold, per table with rows; empty for a fresh database. */
export async function countStoredRows(knex: Knex): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of DATA_TABLES) {
    if (!(await knex.schema.hasTable(table))) continue;
    const [row] = await knex(table).count<Array<{ count: string | number }>>({ count: '*' });
    const count = Number(row?.count ?? 0);
    if (count > 0) found[table] = count;
  }
  return found;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

export async function migrationStatus(knex: Knex): Promise<MigrationStatus> {
  const [completed, pending] = (await knex.migrate.list(options)) as [Array<{ name: string } | string>, Array<{ file: string } | string>];
  return {
    applied: completed.map((m) => (typeof m === 'string' ? m : m.name)),
    pending: pending.map((m) => (typeof m === 'string' ? m : m.file)),
  };
}
