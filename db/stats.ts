import type { Knex } from 'knex';
import { preparedRaw } from './prepared.ts';

export interface UserStats {
  matchingProjects: number;
  activeAlerts: number;
}

export const USER_STATS_SQL = `select
  (select count(distinct m.project_id) from alert_matches m join alerts a on a.id = m.alert_id
    where a.user_id = ? and a.is_active and m.score >= ?)::int as matching_projects,
  (select count(*) from alerts where user_id = ? and is_active)::int as active_alerts`;

export async function findUserStats(db: Knex, userId: number, matchThreshold: number): Promise<UserStats> {
  const { rows } = await preparedRaw(db, USER_STATS_SQL, [userId, matchThreshold, userId]);
  return rows[0] as UserStats;
}
