import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMatch, insertTestProject, startTestApi, testPipeline, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';

// The list's JSON is written by Postgres (db/project-listing.ts findProjectPageJson); the detail still goes through
// api/presenters/project.ts. Both must say the same of a project, whatever its fields hold.

let api: TestApi;
let user: SignedUpUser;

const oddProjects: Array<Record<string, unknown>> = [
  // simap page from an id encodeURIComponent must escape (accent, slash, space, plus, emoji), budget with cents
  { projectId: 'Ré/2026 1+x🙂', budget: '1234.50', url: null, metadata: { lots: 2, note: 'a "quoted"\nline\tand \\ back' } },
  // the notice's own url in its metadata, a deadline with milliseconds
  { projectId: "ok-_.!~*'()", metadata: { url: 'https://example.test/notice?a=1&b=2' }, deadline: new Date(Date.UTC(2026, 1, 3, 4, 5, 6, 789)) },
  // the project's url column wins over the metadata's; a url in the metadata that is not text is replaced
  { url: 'https://example.test/own', metadata: { url: 42, nested: { deep: [1, 2.5, null, true] } }, budget: '0.01' },
  { metadata: { url: { not: 'text' } }, publishedAt: null, titleEn: 'Snow clearing \u0001 control', description: 'Ünïcödé — ✓ 𝄞' },
];

beforeAll(async () => {
  api = await startTestApi({ pipeline: testPipeline({ scoreAlertNow: async () => ({ scored: 0, matches: 0 }) }) });
  user = await api.signUp();
  const alert = (await user.client.post('/api/alerts', { prompt: 'Snow clearing of roads' })).body.id as number;
  for (const [index, fields] of oddProjects.entries()) {
    const { id } = await insertTestProject(api.db, { title: `Odd project ${index}`, publishedAt: new Date(Date.UTC(2026, 0, 10 - index, 8, 0, 0, 123)) });
    const { metadata, ...columns } = fields;
    await api.db
      .knex('projects')
      .where({ id })
      .update({ ...columns, metadata: JSON.stringify(metadata) });
    if (index % 2 === 0) await insertTestMatch(api.db, alert, id, 30 + index * 10);
  }
  await api.db
    .knex('project_summaries')
    .insert({ projectId: (await api.db.knex('projects').min('id as id').first())!.id, language: 'de', text: 'Zusammenfassung', model: 'test', contentSeq: 1 });
});
afterAll(async () => {
  await api?.close();
});

const withParsedMetadata = (project: Record<string, unknown>) => ({ ...project, metadata: JSON.parse(project.metadata as string) as unknown });

describe('project list written by Postgres', () => {
  it('is JSON and says of each project what the detail (the Node presenter) says, in both sort orders', async () => {
    for (const sort of ['newest', 'title']) {
      const response = await user.client.get(`/api/projects?sort=${sort}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const items = response.body as Array<Record<string, unknown>>;
      expect(items).toHaveLength(oddProjects.length);
      for (const item of items) {
        const { content, ...detail } = (await user.client.get(`/api/projects/${String(item.id)}`)).body as Record<string, unknown>;
        expect(content).toBe('Full content');
        expect(Object.keys(item)).toEqual(Object.keys(detail));
        expect(withParsedMetadata(item)).toEqual(withParsedMetadata(detail));
      }
    }
  });

  it("builds the simap page from the encoded id in the user's language", async () => {
    const items = (await user.client.get('/api/projects?sort=newest')).body as Array<{ projectId: string; metadata: string }>;
    const odd = items.find((item) => item.projectId === 'Ré/2026 1+x🙂')!;
    expect(JSON.parse(odd.metadata)).toEqual({
      lots: 2,
      note: 'a "quoted"\nline\tand \\ back',
      url: `https://www.simap.ch/en/project-detail/${encodeURIComponent('Ré/2026 1+x🙂')}`,
    });
  });

  it('answers an empty array for a page past the end', async () => {
    const response = await user.client.get('/api/projects?offset=50');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });
});
