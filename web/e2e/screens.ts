/**
 * Every screen of the SPA, served by the real API on a seeded database, in fr/de/it/en at 390, 1024 and 1280 px:
 * nothing wider than the viewport, no button spilling over its card, no word broken inside, no untranslated text, and, for each layout in one
 * language, axe-core without serious or critical violations. One file (screens.browser.test.ts) for the four languages: the API is seeded, the
 * alerts scored and the browser started once, and one page per visitor is reused (four files in parallel workers cost ~17 s more CPU).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type SignedUpUser, type TestApi } from '../../test-support/api-client.ts';
import { builtWebRoot } from '../../test-support/built-web.ts';
import { seedProjects } from '../../test-support/seed-projects.ts';
import { chromiumAvailable, launchChromium } from '../../test-support/chromium.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';

const hasChromium = chromiumAvailable('the screens browser test');

const WIDTHS = [390, 1024, 1280] as const;
/**
 * axe-core checks structure, names and contrast, which do not change with the language: each layout is audited in
 * one language. 1024 and 1280 px fall under the same media queries of web/src/styles.css (960 to 1439 px): one audit
 * of the two (an axe run costs Chromium ~0.25 s of CPU a screen).
 */
const AXE_WIDTHS: Partial<Record<Language, number>> = { fr: 390, it: 1280 };
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const SEVERE = new Set(['serious', 'critical']);

interface AxeRuleMeta {
  id: string;
  tags: string[];
  impact?: string;
  any: Array<string | { id: string }>;
  all: Array<string | { id: string }>;
  none: Array<string | { id: string }>;
}

/**
 * The rules of AXE_TAGS that can report a serious or critical violation: a violation's impact is its rule's, or
 * else the highest of its failed checks', so a rule whose own impact and whose checks' impacts are all minor or
 * moderate can never fail this test. Running only these (and collecting violations only) gives the same
 * failures for about 40 % less of the browser's time.
 */
function severeAxeRules(): string[] {
  const audit = (require('axe-core') as { _audit: { rules: AxeRuleMeta[]; data: { checks: Record<string, { impact?: string }> } } })._audit;
  const checkImpact = (check: string | { id: string }) => audit.data.checks[typeof check === 'string' ? check : check.id]?.impact;
  const rules = audit.rules
    .filter((rule) => rule.tags.some((tag) => AXE_TAGS.includes(tag)))
    .filter((rule) => SEVERE.has(rule.impact ?? '') || [...rule.any, ...rule.all, ...rule.none].some((check) => SEVERE.has(checkImpact(check) ?? '')))
    .map((rule) => rule.id);
  if (rules.length < 50) throw new Error(`only ${rules.length} axe rules found: has axe-core's metadata changed?`);
  return rules;
}
const AXE_RULES = severeAxeRules();
const locale = (language: Language) => JSON.parse(readFileSync(fileURLToPath(new URL(`../src/locales/${language}.json`, import.meta.url)), 'utf8')) as object;

function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value as object, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

/** English sentences of the interface (3+ words, no placeholder) that a non-English screen must not show. */
function englishSentences(language: Language): string[] {
  const en = flatten(locale('en'));
  const own = flatten(locale(language));
  return [...en.entries()].filter(([key, text]) => !text.includes('{{') && text.split(/\s+/).length >= 3 && own.get(key) !== text).map(([, text]) => text);
}

/** Server sentences that used to leak into the SPA; none may appear in any language. */
const SERVER_ENGLISH = ['Failed to fetch', 'digest sent', 'digests sent', 'The payment provider', 'You must be logged in', 'Request failed', 'No API route'];

/** Routes this file does not open: aliases of a screen it opens, and the e-mail link page (feedback.browser.test.ts). */
const COVERED_ELSEWHERE = new Set(['/landing', '/dashboard', '/email-action']);

/** The paths of the SPA's route table. */
function routePaths(): string[] {
  const table = readFileSync(fileURLToPath(new URL('../src/route-table.tsx', import.meta.url)), 'utf8');
  return [...table.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);
}

/** Whether a route path ("/alerts/:id") matches a screen's path ("/alerts/7?tab=x"). */
function routeMatches(route: string, screenPath: string): boolean {
  const pattern = new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
  return pattern.test(screenPath.split('?')[0]!);
}

interface Screen {
  path: string;
  /** Text or selector that shows the screen is ready. */
  ready: string;
  auth: boolean;
}

interface Problems {
  overflow: string[];
  broken: string[];
  cut: string[];
  untranslated: string[];
}

