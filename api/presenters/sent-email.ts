import type { SentEmailRow } from '../../db/sent-emails.ts';

export function presentSentEmail(email: SentEmailRow, withUser: boolean) {
  return {
    id: email.id,
    projectId: email.projectId,
    sentAt: email.sentAt ?? email.createdAt,
    status: email.status,
    project: { title: email.projectTitle, organization: email.projectOrganization },
    alert: { prompt: email.alertPrompt },
    match: { score: email.score },
    ...(withUser ? { user: { id: email.userId, username: email.username } } : {}),
  };
}
