import type { Knex } from 'knex';
import { getOrCreateEmailLinkKey } from '../../../db/email-link-keys.ts';
import type { DigestActionLinks } from '../compose-digest.ts';
import { emailActionUrl } from './sign-email-action.ts';

/** 👍 / 👎 / ☆ links for each match of a user's digest, signed with the user's key (the same links on a re-send). */
export async function digestActionLinksFor(db: Knex, userId: number, language: string, publicUrl: string): Promise<DigestActionLinks | undefined> {
  const key = await getOrCreateEmailLinkKey(db, userId);
  if (!key) return undefined;
  return (entry) => {
    const target = { userId, alertId: entry.alertId, projectId: entry.projectId };
    return {
      relevant: emailActionUrl(publicUrl, key, { ...target, action: 'relevant' }, language),
      notRelevant: emailActionUrl(publicUrl, key, { ...target, action: 'not_relevant' }, language),
      watch: emailActionUrl(publicUrl, key, { ...target, action: 'watch' }, language),
    };
  };
}
