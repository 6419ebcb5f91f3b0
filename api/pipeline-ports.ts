import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import type { ProjectSummariesView, QueueStatus } from '../db/summaries.ts';

export type ScrapeLockOutcome = { started: true; result: unknown } | { started: false };

/** What the API asks of the pipeline; the app takes real implementations by default and fakes in tests. */
export interface PipelinePorts {
  scoreAlertNow(db: Knex, alertId: number): Promise<{ scored: number; matches: number }>;
  /** Learns the alert's more-like / less-like from its feedback (the next local pass applies it). */
  relearnAlert(db: Knex, alertId: number): Promise<void>;
  getQueueStatus(db: Knex): Promise<QueueStatus>;
  enqueueProjectSummary(db: Knex, projectId: number): Promise<boolean>;
  enqueueIncompleteSummaries(db: Knex, config: Config): Promise<number>;
  findProjectSummaries(db: Knex, projectId: number): Promise<ProjectSummariesView>;
  scrape(deps: { db: Knex; logger: Logger; config: Config }): Promise<unknown>;
  withScrapeLock(db: Database, fn: () => Promise<unknown>): Promise<ScrapeLockOutcome>;
  isScrapeRunning(db: Database): Promise<boolean>;
  resetProjects(db: Knex): Promise<{ projectsCount: number }>;
}