/** Runs in the page: layout and text checks at the current viewport width. */
function inspect(args: { english: string[]; language: string }): Problems {
  const width = window.innerWidth;
  const problems: Problems = { overflow: [], broken: [], cut: [], untranslated: [] };
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    return (
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      rect.width > 0 &&
      rect.height > 0 &&
      !(style.position === 'absolute' && style.clip.startsWith('rect(0'))
    );
  };
  const clippedByAncestor = (element: Element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const overflow = getComputedStyle(parent).overflowX;
      if (overflow !== 'visible') return true;
    }
    return false;
  };
  if (document.documentElement.scrollWidth > width) problems.overflow.push(`page is ${document.documentElement.scrollWidth} px wide`);
  for (const element of document.querySelectorAll('body *')) {
    if (!visible(element) || clippedByAncestor(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.right > width + 1 || rect.left < -1) problems.overflow.push(`${describe(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)}`);
  }
  // A button wider than the card that holds it (a label that cannot wrap) spills over the card's padding.
  for (const button of document.querySelectorAll('.card .button')) {
    if (!visible(button)) continue;
    const card = button.closest('.card')!;
    const box = card.getBoundingClientRect();
    const style = getComputedStyle(card);
    const rect = button.getBoundingClientRect();
    if (rect.right > box.right - parseFloat(style.paddingRight) + 1 || rect.left < box.left + parseFloat(style.paddingLeft) - 1)
      problems.overflow.push(
        `${describe(button)} spills over its card (${Math.round(rect.left)}–${Math.round(rect.right)} in ${Math.round(box.left)}–${Math.round(box.right)})`,
      );
  }
  // A word is broken when its letters sit on two lines, or when hyphenation may split it.
  const texts = document.querySelectorAll('h1, h2, h3, h4, .project-title, .badge, button, a, label, dt, dd, .stat-label, .alert-prompt, .email-title, th, p');
  for (const element of texts) {
    if (!visible(element)) continue;
    if (getComputedStyle(element).hyphens === 'auto') problems.broken.push(`${describe(element)} allows hyphenation`);
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement !== element) continue;
      const text = node.textContent ?? '';
      // A break after a hyphen ("e-/mail") is ordinary typography; a break between two letters is not.
      for (const match of text.matchAll(/[\p{L}\p{N}’']{4,}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.broken.push(`"${match[0]}" in ${describe(element)}`);
      }
    }
  }
  for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
    if (!visible(input) || input instanceof HTMLTextAreaElement) continue;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (input.type === 'search' ? 20 : 0);
    if (context.measureText(input.placeholder).width > room + 1)
      problems.cut.push(`placeholder "${input.placeholder}" needs ${Math.round(context.measureText(input.placeholder).width)} px, has ${Math.round(room)}`);
  }
  const body = document.body.innerText;
  for (const key of body.matchAll(
    /\b(?:common|nav|landing|auth|alerts|projects|project|notifications|admin|errors|subscription|dashboard|stats|score|footer|titles|validation|categories|language)\.[a-zA-Z][\w.]*/g,
  ))
    problems.untranslated.push(`key ${key[0]}`);
  for (const status of body.matchAll(/(?:^|\n)\s*[45]\d\d: /g)) problems.untranslated.push(`status prefix "${status[0].trim()}"`);
  for (const sentence of args.english) if (body.includes(sentence)) problems.untranslated.push(`English "${sentence}"`);
  if (args.language !== 'en' && /\bN\/A\b/.test(body)) problems.untranslated.push('"N/A"');
  for (const element of document.querySelectorAll('.badge, option, dd')) {
    const text = (element.textContent ?? '').trim();
    if (['construction', 'service', 'supply'].includes(text)) problems.untranslated.push(`raw category "${text}"`);
  }
  return problems;
}

