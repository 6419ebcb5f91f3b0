/**
 * The built SPA under the real app's Content-Security-Policy in Chromium: it must render and work without a
 * single violation (vite emits no inline script), and a form sent from the wrong address shows, translated,
 * which address to use.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test-support/api-client.ts';
import { chromiumAvailable, launchChromium } from '../../test-support/chromium.ts';

const hasChromium = chromiumAvailable('the browser test of the security headers');
const CONFIG = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

describe.skipIf(!hasChromium)('the built SPA under the security headers', { timeout: 600_000 }, () => {
  let outDir = '';
  let api: TestApi;
  let browser: Browser | undefined;
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'vigie-csp-'));
    await build({ configFile: CONFIG, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    api = await startTestApi({ webRoot: outDir });
    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'de-CH' });
    // Injected by the browser itself, so the policy does not apply to this listener.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    page = await context.newPage();
    page.setDefaultTimeout(180_000);
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('renders the landing and sign-in pages with no CSP violation', async () => {
    const response = await page.goto(`${api.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${api.url}/auth?lng=de`);
    await page.getByLabel('Benutzername').waitFor();
    expect(violations).toEqual([]);
  });

  it('tells a user on the wrong address which one to open, in their language', async () => {
    // The page is at 127.0.0.1:<port>, PUBLIC_URL is http://vigie.test: the login POST is refused.
    await page.getByLabel('Benutzername').fill('somebody');
    await page.getByLabel('Passwort', { exact: true }).fill('violet canyon 1984');
    await page.locator('form').getByRole('button', { name: 'Anmelden' }).click();
    await page
      .getByText(/Öffnen Sie die App unter http:\/\/vigie\.test/)
      .first()
      .waitFor();
    expect(violations).toEqual([]);
  });
});
