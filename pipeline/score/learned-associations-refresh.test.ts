import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProjects } from '../../test-support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { learnedAssociationsState, loadLearnedAssociations } from '../../db/learned-associations.ts';
import { currentLearnedAssociations, needsRelearning } from './learned-associations-refresh.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
}, 60_000);
afterAll(async () => testDb?.drop());

// Invented notices: organ maintenance by three parishes, in German with a French title, and printing jobs.
async function addNotices(count: number, offset: number): Promise<void> {
  const built = await buildProjects(
    testDb.db.knex,
    Array.from({ length: count }, (_, i) =>
      (offset + i) % 6 === 0
        ? { title: `Orgelrevision Kirche ${offset + i}`, creationLanguage: 'de', cpvCodes: ['37310000'], organization: `Kirchgemeinde ${offset + i}` }
        : { title: `Impression du bulletin ${offset + i}`, creationLanguage: 'fr', cpvCodes: ['79810000'], organization: `Commune ${offset + i}` },
    ),
  );
  for (const project of built) {
    const row = await testDb.db.knex('projects').where({ id: project.id }).first('title', 'creationLanguage');
    if (row.creationLanguage === 'de')
      await testDb.db
        .knex('projects')
        .where({ id: project.id })
        .update({ titleFr: `Révision de l'orgue ${project.id}` });
  }
}

describe('learned associations in the database', () => {
  it('relearn only when the corpus has grown enough', () => {
    expect(needsRelearning(null, 0)).toBe(false);
    expect(needsRelearning(null, 5)).toBe(true);
    expect(needsRelearning(1000, 1050)).toBe(false);
    expect(needsRelearning(1000, 1100)).toBe(true);
    expect(needsRelearning(20_000, 21_000)).toBe(true);
  });

  it('are learned from the projects table, stored, and learned again once the corpus has grown', async () => {
    await addNotices(30, 0);
    const first = await currentLearnedAssociations(testDb.db.knex);
    expect(first?.documents).toBe(30);
    expect(first?.codesFor('de', 'orgelrevision').map((entry) => entry.code)).toEqual(['37310000']);
    expect(first?.translate('de', 'orgelrevision').map((entry) => entry.stem)).toContain('orgu');
    const stored = await loadLearnedAssociations(testDb.db.knex);
    expect(stored?.codeTerms.length).toBeGreaterThan(0);

    await addNotices(1, 30);
    expect((await currentLearnedAssociations(testDb.db.knex))?.documents).toBe(30);
    await addNotices(5, 31);
    expect((await currentLearnedAssociations(testDb.db.knex, { relearn: false }))?.documents).toBe(30);
    expect((await currentLearnedAssociations(testDb.db.knex))?.documents).toBe(36);
    expect((await learnedAssociationsState(testDb.db.knex))?.documents).toBe(36);
  });
});
