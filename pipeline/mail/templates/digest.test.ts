import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../domain/languages.ts';
import { renderEmail } from '../render-email.ts';
import { digestTemplate, type DigestVars } from './digest.ts';

const VARS: DigestVars = {
  username: 'Zoë <b>&',
  alertsUrl: 'https://vigie.example/alerts',
  items: [
    {
      title: 'Nettoyage <script> des écoles',
      organization: 'Ville de Lausanne',
      score: 92,
      alertPrompt: 'nettoyage de bâtiments scolaires',
      explanation: 'Nettoyage & entretien',
      deadline: new Date('2026-04-30T10:00:00Z'),
      projectUrl: 'https://vigie.example/projects/17',
      simapUrl: 'https://www.simap.ch/fr/project-detail/31367328-20d0-4786-acab-f0858c46dc82',
    },
    {
      title: 'Entretien des préaux',
      organization: null,
      score: 71,
      alertPrompt: 'entretien extérieur',
      explanation: '',
      deadline: null,
      projectUrl: 'https://vigie.example/projects/18',
      simapUrl: 'https://www.simap.ch/fr/project-detail/af18ebb4-ed0d-4ad3-97b9-8a4f64f258b1',
    },
  ],
};

describe('digest template', () => {
  for (const language of LANGUAGES) {
    it(`renders in ${language} with every item, both links, the alerts link and the disclaimer`, () => {
      const email = renderEmail(digestTemplate, language, VARS);
      expect(email.subject).toMatch(/^Vigie ?: 2 /);
      expect(email.html).toContain(`lang="${language}"`);
      for (const part of [email.html, email.text]) {
        expect(part).toContain('https://vigie.example/projects/17');
        expect(part).toContain('https://vigie.example/projects/18');
        expect(part).toContain(VARS.items[0]!.simapUrl);
        expect(part).toContain(VARS.items[1]!.simapUrl);
        expect(part).toContain('https://vigie.example/alerts');
        expect(part).toContain('simap.ch');
        expect(part).toMatch(/92 ?%/);
        expect(part).toContain('2026');
      }
      expect(email.text).toContain('Nettoyage <script> des écoles');
      expect(email.text).toContain('Zoë <b>&');
      expect(email.html).toContain('Nettoyage &lt;script&gt; des écoles');
      expect(email.html).not.toContain('<script>');
      expect(email.html).toContain('Nettoyage &amp; entretien');
      expect(email.text).not.toMatch(/<(p|a|div|h1|html)[ >]/);
    });

    it(`says "1" in the singular in ${language}`, () => {
      const email = renderEmail(digestTemplate, language, { ...VARS, items: VARS.items.slice(0, 1) });
      expect(email.subject).toMatch(/^Vigie ?: 1 /);
    });
  }

  it('says something different in each language, disclaimer included', () => {
    const emails = LANGUAGES.map((language) => renderEmail(digestTemplate, language, VARS));
    expect(new Set(emails.map((e) => e.subject)).size).toBe(LANGUAGES.length);
    expect(new Set(emails.map((e) => e.text.split('-- \n')[1])).size).toBe(LANGUAGES.length);
  });
});
