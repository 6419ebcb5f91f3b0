import type Router from '@koa/router';
import Koa from 'koa';
import PQueue from 'p-queue';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../pipeline/mail/mailer.ts';
import { DEFAULT_RATE_LIMITS, type ApiDeps, type RateLimitSettings } from './api-deps.ts';
import { createBackgroundTasks, type BackgroundTasks } from './background-tasks.ts';
import { defaultPipelinePorts } from './default-pipeline-ports.ts';
import { jsonBody } from './middleware/body-parser.ts';
import { errorHandler } from './middleware/error-handler.ts';
import type { InFlightRequests } from './middleware/in-flight.ts';
import { originCheck } from './middleware/origin-check.ts';
import { requestId } from './middleware/request-id.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { serveWebApp, WEB_DIST } from './middleware/serve-web-app.ts';
import { sessions } from './middleware/session.ts';
import type { PipelinePorts } from './pipeline-ports.ts';
import { createProjectCountCache } from './project-count-cache.ts';
import { createProjectPageCache } from './project-page-cache.ts';
import { alertRoutes } from './routes/alerts/alerts.ts';
import { authRoutes } from './routes/auth/auth.ts';
import { configRoutes } from './routes/config/config.ts';
import { calendarRoutes } from './routes/calendar/calendar.ts';
import { emailActionRoutes } from './routes/email-actions/email-actions.ts';
import { feedbackRoutes } from './routes/feedback/feedback.ts';
import { healthRoutes } from './routes/health/health.ts';
import { notificationRoutes } from './routes/notifications/notifications.ts';
import { projectRoutes } from './routes/projects/projects.ts';
import { queueRoutes } from './routes/queue/queue.ts';
import { scrapeRoutes } from './routes/scrape/scrape.ts';
import { sessionKeysFor } from './session-keys.ts';
import { statsRoutes } from './routes/stats/stats.ts';
import { subscriptionRoutes } from './routes/subscription/subscription.ts';
import { unsubscribeRoutes } from './routes/unsubscribe/unsubscribe.ts';
import { settingsRoutes } from './routes/settings/settings.ts';
import { userRoutes } from './routes/user/user.ts';
import { watchlistRoutes } from './routes/watchlist/watchlist.ts';
import { webhookRoutes } from './routes/webhooks/webhooks.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  /** Pipeline functions; the real ones unless a test replaces some. */
  pipeline?: Partial<PipelinePorts>;
  rateLimits?: Partial<RateLimitSettings>;
  /** How long an unfiltered project count and a page of the list without a text search may be reused (default 2 s; 0: read every time). */
  projectListTtlMs?: number;
  background?: BackgroundTasks;
  /** The built SPA served outside /api (default web/dist). */
  webRoot?: string;
  /** Counts the requests being handled, for a shutdown that waits for them (cli/commands/serve.ts). */
  inFlight?: InFlightRequests;
}

/** A new or changed project appears in the list within this time. */
const PROJECT_LIST_TTL_MS = 2000;

export function createApp(options: AppDependencies): Koa {
  const { config, db, logger } = options;
  const deps: ApiDeps = {
    config,
    db,
    logger,
    mailer: options.mailer,
    pipeline: { ...defaultPipelinePorts, ...options.pipeline },
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    projectCounts: createProjectCountCache(options.projectListTtlMs ?? PROJECT_LIST_TTL_MS),
    projectPages: createProjectPageCache(options.projectListTtlMs ?? PROJECT_LIST_TTL_MS),
    background: options.background ?? createBackgroundTasks(logger),
    mailQueue: new PQueue({ concurrency: 2 }),
  };
  const app = new Koa({ proxy: false });
  app.silent = true;
  if (options.inFlight) app.use(options.inFlight.middleware);
  app.use(requestId(logger));
  app.use(securityHeaders(config.publicUrl));
  app.use(errorHandler());
  app.use(serveWebApp(options.webRoot ?? WEB_DIST));
  app.use(originCheck(config.publicUrl));
  for (const middleware of sessions(app, db, { keys: sessionKeysFor(config), secure: new URL(config.publicUrl).protocol === 'https:' })) {
    app.use(middleware);
  }
  app.use(jsonBody());
  const routers = [
    healthRoutes(db),
    ...[
      authRoutes,
      userRoutes,
      alertRoutes,
      projectRoutes,
      statsRoutes,
      subscriptionRoutes,
      notificationRoutes,
      scrapeRoutes,
      queueRoutes,
      webhookRoutes,
      feedbackRoutes,
      watchlistRoutes,
      settingsRoutes,
      calendarRoutes,
      emailActionRoutes,
      configRoutes,
      unsubscribeRoutes,
    ].map((routes) => routes(deps)),
  ];
  for (const router of routers) {
    assertStrictRouting(router);
    app.use(router.routes()).use(router.allowedMethods());
  }
  mountedRouters.set(app, routers);
  return app;
}

const mountedRouters = new WeakMap<Koa, Router[]>();

/** Every method and path the app answers, for tests that walk all routes. */
export function registeredRoutes(app: Koa): Array<{ method: string; path: string }> {
  return (mountedRouters.get(app) ?? []).flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))),
  );
}

/** A case-changed or slash-padded path must not reach a handler whose guard was registered for the exact path. */
function assertStrictRouting(router: Router): void {
  if (router.opts.sensitive !== true || router.opts.strict !== true) throw new Error(`router ${router.opts.prefix ?? '/'} must be created with apiRouter()`);
}
