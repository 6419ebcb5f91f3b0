import { describe, expect, it } from 'vitest';
import { createLocalScorer } from './local-scorer.ts';

describe('corpus weighting', () => {
  it('lets a word that every notice carries decide less than a distinctive one', () => {
    const scorer = createLocalScorer();
    const prompt = 'Sanierung Turnhalle';
    const commonOnly = scorer.prepareProject({ id: 'common', language: 'de', title: 'Sanierung Rathaus', description: '', cpvCodes: [], canton: 'ZH' });
    const distinctiveOnly = scorer.prepareProject({ id: 'rare', language: 'de', title: 'Neue Turnhalle', description: '', cpvCodes: [], canton: 'ZH' });
    const before = scorer.score(scorer.prepareAlert(prompt, 'de'), commonOnly).score;
    for (let i = 0; i < 100; i++) {
      scorer.prepareProject({ id: i, language: 'de', title: `Sanierung Gebäude ${i}`, description: '', cpvCodes: [], canton: 'BE' });
    }
    const alert = scorer.prepareAlert(prompt, 'de');
    const after = scorer.score(alert, commonOnly).score;
    expect(after).toBeLessThan(before);
    expect(scorer.score(alert, distinctiveOnly).score).toBeGreaterThan(after);
  });

  it('counts a re-prepared project once', () => {
    const scorer = createLocalScorer();
    for (let i = 0; i < 60; i++) scorer.prepareProject({ id: i, language: 'fr', title: `Nettoyage ${i}`, description: '', cpvCodes: [], canton: 'VD' });
    const target = scorer.prepareProject({ id: 'x', language: 'fr', title: 'Nettoyage des vitres', description: '', cpvCodes: [], canton: 'VD' });
    const once = scorer.score(scorer.prepareAlert('nettoyage des vitres', 'fr'), target).score;
    for (let i = 0; i < 60; i++) scorer.prepareProject({ id: i, language: 'fr', title: `Nettoyage ${i}`, description: '', cpvCodes: [], canton: 'VD' });
    expect(scorer.score(scorer.prepareAlert('nettoyage des vitres', 'fr'), target).score).toBe(once);
  });
});
