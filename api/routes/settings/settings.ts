import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import { getReminderSettings, setCalendarToken, updateReminderSettings } from '../../../db/reminder-settings.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { apiRouter } from '../api-router.ts';
import { NotFoundError } from '../../errors.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { validateBody } from '../../validate.ts';
import { SettingsBody } from './schema.ts';

export const newCalendarToken = () => randomBytes(24).toString('base64url');

/** The user's reminder settings and calendar feed address. */
export function settingsRoutes(deps: ApiDeps): Router {
  const { db, config } = deps;
  const router = apiRouter('/api');
  const signedIn = requireUser(db);

  const present = async (userId: number) => {
    let settings = await getReminderSettings(db.knex, userId);
    if (!settings) throw new NotFoundError('User not found');
    if (!settings.calendarToken) {
      await setCalendarToken(db.knex, userId, newCalendarToken());
      settings = (await getReminderSettings(db.knex, userId))!;
    }
    const calendarUrl = `${config.publicUrl}/api/calendar/${settings.calendarToken}.ics`;
    return {
      remindersEnabled: settings.remindersEnabled,
      reminderDays: settings.reminderDays,
      calendarUrl,
      webcalUrl: calendarUrl.replace(/^https?:/, 'webcal:'),
    };
  };

  router.get('/settings', signedIn, async (ctx) => {
    ctx.body = await present(currentUser(ctx).id);
  });

  router.put('/settings', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    const body = validateBody(ctx, SettingsBody);
    await updateReminderSettings(db.knex, user.id, body);
    ctx.body = await present(user.id);
  });

  router.post('/settings/calendar-token', signedIn, async (ctx) => {
    const user = currentUser(ctx);
    await setCalendarToken(db.knex, user.id, newCalendarToken());
    ctx.body = await present(user.id);
  });

  return router;
}
