import type { DigestCandidate, DigestEntry, DigestLanguage, StoredDigest } from '../../db/sent-emails.ts';
import { renderEmail, type RenderedEmail } from '../mail/render-email.ts';
import { digestTemplate, type DigestGroupVars } from '../mail/templates/digest.ts';
import { unsubscribeUrl } from '../mail/unsubscribe-token.ts';

const LOCALISED_TITLE = { fr: 'titleFr', de: 'titleDe', it: 'titleIt', en: 'titleEn' } as const;
export const EXCERPT_LENGTH = 280;

export function simapProjectUrl(simapProjectId: string, language: DigestLanguage): string {
  return `https://www.simap.ch/${language}/project-detail/${encodeURIComponent(simapProjectId)}`;
}

/** The first sentences of a summary or description, whole words, at most `max` characters. */
export function excerptOf(text: string | null | undefined, max = EXCERPT_LENGTH): string | null {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return null;
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const sentence = cut.lastIndexOf('. ');
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, '')} …`;
}

/** A candidate as its digest will keep it, titled in the recipient's language (falling back to the title). */
export function toDigestEntry(candidate: DigestCandidate, language: DigestLanguage): DigestEntry {
  return {
    alertId: candidate.alertId,
    simapProjectId: candidate.simapProjectId,
    projectId: candidate.projectId,
    score: candidate.score,
    alertPrompt: candidate.alertPrompt,
    explanation: candidate.explanation,
    projectTitle: candidate[LOCALISED_TITLE[language]] || candidate.title,
    projectOrganization: candidate.organization,
    deadline: candidate.deadline,
    excerpt: excerptOf(candidate.summary) ?? excerptOf(candidate.description),
  };
}

function byScoreThenTitle(a: DigestEntry, b: DigestEntry): number {
  return b.score - a.score || a.projectTitle.localeCompare(b.projectTitle) || a.alertId - b.alertId || a.simapProjectId.localeCompare(b.simapProjectId);
}

export interface ComposedDigest extends RenderedEmail {
  /** RFC 2369 / RFC 8058 headers: one-click unsubscribe from every digest. */
  headers: Record<string, string>;
}

/**
 * The digest's e-mail, from stored rows only, so that a retry renders exactly what the first attempt did: one
 * section per alert (the alert with the best match first), matches best first, each alert with its unsubscribe link.
 */
export function composeDigest(digest: StoredDigest, publicUrl: string, signingKeys: readonly string[]): ComposedDigest {
  const language = digest.language;
  const groups = new Map<number, DigestGroupVars>();
  for (const entry of [...digest.entries].sort(byScoreThenTitle)) {
    let group = groups.get(entry.alertId);
    if (!group) {
      group = {
        alertPrompt: entry.alertPrompt,
        items: [],
        alertUrl: `${publicUrl}/alerts/${entry.alertId}?lng=${language}`,
        unsubscribeUrl: unsubscribeUrl(publicUrl, signingKeys, { userId: digest.userId, alertId: entry.alertId }),
      };
      groups.set(entry.alertId, group);
    }
    group.items.push({
      title: entry.projectTitle,
      organization: entry.projectOrganization,
      score: entry.score,
      deadline: entry.deadline,
      excerpt: entry.excerpt,
      projectUrl: `${publicUrl}/projects/${entry.projectId}?lng=${language}`,
      simapUrl: simapProjectUrl(entry.simapProjectId, language),
    });
  }
  const unsubscribeAllUrl = unsubscribeUrl(publicUrl, signingKeys, { userId: digest.userId, alertId: 'all' });
  const email = renderEmail(digestTemplate, language, {
    username: digest.username,
    groups: [...groups.values()],
    alertsUrl: `${publicUrl}/alerts?lng=${language}`,
    unsubscribeAllUrl,
  });
  return { ...email, headers: { 'List-Unsubscribe': `<${unsubscribeAllUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
