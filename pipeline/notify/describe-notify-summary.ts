import type { NotifyResult } from './notify-stage.ts';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** One line for people: the admin toast and the CLI. */
export function describeNotifySummary(summary: NotifyResult): string {
  const parts = [`${plural(summary.digestsSent, 'digest', 'digests')} sent (${plural(summary.matchesEmailed, 'match', 'matches')})`];
  if (summary.digestsFailed > 0) parts.push(`${summary.digestsFailed} failed`);
  if (summary.retried > 0) parts.push(`${summary.retried} retried`);
  if (summary.skippedUnverified > 0) parts.push(`${plural(summary.skippedUnverified, 'unverified user', 'unverified users')} skipped`);
  const ran = summary.frequencies.length > 0 ? summary.frequencies.join(', ') : 'nothing due';
  return `${parts.join(', ')} — ${ran}`;
}
