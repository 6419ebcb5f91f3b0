import type { DigestCandidate, DigestEntry, StoredDigest } from '../../db/sent-emails.ts';
import type { Language } from '../../domain/languages.ts';
import { simapProjectUrl } from '../../domain/simap-url.ts';
import { renderEmail, type RenderedEmail } from '../mail/render-email.ts';
import { digestTemplate, type DigestItemVars, type DigestKind, type DigestMoreVars } from '../mail/templates/digest.ts';

/** Signed one-click links for one entry of the digest (none when the caller has no key to sign with). */
export type DigestActionLinks = (entry: DigestEntry) => DigestItemVars['actions'];

const LOCALISED_TITLE = { fr: 'titleFr', de: 'titleDe', it: 'titleIt', en: 'titleEn' } as const;

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
  };
}

function byScoreThenTitle(a: DigestEntry, b: DigestEntry): number {
  return b.score - a.score || a.projectTitle.localeCompare(b.projectTitle) || a.alertId - b.alertId || a.simapProjectId.localeCompare(b.simapProjectId);
}

/** Gmail clips a message above 102 kB of HTML, hiding the links and the footer. */
export const MAX_DIGEST_HTML_BYTES = 100_000;
/** The best matches of each alert a digest shows; the others are one link to the alert in Vigie. */
export const DIGEST_MATCHES_PER_ALERT = 20;
const FALLBACK_LIMITS = [10, 5, 3, 1];
const MAX_EXPLANATION_CHARS = 400;

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function digestKind(entries: readonly DigestEntry[]): DigestKind | null {
  const kinds = new Set(entries.map((e) => e.alertFrequency));
  const [only] = kinds;
  return kinds.size === 1 && only ? only : null;
}

function render(digest: StoredDigest, publicUrl: string, perAlert: number, actionLinks?: DigestActionLinks): RenderedEmail {
  const byAlert = new Map<number, DigestEntry[]>();
  for (const entry of [...digest.entries].sort(byScoreThenTitle)) {
    const group = byAlert.get(entry.alertId);
    if (group) group.push(entry);
    else byAlert.set(entry.alertId, [entry]);
  }
  const shown: DigestEntry[] = [];
  const more: DigestMoreVars[] = [];
  for (const [alertId, entries] of byAlert) {
    shown.push(...entries.slice(0, perAlert));
    if (entries.length > perAlert) {
      more.push({ alertPrompt: shorten(entries[0]!.alertPrompt, 120), count: entries.length - perAlert, url: `${publicUrl}/alerts/${alertId}` });
    }
  }
  const items = shown.sort(byScoreThenTitle).map((entry) => ({
    title: entry.projectTitle,
    organization: entry.projectOrganization,
    score: entry.score,
    alertPrompt: shorten(entry.alertPrompt, 200),
    explanation: shorten(entry.explanation, MAX_EXPLANATION_CHARS),
    deadline: entry.deadline,
    projectUrl: `${publicUrl}/projects/${entry.projectId}`,
    simapUrl: simapProjectUrl(entry.simapProjectId, digest.language),
    ...(actionLinks ? { actions: actionLinks(entry) } : {}),
  }));
  return renderEmail(digestTemplate, digest.language, {
    username: digest.username,
    items,
    alertsUrl: `${publicUrl}/alerts`,
    kind: digestKind(digest.entries),
    total: digest.entries.length,
    more,
  });
}

/**
 * The digest's e-mail, from stored rows only, so that a retry renders exactly what the first attempt did. Every
 * match stays in the digest (none comes again in a later one); the e-mail shows the best of each alert and stays
 * under MAX_DIGEST_HTML_BYTES, fewer per alert when many alerts matched.
 */
export function composeDigest(digest: StoredDigest, publicUrl: string, actionLinks?: DigestActionLinks): RenderedEmail {
  let email = render(digest, publicUrl, DIGEST_MATCHES_PER_ALERT, actionLinks);
  for (const perAlert of FALLBACK_LIMITS) {
    if (Buffer.byteLength(email.html) <= MAX_DIGEST_HTML_BYTES) break;
    email = render(digest, publicUrl, perAlert, actionLinks);
  }
  return email;
}
