import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { isEmailTokenUsable } from '../../../db/email-tokens.ts';
import type { UserRow } from '../../../db/users.ts';
import type { ApiDeps } from '../../api-deps.ts';
import { authenticateUser } from '../../commands/authenticate-user.ts';
import { registerUser } from '../../commands/register-user.ts';
import { requestPasswordReset } from '../../commands/request-password-reset.ts';
import { resetPassword } from '../../commands/reset-password.ts';
import { sendVerificationEmail } from '../../commands/send-verification-email.ts';
import { verifyEmail } from '../../commands/verify-email.ts';
import { ConflictError } from '../../errors.ts';
import { byBodyField, byIp, byUserEmail, rateLimit } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser } from '../../middleware/require-user.ts';
import { presentUser } from '../../presenters/user.ts';
import { validateBody, validateQuery } from '../../validate.ts';
import { ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody, ResetTokenQuery, TokenQuery } from './schema.ts';
import { apiRouter } from '../api-router.ts';

/** A fresh session id on every login, so an id planted before login is worthless after it. */
async function openSession(ctx: ParameterizedContext, user: UserRow): Promise<void> {
  if (!ctx.session) throw new Error('session middleware missing');
  ctx.session.userId = user.id;
  await ctx.session.regenerate();
}

export function authRoutes(deps: ApiDeps): Router {
  const { db, rateLimits } = deps;
  const router = apiRouter('/api');
  const perEmailEndpoint = (action: string, field: string) =>
    rateLimit(db, action, [byIp(rateLimits.emailPerIp), byBodyField(rateLimits.emailPerAddress, field)]);

  router.post('/register', perEmailEndpoint('register', 'email'), async (ctx) => {
    const body = validateBody(ctx, RegisterBody);
    const { user } = await registerUser(deps, body);
    await openSession(ctx, user);
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  const perIpToken = (action: string) => rateLimit(db, action, [byIp(rateLimits.tokenPerIp)]);

  router.post('/login', rateLimit(db, 'login', [byIp(rateLimits.loginPerIp)]), async (ctx) => {
    const body = validateBody(ctx, LoginBody);
    const user = await authenticateUser(deps, body.username, body.password, ctx.ip);
    await openSession(ctx, user);
    ctx.body = presentUser(user);
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.body = { message: 'Logged out' };
  });

  router.post(
    '/resend-verification',
    requireUser(db),
    rateLimit(db, 'resend-verification', [byIp(rateLimits.emailPerIp), byUserEmail(rateLimits.emailPerAddress)]),
    async (ctx) => {
      const user = currentUser(ctx);
      if (user.emailVerifiedAt) throw new ConflictError('Your email address is already verified', 'already_verified');
      await sendVerificationEmail(deps, user);
      ctx.body = { message: 'Verification email sent' };
    },
  );

  router.get('/verify-email', perIpToken('verify-email'), async (ctx) => {
    const { token } = validateQuery(ctx, TokenQuery);
    await verifyEmail(deps, token);
    ctx.body = { message: 'Email verified' };
  });

  // The lookup, the token and the e-mail all happen after the answer is sent: an address with an account must not
  // take longer to answer than one without.
  router.post('/forgot-password', perEmailEndpoint('forgot-password', 'email'), async (ctx) => {
    const { email } = validateBody(ctx, ForgotPasswordBody);
    const answered = new Promise((resolve) => ctx.res.once('close', resolve));
    deps.background.run(
      'password-reset-mail',
      answered.then(() => deps.mailQueue.add(() => requestPasswordReset(deps, email))),
    );
    ctx.body = { message: 'If an account exists for this address, a reset link has been sent' };
  });

  router.get('/check-reset-token', perIpToken('check-reset-token'), async (ctx) => {
    const { token } = validateQuery(ctx, ResetTokenQuery);
    ctx.body = { valid: await isEmailTokenUsable(db.knex, 'reset', token) };
  });

  router.post('/reset-password', perIpToken('reset-password'), async (ctx) => {
    const body = validateBody(ctx, ResetPasswordBody);
    await resetPassword(deps, body.token, body.newPassword, ctx.session?.externalKey);
    ctx.body = { message: 'Password updated' };
  });

  return router;
}
