/**
 * The feedback, watchlist and settings screens against the real API on Postgres (the pipeline's scoring is
 * replaced: the screens are under test, learning is tested in api/routes/feedback). Builds the SPA, serves it
 * from the Koa app, drives Debian's Chromium. Skipped (with a notice) when Chromium is missing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { createBackgroundTasks } from '../../api/background-tasks.ts';
import { digestActionLinksFor } from '../../pipeline/notify/email-actions/digest-action-links.ts';
import { createCapturingMailer, testPipeline } from '../../test-support/api-client.ts';
import { builtWebRoot } from '../../test-support/built-web.ts';
import { buildAlert, buildProjects, buildUser, type BuiltProject } from '../../test-support/factories.ts';
import { silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { chromiumAvailable, launchChromium } from '../../test-support/chromium.ts';

const hasChromium = chromiumAvailable('the browser test of the feedback screens');

describe.skipIf(!hasChromium)('feedback, watchlist and settings in Chromium', { timeout: 600_000 }, () => {
  let outDir = '';
  let server: Server | undefined;
  let database: TestDatabase;
  let browser: Browser | undefined;
  let page: Page;
  let origin = '';
  let alertId = 0;
  let userId = 0;
  let projects: BuiltProject[] = [];

  beforeAll(async () => {
    outDir = await builtWebRoot();
    database = await createTestDatabase();
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const logger = silentLogger();
    const app = createApp({
      config: testConfig({ PUBLIC_URL: origin }),
      db: database.db,
      logger,
      mailer: createCapturingMailer(),
      pipeline: testPipeline({ scoreAlertNow: async () => ({ scored: 0, matches: 1 }), relearnAlert: async () => {} }),
      background: createBackgroundTasks(logger),
      projectListTtlMs: 0,
      webRoot: outDir,
    });
    server.on('request', app.callback());

    const db = database.db.knex;
    const user = await buildUser(db, { username: 'carla', language: 'en' });
    userId = user.id;
    // The factory's password is not known here: give Carla one the login form can use.
    const { hash } = await import('@node-rs/argon2');
    await db('users')
      .where({ id: user.id })
      .update({ passwordHash: await hash('correct horse'), emailVerifiedAt: new Date() });
    const alert = await buildAlert(db, { userId: user.id, prompt: 'Kaminsanierung von Bootshäusern', language: 'en' });
    alertId = alert.id;
    projects = await buildProjects(db, [
      { title: 'Chimney repair of the boathouse', deadline: new Date('2031-03-01T10:00:00Z'), organization: 'City of Bern' },
      { title: 'Snow clearing in Thun', deadline: new Date('2031-02-01T10:00:00Z') },
    ]);
    for (const [index, project] of projects.entries()) {
      await db('alertMatches').insert({
        alertId,
        projectId: project.id,
        score: 90 - index * 10,
        explanation: 'matched',
        scorer: 'test',
        contentSeq: project.contentSeq,
      });
    }
    await db('alertLearnedItems').insert([
      { alertId, polarity: 'more', kind: 'term', value: 'Kaminsanierung', weight: 0.8 },
      { alertId, polarity: 'more', kind: 'cpv', value: '45442100', weight: 1 },
      { alertId, polarity: 'less', kind: 'term', value: 'Schneeräumung', weight: 0.5 },
    ]);

    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.goto(`${origin}/auth?lng=en`);
    await page.getByRole('tab', { name: 'Log in' }).click();
    await page.getByLabel('Username').fill('carla');
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${origin}/home`);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await database?.drop();
  });

  const until = async (check: () => Promise<boolean>) => {
    // Generous: the click re-scores the alert in the request, which beside CPU burners takes many times its usual time.
    const deadline = Date.now() + 180_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in 180 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('shows what the alert learned, undoes an item, and records 👎 on a match', async () => {
    await page.goto(`${origin}/alerts/${alertId}`);
    const learned = page.getByTestId('alert-learning');
    await expect(learned.textContent()).resolves.toMatch(/more like: Kaminsanierung×?, 45442100×? · less like: Schneeräumung/);
    await page.getByRole('button', { name: 'Undo “Schneeräumung”' }).click();
    await learned.getByText('less like:').waitFor({ state: 'detached' });
    expect(await database.db.knex('alertLearnedItems').where({ alertId, value: 'Schneeräumung' }).first('dismissed')).toEqual({ dismissed: true });

    const card = page.getByTestId('project-card').filter({ hasText: 'Snow clearing in Thun' });
    await card.getByRole('button', { name: 'Not relevant' }).click();
    await until(async () => (await card.getByRole('button', { name: 'Not relevant' }).getAttribute('aria-pressed')) === 'true');
    expect(await database.db.knex('alertFeedback').where({ alertId }).select('projectId', 'verdict')).toEqual([
      { projectId: projects[1]!.id, verdict: 'not_relevant' },
    ]);
    // The verdict acts through resemblance too, and the alert says so.
    await page.getByTestId('alert-resemblance').getByText('projects resembling the one marked not relevant rank lower').waitFor();
  });

  it('watches a project with ☆ and lists it on the watchlist, soonest deadline first', async () => {
    await page.goto(`${origin}/projects/${projects[0]!.id}`);
    await page.getByRole('button', { name: 'Watch this project' }).click();
    await page.getByRole('button', { name: 'Stop watching' }).waitFor();
    await page.goto(`${origin}/projects/${projects[1]!.id}`);
    await page.getByRole('button', { name: 'Watch this project' }).click();
    await page.getByRole('button', { name: 'Stop watching' }).waitFor();
    await page.goto(`${origin}/watchlist`);
    const titles = page.getByTestId('watched-card').locator('h3');
    await until(async () => (await titles.count()) === 2);
    expect(await titles.allTextContents()).toEqual(['Snow clearing in Thun', 'Chimney repair of the boathouse']);
  });

  it('shows the webcal:// calendar link on the settings page', async () => {
    await page.goto(`${origin}/settings`);
    const link = page.getByTestId('webcal-link');
    await expect(link.getAttribute('href')).resolves.toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  });

  it('confirms a one-click e-mail link in the language of the e-mail, without a session', async () => {
    const links = (await digestActionLinksFor(database.db.knex, userId, 'de', origin))!;
    const url = links({ alertId, projectId: projects[0]!.id } as Parameters<typeof links>[0])!.relevant;
    const anonymous = await browser!.newContext({ locale: 'en-GB' });
    const fresh = await anonymous.newPage();
    await fresh.goto(url);
    await fresh.getByRole('heading', { name: 'Danke, als relevant vermerkt' }).waitFor();
    expect((await database.db.knex('alertFeedback').where({ alertId, projectId: projects[0]!.id }).first('verdict')).verdict).toBe('relevant');
    await anonymous.close();
  });
});
