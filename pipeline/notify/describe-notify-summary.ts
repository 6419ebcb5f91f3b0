import type { NotifyResult } from './notify-stage.ts';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function problems(summary: NotifyResult): string[] {
  const parts: string[] = [];
  if (summary.digestsAbandoned > 0) parts.push(`${summary.digestsAbandoned} given up after the last attempt`);
  if (summary.usersFailed > 0) parts.push(`${plural(summary.usersFailed, 'user', 'users')} not prepared (tried again next round)`);
  if (summary.postponed > 0) parts.push(`${summary.postponed} postponed: mail server down (${summary.mailServerDown ?? 'unavailable'})`);
  return parts;
}

/** One line for people: the admin toast. */
export function describeNotifySummary(summary: NotifyResult): string {
  const parts = [`${plural(summary.digestsSent, 'digest', 'digests')} sent (${plural(summary.matchesEmailed, 'match', 'matches')})`];
  if (summary.digestsFailed > 0) parts.push(`${summary.digestsFailed} failed`);
  if (summary.retried > 0) parts.push(`${summary.retried} retried`);
  if (summary.skippedUnverified > 0) parts.push(`${plural(summary.skippedUnverified, 'unverified user', 'unverified users')} skipped`);
  parts.push(...problems(summary));
  const ran = summary.frequencies.length > 0 ? summary.frequencies.join(', ') : 'nothing due';
  return `${parts.join(', ')} — ${ran}`;
}

/** The CLI's line: `notify: N sent, M failed`, or that there was nothing to do. */
export function describeNotifyOutcome(summary: NotifyResult): string {
  const ran = summary.frequencies.length > 0 ? summary.frequencies.join(', ') : 'retries only';
  const attempted = summary.digestsSent + summary.digestsFailed + summary.usersFailed + summary.postponed;
  if (attempted === 0) {
    const skipped = summary.skippedUnverified > 0 ? `; ${plural(summary.skippedUnverified, 'unverified user', 'unverified users')} skipped` : '';
    return `notify: nothing to send (${summary.frequencies.length > 0 ? ran : 'nothing due'})${skipped}`;
  }
  const parts = [`notify: ${summary.digestsSent} sent, ${summary.digestsFailed} failed`];
  parts.push(`${plural(summary.matchesEmailed, 'match', 'matches')} e-mailed`);
  if (summary.retried > 0) parts.push(`${summary.retried} retried`);
  if (summary.skippedUnverified > 0) parts.push(`${plural(summary.skippedUnverified, 'unverified user', 'unverified users')} skipped`);
  parts.push(...problems(summary));
  return `${parts.join(', ')} (${ran})`;
}
