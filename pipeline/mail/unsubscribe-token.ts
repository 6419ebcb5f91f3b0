import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed unsubscribe link stops: one alert's e-mails, or every digest of the user. */
export type UnsubscribeScope = { userId: number; alertId: number } | { userId: number; alertId: 'all' };

const PURPOSE = 'vigie-unsubscribe-v1';

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(`${PURPOSE}:${payload}`).digest('base64url');
}

/** `u<user>.a<alert|all>.<hmac>`: no expiry, as RFC 8058 links must keep working long after the e-mail. */
export function signUnsubscribeToken(keys: readonly string[], scope: UnsubscribeScope): string {
  const key = keys[0];
  if (!key) throw new Error('no signing key');
  const payload = `u${scope.userId}.a${scope.alertId}`;
  return `${payload}.${signature(key, payload)}`;
}

/** The scope of a token signed with any of `keys` (rotation keeps old links valid), or null. */
export function verifyUnsubscribeToken(keys: readonly string[], token: string): UnsubscribeScope | null {
  const match = /^u([1-9]\d{0,15})\.a([1-9]\d{0,15}|all)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, user, alert, given] = match as unknown as [string, string, string, string];
  const payload = `u${user}.a${alert}`;
  const givenBytes = Buffer.from(given);
  const valid = keys.some((key) => {
    const expected = Buffer.from(signature(key, payload));
    return expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes);
  });
  if (!valid) return null;
  const userId = Number(user);
  return alert === 'all' ? { userId, alertId: 'all' } : { userId, alertId: Number(alert) };
}

export function unsubscribeUrl(publicUrl: string, keys: readonly string[], scope: UnsubscribeScope): string {
  return `${publicUrl}/api/unsubscribe?token=${signUnsubscribeToken(keys, scope)}`;
}
