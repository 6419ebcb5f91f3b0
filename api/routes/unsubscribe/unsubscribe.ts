import type { Context } from 'koa';
import { z } from 'zod';
import { deactivateUserAlerts, findUserAlert } from '../../../db/alerts.ts';
import { findUserById } from '../../../db/users.ts';
import { verifyUnsubscribeToken, type UnsubscribeScope } from '../../../pipeline/mail/unsubscribe-token.ts';
import { EMAIL_LANGUAGES, type EmailLanguage } from '../../../pipeline/mail/render-email.ts';
import { secretKeysFor } from '../../../secret-keys.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { apiRouter } from '../api-router.ts';
import { renderUnsubscribePage, type UnsubscribePageState } from './unsubscribe-page.ts';

const TokenQuery = z.object({ token: z.string().max(200).optional() });

/**
 * Login-free, signed unsubscribe (RFC 8058): GET shows a confirmation page (link scanners prefetch GETs, so it
 * changes nothing); POST — the mail client's one-click `List-Unsubscribe=One-Click` or the page's button — stops
 * the e-mails by deactivating the alert, or every alert of the user.
 */
export function unsubscribeRoutes(deps: ApiDeps) {
  const { db, config } = deps;
  const keys = secretKeysFor(config);
  const router = apiRouter('/api');

  const resolve = async (ctx: Context) => {
    const parsed = TokenQuery.safeParse(ctx.query);
    const scope: UnsubscribeScope | null = parsed.success && parsed.data.token ? verifyUnsubscribeToken(keys, parsed.data.token) : null;
    const user = scope ? await findUserById(db.knex, scope.userId) : undefined;
    const fallback = (ctx.acceptsLanguages([...EMAIL_LANGUAGES]) || 'fr') as EmailLanguage;
    return { scope: user ? scope : null, language: user?.language ?? fallback, token: parsed.success ? (parsed.data.token ?? '') : '' };
  };

  const page = (ctx: Context, language: EmailLanguage, state: UnsubscribePageState, token: string) => {
    ctx.status = state.kind === 'invalid' ? 400 : 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    // A page of its own: no script at all, its one inline style block, a form posting back here.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    // A Buffer, not a string: the error middleware turns string bodies of /api errors into JSON.
    ctx.body = Buffer.from(
      renderUnsubscribePage(language, state, { action: `/api/unsubscribe?token=${encodeURIComponent(token)}`, alerts: `${config.publicUrl}/alerts` }),
    );
  };

  router.get('/unsubscribe', async (ctx) => {
    const { scope, language, token } = await resolve(ctx);
    if (!scope) return page(ctx, language, { kind: 'invalid' }, token);
    const alert = scope.alertId === 'all' ? undefined : await findUserAlert(db.knex, scope.userId, scope.alertId, config.thresholds.match);
    page(ctx, language, { kind: 'confirm', scope: scope.alertId === 'all' ? 'all' : 'alert', prompt: alert?.prompt ?? null }, token);
  });

  router.post('/unsubscribe', async (ctx) => {
    const { scope, language, token } = await resolve(ctx);
    if (!scope) return page(ctx, language, { kind: 'invalid' }, token);
    const stopped = await deactivateUserAlerts(db.knex, scope.userId, scope.alertId === 'all' ? undefined : scope.alertId);
    deps.logger.info({ userId: scope.userId, alertId: scope.alertId, stopped: stopped.length }, 'unsubscribed from e-mails');
    page(ctx, language, { kind: 'done', scope: scope.alertId === 'all' ? 'all' : 'alert', stopped: stopped.length }, token);
  });

  return router;
}
