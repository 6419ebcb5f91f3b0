import type { Knex } from 'knex';
import { countActiveAlerts, findUserAlert, insertAlert, updateUserAlert, type AlertFields, type AlertWithMatchCount } from '../../db/alerts.ts';
import { lockUser } from '../../db/users.ts';
import { MAX_ACTIVE_ALERTS } from '../../domain/plans.ts';
import { ScoringStoppedError } from '../../pipeline/score/scoring-stopped-error.ts';
import type { ApiDeps } from '../api-deps.ts';
import { ensureAlertEntitlement } from '../billing/ensure-alert-entitlement.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';

export const ALERT_NOT_FOUND = 'Alert not found';
export const ALERT_LIMIT_REACHED = `You can have at most ${MAX_ACTIVE_ALERTS} active alerts; deactivate or delete one first`;

async function ensureActiveAlertRoom(trx: Knex.Transaction, userId: number, exceptId?: number): Promise<void> {
  await lockUser(trx, userId);
  if ((await countActiveAlerts(trx, userId, exceptId)) >= MAX_ACTIVE_ALERTS) throw new ForbiddenError(ALERT_LIMIT_REACHED, 'alert_limit_reached');
}

/**
 * Scores the alert against existing projects in the request (local scorer), then reads it back with its match count.
 * When the server is stopping the alert is answered as saved, so that no one saves it twice; the next pipeline run scores it.
 */
async function scoreAndReload(deps: Pick<ApiDeps, 'db' | 'pipeline' | 'config'>, userId: number, alertId: number): Promise<AlertWithMatchCount> {
  try {
    await deps.pipeline.scoreAlertNow(deps.db.knex, alertId);
  } catch (error) {
    if (!(error instanceof ScoringStoppedError)) throw error;
  }
  const alert = await findUserAlert(deps.db.knex, userId, alertId, deps.config.thresholds.match);
  if (!alert) throw new NotFoundError(ALERT_NOT_FOUND);
  return alert;
}

export async function createAlert(deps: Pick<ApiDeps, 'db' | 'pipeline' | 'config'>, userId: number, fields: AlertFields): Promise<AlertWithMatchCount> {
  const created = await deps.db.knex.transaction(async (trx) => {
    await ensureAlertEntitlement(trx, deps.config, userId);
    if (fields.isActive) await ensureActiveAlertRoom(trx, userId);
    return insertAlert(trx, userId, fields);
  });
  return scoreAndReload(deps, userId, created.id);
}

export async function updateAlert(
  deps: Pick<ApiDeps, 'db' | 'pipeline' | 'config'>,
  userId: number,
  alertId: number,
  fields: Partial<AlertFields>,
): Promise<AlertWithMatchCount> {
  const updated = await deps.db.knex.transaction(async (trx) => {
    if (fields.isActive === true) {
      await ensureAlertEntitlement(trx, deps.config, userId);
      await ensureActiveAlertRoom(trx, userId, alertId);
    }
    return updateUserAlert(trx, userId, alertId, fields);
  });
  if (!updated) throw new NotFoundError(ALERT_NOT_FOUND);
  return scoreAndReload(deps, userId, alertId);
}
