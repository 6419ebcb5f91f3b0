import { describe, expect, it } from 'vitest';
import type { DigestEntry, StoredDigest } from '../../db/sent-emails.ts';
import { composeDigest, DIGEST_MATCHES_PER_ALERT, MAX_DIGEST_HTML_BYTES } from './compose-digest.ts';

function digest(alerts: number, perAlert: number, frequency: DigestEntry['alertFrequency'] = 'weekly'): StoredDigest {
  const entries: DigestEntry[] = [];
  for (let a = 1; a <= alerts; a += 1) {
    for (let i = 0; i < perAlert; i += 1) {
      entries.push({
        alertId: a,
        alertFrequency: frequency,
        simapProjectId: `p-${a}-${i}`,
        projectId: a * 10_000 + i,
        score: 99 - (i % 30),
        alertPrompt: `made-up alert number ${a} about road maintenance and winter service in a mountain canton`,
        explanation: 'A long made-up explanation of why this project matches. '.repeat(20),
        projectTitle: `Made-up project ${a}/${i} with a reasonably long title describing the works to be done`,
        projectOrganization: 'Made-up municipality',
        deadline: new Date('2099-05-01T10:00:00Z'),
        excerpt: 'A made-up extract of the notice. '.repeat(8),
      });
    }
  }
  return { digestId: 'd1', userId: 1, username: 'lea', email: 'lea@example.test', language: 'fr', status: 'pending', attempts: 1, entries };
}

const KEYS = ['made-up-signing-key'];

describe('composeDigest', () => {
  it('shows the best matches of each alert and links to the rest of each alert in Vigie', () => {
    const email = composeDigest(digest(2, 30), 'https://vigie.example', KEYS);
    expect(email.subject).toBe('Vigie\u202f: 60 nouveaux appels d’offres correspondent à vos alertes (résumé hebdomadaire)');
    expect(email.text).toContain(`et ${30 - DIGEST_MATCHES_PER_ALERT} autres pour «\u202fmade-up alert number 1`);
    expect(email.text).toContain('https://vigie.example/alerts/1');
    expect(email.text).toContain('https://vigie.example/alerts/2');
    expect(email.text.match(/https:\/\/vigie\.example\/projects\//g)).toHaveLength(2 * DIGEST_MATCHES_PER_ALERT);
  });

  it('keeps a digest of 1,320 matches over 40 alerts under 100 kB of HTML, footer included', () => {
    const email = composeDigest(digest(40, 33), 'https://vigie.example', KEYS);
    expect(Buffer.byteLength(email.html)).toBeLessThanOrEqual(MAX_DIGEST_HTML_BYTES);
    expect(email.subject).toContain('1320');
    expect(email.html).toContain('https://vigie.example/alerts/40');
    expect(email.html).toContain('sans lien avec simap.ch');
  });

  it('names no kind in the subject when alerts of several frequencies share a digest', () => {
    const mixed = digest(1, 2);
    mixed.entries[1] = { ...mixed.entries[1]!, alertId: 2, alertFrequency: 'immediate' };
    expect(composeDigest(mixed, 'https://vigie.example', KEYS).subject).toBe('Vigie\u202f: 2 nouveaux appels d’offres correspondent à vos alertes');
  });
});