/** The screens in these languages; the file of the first language also checks how the built assets are served. */
export function describeScreens(languages: readonly Language[]): void {
  // Generous limits: at load 20 (two CPU burners beside the suite) a page load took over 30 s; each wait still ends on its condition.
  describe.skipIf(!hasChromium)(`every screen in ${languages.join(', ')} at three widths`, { timeout: 900_000 }, () => {
    let outDir = '';
    let api: TestApi;
    let browser: Browser | undefined;
    let visitor: Page;
    let member: Page;
    let origin = '';
    const screens: Screen[] = [];

    beforeAll(async () => {
      outDir = await builtWebRoot();
      api = await startTestApi({ webRoot: outDir });
      origin = api.url;
      const db = api.db.knex;
      await seedProjects(db, 24);
      const user: SignedUpUser = await api.signUp('heidi', { admin: true, language: 'de' });
      await db('users').where({ id: user.id }).update({ emailVerifiedAt: new Date() });
      const created = await user.client.post('/api/alerts', { prompt: 'Entretien des horloges de clocher et des carillons', frequency: 'daily' });
      expect(created.status).toBe(201);
      // Scored now, so that the match lists (alert page, project detail) are on the screens, not their empty states.
      expect((await user.client.post(`/api/alerts/${created.body.id}/process`, {})).status).toBe(200);
      await user.client.post('/api/alerts', { prompt: 'restoration of stained-glass windows in chapels', frequency: 'weekly' });
      // A prompt of long German words beside its score badge: the match row must wrap on a phone.
      const german = await user.client.post('/api/alerts', { prompt: 'Wartung von Turmuhren und Glockenspielen', frequency: 'daily' });
      expect((await user.client.post(`/api/alerts/${german.body.id}/process`, {})).status).toBe(200);
      const projects: Array<{ id: number; projectId: string; title: string }> = await db('projects').select('id', 'projectId', 'title').orderBy('id').limit(3);
      const project = projects[0]!;
      expect((await user.client.post('/api/watchlist', { projectId: project.id })).status).toBe(201);
      await db('projectSummaries').insert({
        projectId: project.id,
        language: 'de',
        text: 'Wartung der Turmuhren der Stadt. Auftraggeber: Stadt Bern.',
        model: 'extractive',
        extractive: true,
        contentSeq: 1,
      });
      await db('sentEmails').insert(
        projects.slice(0, 2).map((p, index) => ({
          userId: user.id,
          alertId: created.body.id,
          projectId: p.id,
          simapProjectId: p.projectId,
          digestId: 'digest-screens-1',
          status: 'sent',
          score: 80 - index,
          alertPrompt: created.body.prompt,
          projectTitle: p.title,
          language: 'de',
          sentAt: new Date(),
          createdAt: new Date(),
        })),
      );
      screens.push(
        // Two screens of one section (/auth and /auth?tab=register) never follow each other: each is reached
        // through the router, not loaded (see open()).
        { path: '/', ready: 'h1.hero-title', auth: false },
        { path: '/auth', ready: 'form', auth: false },
        { path: '/disclaimer', ready: 'h1', auth: false },
        { path: '/auth?tab=register', ready: 'form', auth: false },
        { path: '/forgot-password', ready: 'form', auth: false },
        { path: '/reset-password?token=nope', ready: 'h1, h2', auth: false },
        { path: '/verify-email', ready: 'h1, h2', auth: false },
        { path: '/no-such-page', ready: 'h1', auth: false },
        { path: '/home', ready: '[data-testid=stat-totalProjects]', auth: true },
        { path: '/alerts', ready: '[data-testid=match-total]', auth: true },
        { path: '/projects', ready: '[data-testid=project-card]', auth: true },
        { path: `/alerts/${created.body.id}`, ready: '[data-testid=match-total]', auth: true },
        { path: `/projects/${project.id}`, ready: '.project-detail-head', auth: true },
        { path: '/subscription', ready: '.card', auth: true },
        { path: '/watchlist', ready: '[data-testid=watched-card]', auth: true },
        { path: '/subscription/success', ready: '.center-card', auth: true },
        { path: '/notifications', ready: '.email-card', auth: true },
        { path: '/settings', ready: '[data-testid=webcal-link]', auth: true },
        { path: '/admin', ready: '.danger-zone', auth: true },
      );
      const unchecked = routePaths().filter((path) => !COVERED_ELSEWHERE.has(path) && !screens.some((screen) => routeMatches(path, screen.path)));
      expect(unchecked, 'routes of web/src/route-table.tsx without a screen here').toEqual([]);

      browser = await launchChromium();
      const anonymous: BrowserContext = await browser.newContext({ locale: 'ja-JP', bypassCSP: true });
      const loggedIn: BrowserContext = await browser.newContext({ locale: 'ja-JP', bypassCSP: true });
      // bypassCSP only lets the test inject axe-core; the app itself runs under the real CSP.
      // The session comes from the API client (its Origin is the configured public URL); the browser reuses it.
      await loggedIn.addCookies([...user.client.cookies].map(([name, value]) => ({ name, value, url: origin })));
      visitor = await anonymous.newPage();
      member = await loggedIn.newPage();
      for (const page of [visitor, member]) page.setDefaultTimeout(180_000);
    }, 600_000);

    afterAll(async () => {
      await browser?.close();
      await api?.close();
    });

    it.runIf(languages.includes(LANGUAGES[0]))('serves the production build pre-compressed and cacheable for a year', async () => {
      const html = await (await fetch(`${origin}/`)).text();
      expect(html).toContain('data-shell="title"');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const response = await fetch(`${origin}${script}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toContain('immutable');
      // The build users get: React's production bundle links its error codes, the development one does not.
      expect(await response.text()).toContain('react.dev/errors');
    });

    /**
     * The first screen of each visitor in each language loads the app (it reads the language when it loads: a load
     * straight from the previous language's last screen, since a load of about:blank between them costs Chromium a
     * renderer process more); the next ones are reached as a user reaches them, through the
     * router (history.pushState and a popstate event), which costs the browser a render instead of a page load.
     * Every element of the previous screen is marked first, so the wait is for the new screen's own element. A screen
     * in the current section (/alerts → /alerts/7, /auth → /auth?tab=register) may be the same page component, which
     * keeps its elements, so it is loaded, as is the landing page's next screen.
     */
    async function open(page: Page, screen: Screen, language: Language, load: boolean): Promise<void> {
      const separator = screen.path.includes('?') ? '&' : '?';
      const target = `${screen.path}${separator}lng=${language}`;
      const section = (path: string) => path.split('/')[1];
      const here = load ? undefined : new URL(page.url()).pathname;
      // The landing page (/) has an entry of its own, without the router.
      if (here === undefined || here === '/' || section(here) === section(new URL(target, origin).pathname)) {
        await page.goto(`${origin}${target}`);
        await page.locator(screen.ready).first().waitFor();
        return;
      }
      await page.evaluate((path) => {
        for (const element of document.querySelectorAll('body *')) element.setAttribute('data-stale', '');
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, target);
      await page.locator(`:is(${screen.ready}):not([data-stale])`).first().waitFor();
    }

    for (const language of languages) {
      const axeWidth = AXE_WIDTHS[language];
      it(`${language}: fits 390/1024/1280 px, breaks no word, shows only ${language} text${axeWidth ? `, passes axe at ${axeWidth} px` : ''}`, async () => {
        const english = [...SERVER_ENGLISH, ...(language === 'en' ? [] : englishSentences(language))];
        const failures: string[] = [];
        const loaded = new Set<Page>();
        for (const screen of screens) {
          const page = screen.auth ? member : visitor;
          // The screen opens at the width the page was left at, which it is checked at first: the widths go up on
          // one screen and down on the next, one resize fewer for each (a resize and its layout cost Chromium ~40 ms).
          const left = page.viewportSize()?.width;
          const widths = left === WIDTHS[WIDTHS.length - 1] ? [...WIDTHS].reverse() : WIDTHS;
          if (left !== widths[0]) await page.setViewportSize({ width: widths[0], height: 900 });
          await open(page, screen, language, !loaded.has(page));
          loaded.add(page);
          await page.waitForFunction(
            () => document.querySelectorAll('.spinner, [aria-busy=true]').length === 0 && !document.querySelector('[data-shell-root]'),
          );
          expect(await page.getAttribute('html', 'lang')).toBe(language);
          for (const width of widths) {
            if (width !== widths[0]) {
              await page.setViewportSize({ width, height: 900 });
              await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            }
            const problems = await page.evaluate(inspect, { english, language });
            for (const [kind, list] of Object.entries(problems))
              for (const problem of new Set(list as string[])) failures.push(`${screen.path} @${width}: ${kind}: ${problem}`);
            if (width === axeWidth) {
              if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
              const violations = await page.evaluate(async (rules) => {
                const result = await (
                  window as unknown as {
                    axe: {
                      run(
                        context: Document,
                        options: object,
                      ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }>;
                    };
                  }
                ).axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
                return result.violations
                  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                  .map(
                    (v) =>
                      `${v.id} (${v.impact}) at ${v.nodes
                        .slice(0, 3)
                        .map((n) => JSON.stringify(n.target))
                        .join(' ')}`,
                  );
              }, AXE_RULES);
              for (const violation of violations) failures.push(`${screen.path} @${width}: axe: ${violation}`);
            }
          }
        }
        expect(failures).toEqual([]);
      });
    }
  });
}
