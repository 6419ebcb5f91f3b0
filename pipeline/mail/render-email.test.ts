import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages.ts';
import { renderEmail, type EmailTemplate } from './render-email.ts';
import { resetPasswordTemplate } from './templates/reset-password.ts';
import { verifyEmailTemplate } from './templates/verify-email.ts';

const URL_WITH_TOKEN = 'https://vigie.example/verify-email?token=abc_DEF-123';
const TEMPLATES: [EmailTemplate<{ username: string; url: string }>, { username: string; url: string }][] = [
  [verifyEmailTemplate, { username: 'Zoë <b>&', url: URL_WITH_TOKEN }],
  [resetPasswordTemplate, { username: 'Zoë <b>&', url: URL_WITH_TOKEN }],
];

describe('renderEmail', () => {
  for (const [template, vars] of TEMPLATES) {
    for (const language of LANGUAGES) {
      it(`renders ${template.id} in ${language}`, () => {
        const email = renderEmail(template, language, vars);
        expect(email.subject.length).toBeGreaterThan(5);
        expect(email.html).toContain(`lang="${language}"`);
        expect(email.html).toContain(URL_WITH_TOKEN);
        expect(email.html).toContain('Zoë &lt;b&gt;&amp;');
        expect(email.html).not.toContain('<b>&');
        expect(email.text).toContain(URL_WITH_TOKEN);
        expect(email.text).toContain('Zoë <b>&');
        expect(email.text).not.toMatch(/<(p|a|div|h1|html)[ >]/);
      });
    }

    it(`${template.id} says something different in each language`, () => {
      const subjects = new Set(LANGUAGES.map((language) => renderEmail(template, language, vars).subject));
      expect(subjects.size).toBe(LANGUAGES.length);
    });
  }
});
