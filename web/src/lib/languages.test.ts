import { describe, expect, it } from 'vitest';
import { detectLanguage, normaliseLanguage } from './languages.ts';

describe('language detection', () => {
  it('takes the part before the dash, lowercased, and only supported languages', () => {
    expect(normaliseLanguage('de-CH')).toBe('de');
    expect(normaliseLanguage('IT')).toBe('it');
    expect(normaliseLanguage('ja-JP')).toBeNull();
  });

  it('follows the order query, cookie, localStorage, sessionStorage, navigator, html tag; default fr', () => {
    expect(detectLanguage({ query: 'en', cookie: 'de', localStorage: 'it' })).toBe('en');
    expect(detectLanguage({ query: 'xx', cookie: 'de', localStorage: 'it' })).toBe('de');
    expect(detectLanguage({ localStorage: 'it', sessionStorage: 'de', navigator: ['en-US'] })).toBe('it');
    expect(detectLanguage({ navigator: ['ja-JP', 'de-CH'], htmlTag: 'fr' })).toBe('de');
    expect(detectLanguage({ navigator: ['ja-JP'], htmlTag: null })).toBe('fr');
    expect(detectLanguage({})).toBe('fr');
  });
});
