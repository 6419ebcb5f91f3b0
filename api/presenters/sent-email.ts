import type { SentEmailRow } from '../../db/sent-emails.ts';
import { digestSubject } from '../../pipeline/mail/templates/digest.ts';

/** One e-mail as the subscriber thinks of it: when, status, and the matches it carried, best first. */
export function presentSentEmails(rows: SentEmailRow[], withUser: boolean) {
  const emails = new Map<string, ReturnType<typeof emailOf>>();
  function emailOf(row: SentEmailRow) {
    return {
      id: row.digestId,
      sentAt: row.sentAt ?? row.createdAt,
      status: row.status,
      language: row.language,
      matchCount: 0,
      matches: [] as Array<{
        projectId: number | null;
        alertId: number | null;
        score: number | null;
        alertPrompt: string | null;
        project: { title: string | null; organization: string | null };
      }>,
      ...(withUser ? { user: { id: row.userId, username: row.username } } : {}),
    };
  }
  for (const row of rows) {
    let email = emails.get(row.digestId);
    if (!email) {
      email = emailOf(row);
      emails.set(row.digestId, email);
    }
    email.matches.push({
      projectId: row.projectId,
      alertId: row.alertId,
      score: row.score,
      alertPrompt: row.alertPrompt,
      project: { title: row.projectTitle, organization: row.projectOrganization },
    });
    email.matchCount = email.matches.length;
  }
  return [...emails.values()].map((email) => ({ ...email, subject: digestSubject(email.language ?? 'fr', email.matchCount) }));
}
