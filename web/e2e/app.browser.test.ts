/**
 * Builds the SPA, serves it with a small fake of the API endpoints it exercises, and drives
 * Debian's Chromium through playwright-core. Skipped (with a notice) when Chromium is missing.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebRoot } from '../../test-support/built-web.ts';
import { chromiumAvailable, launchChromium } from '../../test-support/chromium.ts';

const hasChromium = chromiumAvailable('the browser test of the web app');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const USER = { id: 7, username: 'alice', email: 'alice@example.com', emailVerified: true, role: 'user', language: 'en' };
const PROJECTS = [
  {
    id: 1,
    projectId: 'p-1',
    title: 'Reinigung Schulhaus',
    titleEn: 'Cleaning of the Lausanne schools',
    organization: 'Ville de Lausanne',
    location: 'Lausanne',
    publishedAt: new Date().toISOString(),
    matchScore: 87,
    category: 'Services',
  },
  {
    id: 2,
    projectId: 'p-2',
    title: 'Road maintenance in Bern',
    organization: 'Kanton Bern',
    location: 'Bern',
    publishedAt: new Date().toISOString(),
    matchScore: null,
    category: 'Works',
  },
];

/** A tiny fake of the endpoints the journeys below use; anything else is a JSON 404. */
function fakeApi() {
  let loggedIn = false;
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /api/user':
        return loggedIn ? json(200, USER) : json(401, { error: 'unauthorized', message: 'You must be logged in' });
      case 'POST /api/login':
        if (body.username !== 'alice' || body.password !== 'secret1')
          return json(401, { error: 'invalid_credentials', message: 'Invalid username or password' });
        loggedIn = true;
        return json(200, USER);
      case 'POST /api/logout':
        loggedIn = false;
        return json(200, { ok: true });
      case 'PUT /api/user':
        return json(200, { ...USER, language: body.language });
      case 'GET /api/stats':
        return json(200, { totalProjects: 12345, matchingProjects: 1, activeAlerts: 0 });
      case 'GET /api/config':
        return json(200, { matchThreshold: 50, notifyThreshold: 70, billing: 'off', languages: ['fr', 'de', 'it', 'en'] });
      case 'GET /api/alerts':
        return json(200, [
          {
            id: 1,
            prompt: 'Cleaning of school buildings',
            isActive: true,
            frequency: 'daily',
            language: 'fr',
            promptLanguage: 'en',
            matchCount: 0,
            createdAt: new Date().toISOString(),
          },
        ]);
      case 'GET /api/alerts/1/matches':
        return json(200, []);
      case 'GET /api/projects':
        return json(200, PROJECTS, { 'X-Total-Count': String(PROJECTS.length) });
      case 'GET /api/projects/categories':
        return json(200, ['Services', 'Works']);
      case 'GET /api/subscription':
        return json(200, { billing: 'off', status: 'active', plan: 'monthly', activeAlertCount: 0, maxAlerts: 3 });
      default:
        return json(404, { error: 'not_found', message: `No API route ${route}` });
    }
  };
}

async function serve(root: string): Promise<Server> {
  const api = fakeApi();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      api(req, res, url).catch((error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: 'internal_error', message: String(error) }));
      });
      return;
    }
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    const inside = file.startsWith(root) && extname(file) !== '';
    (inside ? readFile(file).then((content) => ({ content, type: TYPES[extname(file)] ?? 'application/octet-stream' })) : Promise.reject(new Error('spa')))
      .catch(async () => ({ content: await readFile(join(root, 'index.html')), type: TYPES['.html'] ?? 'text/html' }))
      .then(({ content, type }) => {
        res.writeHead(200, { 'Content-Type': type });
        res.end(content);
      })
      .catch(() => {
        res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe.skipIf(!hasChromium)('web app in Chromium', { timeout: 600_000 }, () => {
  let outDir = '';
  let server: Server | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let origin = '';

  beforeAll(async () => {
    outDir = await builtWebRoot();
    server = await serve(outDir);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    // A browser language we do not support, so the default (French) applies.
    context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(180_000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('renders the landing page in French by default', async () => {
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain("Ne manquez plus aucun appel d'offres public");
    await page.getByText('Plan Standard').waitFor();
    await page.getByText('49 CHF').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
  });

  it('switches the texts to German', async () => {
    await page.locator('footer').getByRole('button', { name: 'DE' }).click();
    await page.getByRole('heading', { name: /Verpassen Sie keine öffentliche Ausschreibung/ }).waitFor();
    await page.getByText('Standard-Plan').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
  });

  it('shows the register validation messages', async () => {
    await page.goto(`${origin}/auth?lng=en&tab=register`);
    await page.getByLabel('Username').fill('al');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('violet canyon 1984');
    await page.getByLabel('Confirm password').fill('violet canyon 1985');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
  });

  it('logs in to a dashboard with stats and a project no alert matches', async () => {
    await page.goto(`${origin}/auth?lng=en`);
    await page.getByRole('tab', { name: 'Log in' }).click();
    await page.getByLabel('Confirm password').waitFor({ state: 'detached' });
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${origin}/home`);
    await expect(page.getByTestId('stat-totalProjects').textContent()).resolves.toBe('12,345');
    await page.getByText('no match').first().waitFor();
    await page.getByText('87% match').first().waitFor();
    // At 1280 px the header's navigation and tools sit behind the menu button.
    await page.locator('.menu-toggle').click();
    await page.getByText('Plan included', { exact: false }).first().waitFor();
  });

  it('keeps keyboard focus inside the delete dialog and gives it back on close', async () => {
    await page.goto(`${origin}/alerts?lng=en`);
    const remove = page.getByRole('button', { name: 'Delete' }).first();
    await remove.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('offers a skip link as the first Tab stop, leading to the main content', async () => {
    await page.goto(`${origin}/projects?lng=en`);
    await page.getByTestId('project-card').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it("shows the alert's prompt language, not the interface language", async () => {
    await page.goto(`${origin}/alerts?lng=fr`);
    await page.locator('.alert-meta .badge', { hasText: /^EN$/ }).waitFor();
  });

  it('refuses an alert prompt shorter than 10 characters', async () => {
    await page.goto(`${origin}/home?lng=en`);
    await page.getByLabel('What are you looking for?').fill('short');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await page.getByText('Prompt must be at least 10 characters').waitFor();
  });
});
