import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailActionResponse, WatchedProjectResponse } from '../../../domain/api-responses.ts';
import { composeDigest } from '../../../pipeline/notify/compose-digest.ts';
import { digestActionLinksFor } from '../../../pipeline/notify/email-actions/digest-action-links.ts';
import { startTestApi, testPipeline, TEST_PUBLIC_URL, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { buildProjects, type BuiltProject } from '../../../test-support/factories.ts';

let api: TestApi;
let alice: SignedUpUser;
let bob: SignedUpUser;
let alertId: number;
let projects: BuiltProject[];
const relearned: number[] = [];

beforeAll(async () => {
  api = await startTestApi({
    pipeline: testPipeline({
      scoreAlertNow: async () => ({ scored: 0, matches: 0 }),
      relearnAlert: async (_db, id) => {
        relearned.push(id);
      },
    }),
  });
  alice = await api.signUp(undefined, { language: 'de' });
  bob = await api.signUp();
  alertId = (await alice.client.post('/api/alerts', { prompt: 'Reinigung von Schulhäusern' })).body.id;
  projects = await buildProjects(api.db.knex, [{ title: 'Schulhausreinigung' }, { title: 'Strassenbau' }]);
});
afterAll(async () => {
  await api?.close();
});

/** The links of Alice's digest for one project, as the e-mail shows them. */
async function digestLinks(projectId: number) {
  const links = await digestActionLinksFor(api.db.knex, alice.id, 'de', TEST_PUBLIC_URL);
  const email = composeDigest(
    {
      digestId: 'd1',
      userId: alice.id,
      username: alice.username,
      email: alice.email,
      language: 'de',
      attempts: 1,
      entries: [
        {
          alertId,
          alertFrequency: 'daily',
          simapProjectId: 's1',
          projectId,
          score: 80,
          alertPrompt: 'Reinigung',
          explanation: 'x',
          projectTitle: 'Schulhausreinigung',
          projectOrganization: null,
          deadline: null,
        },
      ],
    } as unknown as Parameters<typeof composeDigest>[0],
    TEST_PUBLIC_URL,
    ['made-up-signing-key'],
    links,
  );
  const found = [...email.text.matchAll(/(👍 Relevant|👎 Nicht relevant|☆ Beobachten): (\S+)/g)].map((m) => [m[1], m[2]!] as const);
  expect(found).toHaveLength(3);
  expect(email.html).toContain('👎 Nicht relevant</a>');
  const params = (url: string) => Object.fromEntries(new URL(url).searchParams);
  return { relevant: params(found[0]![1]), notRelevant: params(found[1]![1]), watch: params(found[2]![1]), urls: found.map(([, url]) => url) };
}

describe('one-click e-mail links', () => {
  it('lead to the confirmation page and, posted without a session, record 👎 / 👍 and ☆ for that alert and project', async () => {
    const links = await digestLinks(projects[0]!.id);
    expect(links.urls.every((url) => url.startsWith(`${TEST_PUBLIC_URL}/email-action?`))).toBe(true);
    expect(links.notRelevant).toMatchObject({ action: 'not_relevant', u: String(alice.id), a: String(alertId), p: String(projects[0]!.id), lang: 'de' });

    const anonymous = api.client();
    const disliked = await anonymous.post('/api/email-actions', links.notRelevant);
    expect(disliked.status).toBe(200);
    expect(EmailActionResponse.parse(disliked.body)).toEqual({ action: 'not_relevant', alertId, projectId: projects[0]!.id, done: true });
    expect(await api.db.knex('alert_feedback').where({ alertId }).select('projectId', 'verdict')).toEqual([
      { projectId: projects[0]!.id, verdict: 'not_relevant' },
    ]);
    expect(relearned).toContain(alertId);

    expect((await anonymous.post('/api/email-actions', links.relevant)).status).toBe(200);
    expect((await api.db.knex('alert_feedback').where({ alertId }).first('verdict')).verdict).toBe('relevant');

    const watched = await anonymous.post('/api/email-actions', links.watch);
    expect(watched.status).toBe(200);
    expect(EmailActionResponse.parse(watched.body).action).toBe('watch');
    expect(
      WatchedProjectResponse.array()
        .parse((await alice.client.get('/api/watchlist')).body)
        .map((p) => p.id),
    ).toEqual([projects[0]!.id]);
  });

  it('refuses an altered link: another project, action or user, or a forged signature', async () => {
    const { notRelevant } = await digestLinks(projects[0]!.id);
    const anonymous = api.client();
    const before = await api.db.knex('alert_feedback').select('alertId', 'projectId', 'verdict');
    for (const altered of [
      { ...notRelevant, p: String(projects[1]!.id) },
      { ...notRelevant, action: 'watch' },
      { ...notRelevant, u: String(bob.id) },
      { ...notRelevant, s: 'A'.repeat(43) },
    ]) {
      const response = await anonymous.post('/api/email-actions', altered);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_token');
    }
    expect(await api.db.knex('alert_feedback').select('alertId', 'projectId', 'verdict')).toEqual(before);
    expect((await bob.client.get('/api/watchlist')).body).toEqual([]);
    const missing = await anonymous.post('/api/email-actions', { action: 'relevant', u: 'x' });
    expect(missing.body).toMatchObject({ error: 'validation_failed', field: 'u' });
  });

  it('gives the same links on every rendering, so a re-sent digest is identical', async () => {
    expect((await digestLinks(projects[0]!.id)).urls).toEqual((await digestLinks(projects[0]!.id)).urls);
  });
});
