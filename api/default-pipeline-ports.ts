import { findProjectSummaries } from '../db/summaries.ts';
import { relearnAlert } from '../pipeline/feedback/relearn-alert.ts';
import { resetProjects } from '../pipeline/normalize/reset-projects.ts';
import { scoreAlertNow } from '../pipeline/score/score-alert-now.ts';
import { scrape } from '../pipeline/scrape.ts';
import { isScrapeRunning, withScrapeLock } from '../pipeline/stage-lock.ts';
import { addProjectToQueue, getQueueStatus, requeueIncompleteProjects, summarizerLanguages } from '../pipeline/summarize/summary-queue.ts';
import type { PipelinePorts } from './pipeline-ports.ts';

export const defaultPipelinePorts: PipelinePorts = {
  scoreAlertNow: (db, alertId) => scoreAlertNow(db, alertId),
  relearnAlert: (db, alertId) => relearnAlert(db, alertId),
  getQueueStatus,
  addProjectToQueue,
  requeueIncompleteProjects: (db, config) => requeueIncompleteProjects(db, summarizerLanguages(config)),
  findProjectSummaries,
  scrape: (deps) => scrape(deps),
  withScrapeLock,
  isScrapeRunning,
  resetProjects,
};
