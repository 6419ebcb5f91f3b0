/** The digest's HTML as a mail client shows it, in Chromium at 600 px (desktop client) and 390 px (phone). */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../render-email.ts';
import { digestTemplate } from './digest.ts';
import { DIGEST_VARS } from '../../../test-support/digest-email-vars.ts';
import { chromiumAvailable, launchChromium } from '../../../test-support/chromium.ts';

const hasChromium = chromiumAvailable('the digest screenshot test');

describe.skipIf(!hasChromium)('digest e-mail in Chromium', { timeout: 600_000 }, () => {
  let browser: Browser | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigie-digest-'));
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const language of ['fr', 'de'] as const) {
    it(`fits 600 px and 390 px without sideways scrolling (${language}), screenshots taken`, async () => {
      const email = renderEmail(digestTemplate, language, DIGEST_VARS);
      const page = await browser!.newPage();
      try {
        await page.setContent(email.html);
        for (const width of [600, 390]) {
          await page.setViewportSize({ width, height: 900 });
          const layout = await page.evaluate(() => {
            const tooWide = [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
              .map((element) => element.outerHTML.slice(0, 80));
            return { scrollWidth: document.documentElement.scrollWidth, tooWide, lang: document.documentElement.lang, text: document.body.innerText };
          });
          expect(layout.scrollWidth).toBeLessThanOrEqual(width);
          expect(layout.tooWide).toEqual([]);
          expect(layout.lang).toBe(language);
          expect(layout.text).toContain(language === 'fr' ? 'Se désinscrire de tous les e-mails d’alerte' : 'Von allen Alarm-E-Mails abmelden');
          const file = join(dir, `digest-${language}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          expect((await stat(file)).size).toBeGreaterThan(5_000);
        }
      } finally {
        await page.close();
      }
    });
  }
});
