import { enqueueIncompleteSummaries, enqueueProjectSummary, findProjectSummaries, getQueueStatus } from '../db/summaries.ts';
import { relearnAlert } from '../pipeline/feedback/relearn-alert.ts';
import { resetProjects } from '../pipeline/normalize/reset-projects.ts';
import { scoreAlertNow } from '../pipeline/score/score-alert-now.ts';
import { scrape } from '../pipeline/scrape.ts';
import { isScrapeRunning, withScrapeLock } from '../pipeline/stage-lock.ts';
import { summarizerLanguages } from '../pipeline/summarize/summary-languages.ts';
import type { PipelinePorts } from './pipeline-ports.ts';

export const defaultPipelinePorts: PipelinePorts = {
  scoreAlertNow: (db, alertId) => scoreAlertNow(db, alertId),
  relearnAlert: (db, alertId) => relearnAlert(db, alertId),
  getQueueStatus,
  enqueueProjectSummary,
  enqueueIncompleteSummaries: (db, config) => enqueueIncompleteSummaries(db, summarizerLanguages(config)),
  findProjectSummaries,
  scrape: (deps) => scrape(deps),
  withScrapeLock,
  isScrapeRunning,
  resetProjects,
};
