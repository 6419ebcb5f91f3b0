import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { navRoutes, pageTitleKey, ROUTES } from './route-table.tsx';

// The table imports every page; i18n.ts boots i18next against the browser's document, which Node lacks.
vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'en' }));

type Tree = { [key: string]: string | Tree };
const english = JSON.parse(readFileSync(new URL('./locales/en.json', import.meta.url), 'utf8')) as Tree;
const has = (key: string) =>
  typeof key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), english) === 'string';

describe('route table', () => {
  it('titles each page by its route, the product title elsewhere', () => {
    expect(pageTitleKey('/home')).toBe('titles.dashboard');
    expect(pageTitleKey('/alerts/12')).toBe('titles.alerts');
    expect(pageTitleKey('/projects')).toBe('titles.projects');
    expect(pageTitleKey('/projects/3')).toBe('titles.projectDetail');
    expect(pageTitleKey('/subscription/success')).toBe('titles.subscription');
    expect(pageTitleKey('/settings')).toBe('titles.settings');
    expect(pageTitleKey('/watchlist')).toBe('titles.watchlist');
    expect(pageTitleKey('/no/such/page')).toBe('titles.default');
  });

  it('puts the admin page in the navigation of admins only', () => {
    expect(navRoutes(false).map((route) => route.path)).toEqual([
      '/home',
      '/alerts',
      '/projects',
      '/watchlist',
      '/notifications',
      '/subscription',
      '/settings',
    ]);
    expect(navRoutes(true).map((route) => route.path)).toEqual([
      '/home',
      '/alerts',
      '/projects',
      '/watchlist',
      '/notifications',
      '/subscription',
      '/settings',
      '/admin',
    ]);
  });

  it('names only translation keys that exist', () => {
    const keys = ROUTES.flatMap((route) => [route.titleKey, route.nav?.labelKey]).filter((key): key is string => key !== undefined);
    expect(keys.filter((key) => !has(key))).toEqual([]);
  });
});
