import { describe, expect, it } from 'vitest';
import { isLanguage, LANGUAGES } from './languages.ts';
import { simapProjectUrl } from './simap-url.ts';

describe('domain', () => {
  it('builds the human simap.ch link of a project in the reader language', () => {
    expect(simapProjectUrl('31367328-20d0-4786-acab-f0858c46dc82', 'it')).toBe('https://www.simap.ch/it/project-detail/31367328-20d0-4786-acab-f0858c46dc82');
    expect(simapProjectUrl('a/b c', 'fr')).toBe('https://www.simap.ch/fr/project-detail/a%2Fb%20c');
  });

  it('knows the four languages and nothing else', () => {
    expect(LANGUAGES.filter(isLanguage)).toEqual(['fr', 'de', 'it', 'en']);
    expect([null, undefined, 'es', 'FR', 3].some(isLanguage)).toBe(false);
  });
});
