import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { seedProjects } from '../../test-support/seed-projects.ts';
import { normalizePublications } from './normalize-publications.ts';
import { resetProjects } from './reset-projects.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

const comparable = async () =>
  (await testDb.db.knex('projects').select('*').orderBy('id')).map(({ contentSeq: _s, createdAt: _c, updatedAt: _u, ...rest }) => rest);

describe('re-normalizing', () => {
  it('rebuilds the same projects with the same ids, and a full pass over unchanged rows changes nothing', async () => {
    const { projects } = await seedProjects(testDb.db.knex, 120, { withUpdates: true });
    expect(projects).toBe(120);
    const before = await comparable();
    const publications = await testDb.db.knex('project_publications').select('projectId', 'publicationId').orderBy('publicationId');

    const full = await normalizePublications(testDb.db.knex, { all: true });
    expect(full).toMatchObject({ created: 0, updated: 0, quarantined: 0 });
    expect(full.unchanged).toBe(full.publications);

    await testDb.db.knex('summary_queue').delete();
    expect(await resetProjects(testDb.db.knex)).toEqual({ projectsCount: 120 });
    expect(await comparable()).toEqual(before);
    expect(await testDb.db.knex('project_publications').select('projectId', 'publicationId').orderBy('publicationId')).toEqual(publications);
    expect(await testDb.db.knex('summary_queue').count({ n: '*' })).toEqual([{ n: 120 }]);
  });
});
