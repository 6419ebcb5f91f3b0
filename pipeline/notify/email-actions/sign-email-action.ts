import { createHmac, timingSafeEqual } from 'node:crypto';

export const EMAIL_ACTIONS = ['relevant', 'not_relevant', 'watch'] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];

export interface EmailActionTarget {
  action: EmailAction;
  userId: number;
  alertId: number;
  projectId: number;
}

export function signEmailAction(key: string, target: EmailActionTarget): string {
  return createHmac('sha256', key).update(`vigie-email-action\n${target.action}\n${target.userId}\n${target.alertId}\n${target.projectId}`).digest('base64url');
}

export function verifyEmailAction(key: string, target: EmailActionTarget, signature: string): boolean {
  const expected = Buffer.from(signEmailAction(key, target));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The SPA page that performs the action and confirms it in the recipient's language. */
export function emailActionUrl(publicUrl: string, key: string, target: EmailActionTarget, language: string): string {
  const query = new URLSearchParams({
    action: target.action,
    u: String(target.userId),
    a: String(target.alertId),
    p: String(target.projectId),
    s: signEmailAction(key, target),
    lang: language,
  });
  return `${publicUrl}/email-action?${query.toString()}`;
}
