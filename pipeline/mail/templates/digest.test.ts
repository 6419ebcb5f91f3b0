import { describe, expect, it } from 'vitest';
import { EMAIL_LANGUAGES, renderEmail } from '../render-email.ts';
import { DIGEST_VARS } from '../../../test-support/digest-email-vars.ts';
import { digestTemplate } from './digest.ts';

/** Words of the English digest that must not leak into another language's e-mail. */
const ENGLISH = /\b(Why|Match|Alert|View in|Unsubscribe|Submission|deadline|not given|Hello|best first|more projects)\b/;

describe('digest template', () => {
  for (const language of EMAIL_LANGUAGES) {
    it(`renders in ${language}: one section per alert, both links per project, unsubscribe links, the disclaimer`, () => {
      const email = renderEmail(digestTemplate, language, DIGEST_VARS);
      expect(email.subject).toMatch(/^Vigie(\u202f| )?: 6 /);
      expect(email.html).toContain(`lang="${language}"`);
      for (const part of [email.html, email.text]) {
        for (const group of DIGEST_VARS.groups) {
          expect(part).toContain(group.alertPrompt);
          expect(part).toContain(group.unsubscribeUrl);
          for (const item of group.items) {
            expect(part).toContain(item.projectUrl);
            expect(part).toContain(item.simapUrl);
          }
        }
        expect(part).toContain(DIGEST_VARS.unsubscribeAllUrl);
        expect(part).toContain('https://vigie.example/alerts');
        expect(part).toMatch(/92(\u202f| )?%/);
        expect(part).toContain('2026');
        expect(part.indexOf('nettoyage de bâtiments scolaires')).toBeLessThan(part.indexOf('électromécanique'));
        expect(part.indexOf('Nettoyage')).toBeLessThan(part.indexOf('Entretien des préaux'));
        if (language !== 'en') expect(part).not.toMatch(ENGLISH);
      }
      expect(email.text).toContain('Nettoyage <script> des écoles');
      expect(email.text).toContain('> Nettoyage & entretien des bâtiments');
      expect(email.text).toContain('Zoë <b>&');
      expect(email.html).toContain('Nettoyage &lt;script&gt; des écoles');
      expect(email.html).not.toContain('<script>');
      expect(email.html).toContain('Nettoyage &amp; entretien');
      expect(email.html).toContain('href="https://vigie.example/projects/17"');
      expect(email.text).not.toMatch(/<(p|a|div|h1|h2|html)[ >]/);
    });

    it(`says "1" in the singular in ${language}`, () => {
      const group = DIGEST_VARS.groups[0]!;
      const email = renderEmail(digestTemplate, language, { ...DIGEST_VARS, groups: [{ ...group, items: group.items.slice(0, 1) }] });
      expect(email.subject).toMatch(/^Vigie(\u202f| )?: 1 /);
    });
  }

  it('follows French typography: narrow no-break space before : ; ! ? % and inside « »', () => {
    const email = renderEmail(digestTemplate, 'fr', DIGEST_VARS);
    for (const part of [email.subject, email.text, email.html.replace(/<[^>]*>/g, '')]) {
      const prose = part
        .replace(/https?:\/\/\S+/g, '')
        .replace(/\d:\d/g, '')
        .replace(/&[a-z#0-9]+;/g, '');
      expect(prose).not.toMatch(/[^\u202f\u00a0\n][:;!?%»]/u);
      expect(prose).not.toMatch(/«[^\u202f\u00a0]/u);
    }
    expect(email.text).toContain('Alerte «\u202fnettoyage de bâtiments scolaires\u202f»');
    expect(email.text).toContain('et 3 autres pour «\u202félectromécanique\u202f» dans Vigie');
  });

  it('says something different in each language, disclaimer included', () => {
    const emails = EMAIL_LANGUAGES.map((language) => renderEmail(digestTemplate, language, DIGEST_VARS));
    expect(new Set(emails.map((e) => e.subject)).size).toBe(EMAIL_LANGUAGES.length);
    expect(new Set(emails.map((e) => e.text.split('-- \n')[1])).size).toBe(EMAIL_LANGUAGES.length);
  });
});
