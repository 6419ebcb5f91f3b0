import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../domain/languages.ts';

type Tree = { [key: string]: string | Tree };

function load(language: string): Tree {
  return JSON.parse(readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const locales = Object.fromEntries(LANGUAGES.map((language) => [language, flatten(load(language))])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, unknown>
>;

describe('locales', () => {
  const allKeys = new Set(LANGUAGES.flatMap((language) => [...locales[language].keys()]));

  it.each(LANGUAGES)('%s has every key that any other language has', (language) => {
    const missing = [...allKeys].filter((key) => !locales[language].has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty or non-string value', (language) => {
    const bad = [...locales[language].entries()].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s uses the same {{placeholders}} as en', (language) => {
    const mismatched = [...locales.en.entries()]
      .filter(([key, value]) => placeholders(String(value)).join() !== placeholders(String(locales[language].get(key) ?? '')).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('keeps the product texts of docs/product.md in English', () => {
    expect(locales.en.get('validation.promptMin')).toBe('Prompt must be at least 10 characters');
    expect(locales.en.get('validation.passwordsMismatch')).toBe('Passwords do not match');
    expect(locales.en.get('alerts.confirmDelete.title')).toBe('Are you absolutely sure?');
    expect(locales.fr.get('alerts.listTitle')).toBe('Vos Alertes ({{count}})');
    expect(locales.en.get('notFound.title')).toBe('404 - Not found');
  });
});

describe('French typography', () => {
  // Narrow no-break space (U+202F) before : ; ! ? % and inside « »; URLs and times (12:00) aside.
  const prose = (text: string) => text.replace(/(?:https?|webcal):\/\/\S*/g, '').replace(/\d:\d/g, '');
  it('puts a narrow no-break space before : ; ! ? % and inside « »', () => {
    const bad = [...locales.fr.entries()]
      .filter(([, value]) => {
        const text = prose(String(value));
        return /[^\u202f\u00a0][:;!?%»]/u.test(text) || /«[^\u202f\u00a0]/u.test(text) || /^[:;!?%»]/u.test(text);
      })
      .map(([key, value]) => `${key}: ${String(value)}`);
    expect(bad).toEqual([]);
  });
});

describe('keys used by the SPA', () => {
  it('exist in every language (literal t() keys in web/src)', async () => {
    const { readdirSync } = await import('node:fs');
    const root = new URL('../', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
    const missing = new Set<string>();
    for (const file of files) {
      const source = readFileSync(new URL(file, root), 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1] ?? '';
        for (const language of LANGUAGES) {
          const map = locales[language];
          if (!map.has(key) && !map.has(`${key}_one`) && !map.has(`${key}_other`)) missing.add(`${language}:${key}`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
