import { createHash } from 'node:crypto';

/** The same user and the same (alert, simap project) pairs always give the same digest id, whatever their order. */
export function digestIdFor(userId: number, entries: ReadonlyArray<{ alertId: number; simapProjectId: string }>): string {
  const keys = entries.map((e) => `${e.alertId}:${e.simapProjectId}`).sort();
  return createHash('sha256')
    .update(`${userId}\n${keys.join('\n')}`)
    .digest('hex')
    .slice(0, 32);
}

/** `<digest-{id}@{host of PUBLIC_URL}>`: a re-sent digest carries the Message-ID of its first sending. */
export function digestMessageId(digestId: string, publicUrl: string): string {
  return `<digest-${digestId}@${new URL(publicUrl).hostname}>`;
}
