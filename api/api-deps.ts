import type PQueue from 'p-queue';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../pipeline/mail/mailer.ts';
import type { BackgroundTasks } from './background-tasks.ts';
import type { RateLimitRule } from './middleware/rate-limit.ts';
import type { PipelinePorts } from './pipeline-ports.ts';
import type { ProjectCountCache } from './project-count-cache.ts';
import type { ProjectPageCache } from './project-page-cache.ts';

export interface RateLimitSettings {
  /** Failed logins per account, whatever the IP or the spelling (username or e-mail): ASVS 2.2.1's ceiling. */
  loginPerAccount: RateLimitRule;
  /** Failed logins per account from one IP: tighter steps, so the wait grows the longer one address keeps guessing. */
  loginPerAccountIp: RateLimitRule[];
  loginPerIp: RateLimitRule;
  emailPerIp: RateLimitRule;
  emailPerAddress: RateLimitRule;
  /** Requests that present a mailed token (reset-password, verify-email, check-reset-token) per IP. */
  tokenPerIp: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerAccount: { limit: 100, windowSeconds: 3600 },
  loginPerAccountIp: [
    { limit: 5, windowSeconds: 60 },
    { limit: 10, windowSeconds: 900 },
    { limit: 20, windowSeconds: 3600 },
  ],
  loginPerIp: { limit: 20, windowSeconds: 60 },
  emailPerIp: { limit: 5, windowSeconds: 3600 },
  emailPerAddress: { limit: 5, windowSeconds: 3600 },
  tokenPerIp: { limit: 10, windowSeconds: 600 },
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
  projectPages: ProjectPageCache;
  background: BackgroundTasks;
  /** Mails sent after the answer (password reset), a few at a time so a burst of requests does not flood SMTP. */
  mailQueue: PQueue;
}
