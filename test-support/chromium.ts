import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs. */
const CHROMIUM = '/usr/bin/chromium';

/** Whether Chromium is here; when it is not, says which browser test is skipped. */
export function chromiumAvailable(skipped: string): boolean {
  const found = existsSync(CHROMIUM);
  if (!found) console.warn(`\n[notice] ${CHROMIUM} not found: ${skipped} is skipped.\n`);
  return found;
}

/**
 * Headless Chromium as every browser test launches it, with one renderer process for all its pages: a renderer per
 * page and per new document cost the screens test ~15 % more CPU (40 → 34 CPU-s on a 2-core machine). Headless
 * Chromium also preloads the address bar's popup (two chrome://omnibox-popup pages in a renderer of their own,
 * ~2 CPU-s a launch, 8 over the suite's browser files), which no headless page ever shows: turned off.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--renderer-process-limit=1',
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
}
