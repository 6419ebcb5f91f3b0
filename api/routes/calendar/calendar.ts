import type Router from '@koa/router';
import { z } from 'zod';
import { findUserByCalendarToken } from '../../../db/reminder-settings.ts';
import { findWatchlist } from '../../../db/watchlist.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { apiRouter } from '../api-router.ts';
import { NotFoundError } from '../../errors.ts';
import { buildCalendar } from './build-calendar.ts';

const CALENDAR_NOT_FOUND = 'No calendar at this address (the link may have been renewed)';
const FeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, CALENDAR_NOT_FOUND) });

/** The calendar feed: no session (calendar apps have none); the secret token in the path is the credential. */
export function calendarRoutes(deps: ApiDeps): Router {
  const { db, config } = deps;
  const router = apiRouter('/api');

  router.get('/calendar/:file', async (ctx) => {
    const file = ctx.params.file ?? '';
    if (!file.endsWith('.ics')) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const parsed = FeedParams.safeParse({ token: file.slice(0, -'.ics'.length) });
    if (!parsed.success) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const user = await findUserByCalendarToken(db.knex, parsed.data.token);
    if (!user) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const projects = await findWatchlist(db.knex, user.id);
    ctx.set('Content-Type', 'text/calendar; charset=utf-8');
    ctx.set('Content-Disposition', 'inline; filename="vigie.ics"');
    ctx.set('Cache-Control', 'private, max-age=900');
    ctx.body = buildCalendar(projects, user.language, config.publicUrl);
  });

  return router;
}
