import type { DigestCandidate, DigestEntry, StoredDigest } from '../../db/sent-emails.ts';
import type { Language } from '../../domain/languages.ts';
import { simapProjectUrl } from '../../domain/simap-url.ts';
import { renderEmail, type RenderedEmail } from '../mail/render-email.ts';
import { digestTemplate } from '../mail/templates/digest.ts';

const LOCALISED_TITLE = { fr: 'titleFr', de: 'titleDe', it: 'titleIt', en: 'titleEn' } as const;

/** A candidate as its digest will keep it, titled in the recipient's language (falling back to the title). */
export function toDigestEntry(candidate: DigestCandidate, language: Language): DigestEntry {
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
  };
}

function byScoreThenTitle(a: DigestEntry, b: DigestEntry): number {
  return b.score - a.score || a.projectTitle.localeCompare(b.projectTitle) || a.alertId - b.alertId || a.simapProjectId.localeCompare(b.simapProjectId);
}

/** The digest's e-mail, from stored rows only, so that a retry renders exactly what the first attempt did. */
export function composeDigest(digest: StoredDigest, publicUrl: string): RenderedEmail {
  const items = [...digest.entries].sort(byScoreThenTitle).map((entry) => ({
    title: entry.projectTitle,
    organization: entry.projectOrganization,
    score: entry.score,
    alertPrompt: entry.alertPrompt,
    explanation: entry.explanation,
    deadline: entry.deadline,
    projectUrl: `${publicUrl}/projects/${entry.projectId}`,
    simapUrl: simapProjectUrl(entry.simapProjectId, digest.language),
  }));
  return renderEmail(digestTemplate, digest.language, { username: digest.username, items, alertsUrl: `${publicUrl}/alerts` });
}
