import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages.ts';
import { renderEmail, type EmailTemplate } from './render-email.ts';
import { reminderTemplate, type ReminderKind } from './templates/reminder.ts';
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

describe('reminder template', () => {
  const kinds: ReminderKind[] = ['deadline', 'corrected', 'awarded', 'revoked', 'abandoned'];
  for (const language of LANGUAGES) {
    it(`renders every reminder kind in ${language}, each with its own subject`, () => {
      const subjects = kinds.map((kind) => {
        const vars = {
          username: 'Zoë <b>&',
          kind,
          days: kind === 'deadline' ? 2 : null,
          title: 'Réfection <toit>',
          organization: 'Ville',
          deadline: '2030-06-20T10:00:00Z',
          projectUrl: 'https://vigie.example/projects/7',
          simapUrl: 'https://www.simap.ch/fr/project-detail/x',
          settingsUrl: 'https://vigie.example/settings',
        };
        const email = renderEmail(reminderTemplate, language, vars);
        expect(email.html).toContain(`lang="${language}"`);
        expect(email.html).toContain('Réfection &lt;toit&gt;');
        expect(email.text).toContain('https://vigie.example/projects/7');
        expect(email.text).toContain('https://vigie.example/settings');
        return email.subject;
      });
      expect(new Set(subjects).size).toBe(kinds.length);
    });
  }
});
