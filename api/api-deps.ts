import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../pipeline/mail/mailer.ts';
import type { BackgroundTasks } from './background-tasks.ts';
import type { RateLimitRule } from './middleware/rate-limit.ts';
import type { PipelinePorts } from './pipeline-ports.ts';
import type { ProjectCountCache } from './project-count-cache.ts';

export interface RateLimitSettings {
  loginPerAccount: RateLimitRule;
  loginPerIp: RateLimitRule;
  emailPerIp: RateLimitRule;
  emailPerAddress: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerAccount: { limit: 5, windowSeconds: 60 },
  loginPerIp: { limit: 20, windowSeconds: 60 },
  emailPerIp: { limit: 5, windowSeconds: 3600 },
  emailPerAddress: { limit: 5, windowSeconds: 3600 },
};

/** Everything a route needs, built once by createApp. */
export interface ApiDeps {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  pipeline: PipelinePorts;
  rateLimits: RateLimitSettings;
  projectCounts: ProjectCountCache;
  background: BackgroundTasks;
}
