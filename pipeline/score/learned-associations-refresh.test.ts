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
  it('relearn only when the corpus has grown enough, or the scorer code changed', () => {
    const learned = (documents: number, scorerVersion: string | null = 'v1') => ({ documents, scorerVersion });
    expect(needsRelearning(null, 0, 'v1')).toBe(false);
    expect(needsRelearning(null, 5, 'v1')).toBe(true);
    expect(needsRelearning(learned(1000), 1050, 'v1')).toBe(false);
    expect(needsRelearning(learned(1000), 1100, 'v1')).toBe(true);
    expect(needsRelearning(learned(20_000), 21_000, 'v1')).toBe(true);
    expect(needsRelearning(learned(1000), 1000, 'v2')).toBe(true);
    expect(needsRelearning(learned(1000, null), 1000, 'v1')).toBe(true);
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

  it('are learned again when other scorer code learned them, though the corpus has not grown', async () => {
    await currentLearnedAssociations(testDb.db.knex);
    const before = await learnedAssociationsState(testDb.db.knex);
    expect(before?.scorerVersion).toMatch(/^[0-9a-f]{16}$/);
    // As a deploy with another stemmer finds them: stems of the previous code.
    await testDb.db.knex('learnedAssociationsState').update({ scorerVersion: 'previous-code' });
    await testDb.db.knex('learnedCodeTerms').update({ stem: testDb.db.knex.raw("'stale-' || stem") });
    const relearned = await currentLearnedAssociations(testDb.db.knex);
    expect(relearned?.codesFor('de', 'stale-orgelrevision')).toEqual([]);
    expect(relearned?.codesFor('de', 'orgelrevision').map((entry) => entry.code)).toEqual(['37310000']);
    expect((await learnedAssociationsState(testDb.db.knex))?.scorerVersion).toBe(before?.scorerVersion);
  });
});
