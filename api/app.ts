import Koa from 'koa';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../pipeline/mail/mailer.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { requestId } from './middleware/request-id.ts';
import { healthRoutes } from './routes/health/health.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
}

export function createApp(deps: AppDependencies): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestId(deps.logger));
  app.use(errorHandler());
  const health = healthRoutes(deps.db);
  app.use(health.routes()).use(health.allowedMethods());
  return app;
}
