import type { DigestCandidate, DigestEntry, StoredDigest } from '../../db/sent-emails.ts';
import type { Language } from '../../domain/languages.ts';
import { simapProjectUrl } from '../../domain/simap-url.ts';
import { renderEmail, type RenderedEmail } from '../mail/render-email.ts';
import { digestTemplate, type DigestGroupVars, type DigestItemVars, type DigestKind } from '../mail/templates/digest.ts';

/** The signed 👍 / 👎 / ☆ links of one entry (feedback), if the digest carries them. */
export type DigestActionLinks = (entry: DigestEntry) => DigestItemVars['actions'];
import { unsubscribeUrl } from '../mail/unsubscribe-token.ts';

const LOCALISED_TITLE = { fr: 'titleFr', de: 'titleDe', it: 'titleIt', en: 'titleEn' } as const;
export const EXCERPT_LENGTH = 280;

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
export function toDigestEntry(candidate: DigestCandidate, language: Language): DigestEntry {
  return {
    alertId: candidate.alertId,
    alertFrequency: candidate.alertFrequency,
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

/** Gmail clips a message above 102 kB of HTML, hiding the links and the footer. */
export const MAX_DIGEST_HTML_BYTES = 100_000;
/** The best matches of each alert a digest shows; the others are one link to the alert in Vigie. */
export const DIGEST_MATCHES_PER_ALERT = 20;
const FALLBACK_LIMITS = [10, 5, 3, 1];

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function digestKind(entries: readonly DigestEntry[]): DigestKind | null {
  const kinds = new Set(entries.map((e) => e.alertFrequency));
  const [only] = kinds;
  return kinds.size === 1 && only ? only : null;
}

function render(digest: StoredDigest, publicUrl: string, signingKeys: readonly string[], perAlert: number, actionLinks?: DigestActionLinks): RenderedEmail {
  const language = digest.language;
  const byAlert = new Map<number, DigestEntry[]>();
  for (const entry of [...digest.entries].sort(byScoreThenTitle)) {
    const group = byAlert.get(entry.alertId);
    if (group) group.push(entry);
    else byAlert.set(entry.alertId, [entry]);
  }
  const groups: DigestGroupVars[] = [...byAlert].map(([alertId, entries]) => ({
    alertPrompt: shorten(entries[0]!.alertPrompt, 200),
    alertUrl: `${publicUrl}/alerts/${alertId}?lng=${language}`,
    unsubscribeUrl: unsubscribeUrl(publicUrl, signingKeys, { userId: digest.userId, alertId }),
    more: Math.max(0, entries.length - perAlert),
    items: entries.slice(0, perAlert).map((entry) => ({
      title: entry.projectTitle,
      organization: entry.projectOrganization,
      score: entry.score,
      deadline: entry.deadline,
      excerpt: entry.excerpt,
      projectUrl: `${publicUrl}/projects/${entry.projectId}?lng=${language}`,
      simapUrl: simapProjectUrl(entry.simapProjectId, language),
      ...(actionLinks ? { actions: actionLinks(entry) } : {}),
    })),
  }));
  return renderEmail(digestTemplate, language, {
    username: digest.username,
    groups,
    kind: digestKind(digest.entries),
    alertsUrl: `${publicUrl}/alerts?lng=${language}`,
    unsubscribeAllUrl: unsubscribeUrl(publicUrl, signingKeys, { userId: digest.userId, alertId: 'all' }),
  });
}

/**
 * The digest's e-mail, from stored rows only, so that a retry renders exactly what the first attempt did: one
 * section per alert (the alert with the best match first), its best matches first with an extract, the rest as
 * "and N more" with the alert's link, each alert with its unsubscribe link; under MAX_DIGEST_HTML_BYTES, fewer per
 * alert when many alerts matched.
 */
export function composeDigest(digest: StoredDigest, publicUrl: string, signingKeys: readonly string[], actionLinks?: DigestActionLinks): ComposedDigest {
  let email = render(digest, publicUrl, signingKeys, DIGEST_MATCHES_PER_ALERT, actionLinks);
  for (const perAlert of FALLBACK_LIMITS) {
    if (Buffer.byteLength(email.html) <= MAX_DIGEST_HTML_BYTES) break;
    email = render(digest, publicUrl, signingKeys, perAlert, actionLinks);
  }
  const unsubscribeAll = unsubscribeUrl(publicUrl, signingKeys, { userId: digest.userId, alertId: 'all' });
  return { ...email, headers: { 'List-Unsubscribe': `<${unsubscribeAll}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
