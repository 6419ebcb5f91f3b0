import { describe, expect, it } from 'vitest';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import { createCandidateIndex, type CandidateIndex } from './candidate-index.ts';
import { prepareLearnedAlert, scoreLearned, scoreLearnedAtLeast, type LearnedAlert } from './learned-alert.ts';
import { createLocalScorer, type ScorableProject } from './local-scorer.ts';
import { bestMatches, namesTheWork, prepareAlertWithPseudoFeedback, pseudoRelevantProjects } from './pseudo-feedback.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from './scoring-parameters.ts';

// Every text here is invented for the test; none comes from the labelled evaluation set.
const scorer = createLocalScorer();
const notice = (id: string, title: string, description: string): ScorableProject => ({
  id,
  language: 'de',
  title,
  description,
  cpvCodes: [],
  canton: null,
});
const best = notice('best', 'Turmuhren Revision', 'Revision der Turmuhren, Zifferblätter und Glockenschlagwerke der Stadtkirche.');
// Says "Zifferblätter" and "Glockenschlagwerke" as the best match does, but not the prompt's word "Turmuhren".
const alike = notice('alike', 'Zifferblätter und Glockenschlagwerke', 'Überholung der Zifferblätter und Glockenschlagwerke, Stadtkirche.');
const unlike = notice('unlike', 'Dachrinnenreinigung Stadtkirche', 'Reinigung der Dachrinnen und der Portale.');
const index = createCandidateIndex();
for (const project of [...madeUpNotices(), best, alike, unlike].map((n) => scorer.prepareProject(n))) index.add(project);
const prepared = (n: ScorableProject) => scorer.prepareProject(n);
const prompt = 'Revision von Turmuhren';
/** By brute force: bestMatches over every indexed project's score (ids as strings). */
const bestOfEveryProject = (own: CandidateIndex, alert: LearnedAlert, parameters: ScoringParameters['pseudoFeedback']) =>
  bestMatches(
    [...own.projects()].filter((project) => namesTheWork(alert, project)).map((project) => ({ project, score: scoreLearned(scorer, alert, project) })),
    parameters,
  ).map((project) => String(project.id));

describe('pseudo-relevance feedback', () => {
  it("takes the alert's best match in the whole index as relevant, and nothing when no project reaches minScore", () => {
    const alert = prepareLearnedAlert(scorer, prompt, 'de', undefined, index.corpus);
    expect(pseudoRelevantProjects(scorer, alert, index).map((project) => project.id)).toEqual(['best']);
    const nothingClose = prepareLearnedAlert(scorer, 'Beschaffung von Rettungsbooten', 'de', undefined, index.corpus);
    expect(pseudoRelevantProjects(scorer, nothingClose, index)).toEqual([]);
  });

  it('takes no best match that does not name the work the prompt seeks', () => {
    const own = createCandidateIndex();
    for (const n of [...madeUpNotices(), notice('earth', 'Erdarbeiten Sportplatz Ried', 'Aushub und Erdarbeiten für den neuen Sportplatz.')])
      own.add(prepared(n));
    const alert = prepareLearnedAlert(scorer, 'Wartung von Sportplätzen', 'de', undefined, own.corpus);
    expect(alert.head).toBeDefined();
    // The earthworks are the best match, above minScore, but no example of upkeep: learning from them lifted their likes.
    expect(scoreLearned(scorer, alert, own.get('earth')!)).toBeGreaterThanOrEqual(SCORING_PARAMETERS.pseudoFeedback.minScore);
    expect(pseudoRelevantProjects(scorer, alert, own)).toEqual([]);
    own.add(prepared(notice('upkeep', 'Wartung Sportplatz Ried', 'Wartung des Sportplatzes und der Geräte.')));
    expect(pseudoRelevantProjects(scorer, alert, own).map((project) => project.id)).toEqual(['upkeep']);
  });

  it('never takes a project the subscriber said 👎 to as what the alert seeks', () => {
    const alert = prepareLearnedAlert(scorer, prompt, 'de', undefined, index.corpus);
    const found = pseudoRelevantProjects(scorer, alert, index, SCORING_PARAMETERS.pseudoFeedback, new Set(['best']));
    expect(found.map((project) => project.id)).not.toContain('best');
    const learning = { more: [], less: [], exclude: [], disliked: [prepared(best)] };
    const { alert: learned } = prepareAlertWithPseudoFeedback(scorer, prompt, 'de', index, learning);
    expect(scoreLearned(scorer, learned, prepared(alike))).toBeLessThan(
      scoreLearned(scorer, prepareAlertWithPseudoFeedback(scorer, prompt, 'de', index).alert, prepared(alike)),
    );
  });

  it('lifts a project resembling the best match, not one that does not, and leaves the best match first', () => {
    const plain = prepareLearnedAlert(scorer, prompt, 'de', undefined, index.corpus);
    const { alert, pseudoRelevant } = prepareAlertWithPseudoFeedback(scorer, prompt, 'de', index);
    expect(pseudoRelevant).toBe(1);
    const gain = (n: ScorableProject) => scoreLearned(scorer, alert, prepared(n)) - scoreLearned(scorer, plain, prepared(n));
    expect(gain(alike)).toBeGreaterThan(5);
    expect(gain(alike)).toBeLessThanOrEqual(Math.ceil(100 * SCORING_PARAMETERS.pseudoFeedback.share));
    expect(gain(unlike)).toBeLessThan(gain(alike) / 2);
    expect(scoreLearned(scorer, alert, prepared(best))).toBeGreaterThan(scoreLearned(scorer, alert, prepared(alike)));
    // The explanation says why, in the alert's language; the best match itself is explained by its own words.
    expect(scoreLearnedAtLeast(scorer, alert, prepared(alike), 1)!.explanation).toMatch(/ähnlich wie der beste Treffer$/);
    expect(scoreLearnedAtLeast(scorer, alert, prepared(best), 1)!.explanation).not.toContain('ähnlich wie');
    expect(scoreLearnedAtLeast(scorer, plain, prepared(best), 1)!.explanation).toBe(scoreLearnedAtLeast(scorer, alert, prepared(best), 1)!.explanation);
  });

  it('adds none when the subscriber liked projects (their 👍 say what the alert seeks) or when it is turned off', () => {
    const liked = { more: [], less: [], exclude: [], liked: [prepared(unlike)] };
    expect(prepareAlertWithPseudoFeedback(scorer, prompt, 'de', index, liked).pseudoRelevant).toBe(0);
    const off = { ...SCORING_PARAMETERS.pseudoFeedback, documents: 0 };
    expect(prepareAlertWithPseudoFeedback(scorer, prompt, 'de', index, undefined, undefined, off).pseudoRelevant).toBe(0);
  });

  it("does not lift a project for sharing only the best match's CPV code: its labels echo the code evidence already counted", () => {
    const own = createCandidateIndex();
    // The best match and a project of another trade filed under the same broad code (its label words in four languages).
    const filed = (n: ScorableProject): ScorableProject => ({ ...n, cpvCodes: ['50800000'] });
    const sameCode = filed(notice('same-code', 'Kaminfegerarbeiten Gemeindehaus', 'Reinigung der Kamine.'));
    for (const n of [...madeUpNotices(), filed(best), filed(alike), sameCode]) own.add(prepared(n));
    const plain = prepareLearnedAlert(scorer, prompt, 'de', undefined, own.corpus);
    const gain = (labelShare: number, n: ScorableProject) => {
      const parameters = { ...SCORING_PARAMETERS.pseudoFeedback, labelShare };
      const { alert } = prepareAlertWithPseudoFeedback(scorer, prompt, 'de', own, undefined, undefined, parameters);
      return scoreLearned(scorer, alert, prepared(n)) - scoreLearned(scorer, plain, prepared(n));
    };
    expect(SCORING_PARAMETERS.pseudoFeedback.labelShare).toBe(0);
    expect(gain(1, sameCode)).toBeGreaterThan(2);
    expect(gain(0, sameCode)).toBe(0);
    // A project alike in its own words is still lifted.
    expect(gain(0, filed(alike))).toBeGreaterThan(5);
  });

  it('finds the best match exactly when the one found last time has changed, gone, or been overtaken', () => {
    const own = createCandidateIndex();
    for (const n of [...madeUpNotices(), best, alike, unlike]) own.add(prepared(n));
    const alert = prepareLearnedAlert(scorer, prompt, 'de', undefined, own.corpus);
    // By brute force: the highest learned score of every indexed project (at least minScore), ties by id.
    const bruteForce = () => {
      const all = [...own.projects()].map((project) => ({ id: String(project.id), score: scoreLearned(scorer, alert, project) }));
      const top = all
        .filter((entry) => entry.score >= SCORING_PARAMETERS.pseudoFeedback.minScore)
        .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
      return top.slice(0, 1).map((entry) => entry.id);
    };
    // The one best match (the frozen setting may take more: the look-up is the same); the hinted look-up of the
    // best within `relativeToBest` of the best, not of a group above a drop.
    const lookUp = () =>
      pseudoRelevantProjects(scorer, alert, own, { ...SCORING_PARAMETERS.pseudoFeedback, documents: 1, gap: 0 }).map((project) => String(project.id));
    expect(lookUp()).toEqual(['best']);
    // Overtaken: a closer match arrives.
    own.add(prepared(notice('closer', 'Revision von Turmuhren', 'Revision von Turmuhren: Turmuhren, Turmuhren-Zifferblätter.')));
    expect(lookUp()).toEqual(bruteForce());
    expect(lookUp()).toEqual(['closer']);
    // Changed: the hinted best now says something else, so another project is the best.
    own.remove('closer');
    own.add(prepared(notice('closer', 'Dachrinnenreinigung', 'Reinigung der Dachrinnen.')));
    expect(lookUp()).toEqual(bruteForce());
    expect(lookUp()).toEqual(['best']);
    // Gone.
    own.remove('best');
    expect(lookUp()).toEqual(bruteForce());
  });

  it.each([
    ['the best within relativeToBest of the best', { ...SCORING_PARAMETERS.pseudoFeedback, documents: 3, relativeToBest: 0.5, minScore: 10, gap: 0 }],
    ['a group above a wide drop', { ...SCORING_PARAMETERS.pseudoFeedback, documents: 3, relativeToBest: 0.5, minScore: 40, gap: 25, clusterDocuments: 5 }],
  ])('finds its several best matches (%s) exactly from the ones found last time, scoring fewer candidates than a first look-up', (_, parameters) => {
    const own = createCandidateIndex();
    const glazing = (id: string, title: string) => notice(id, title, `${title}: Glaserarbeiten am Bootshaus.`);
    const many = [
      glazing('g1', 'Glaserarbeiten Bootshaus Seeufer'),
      glazing('g2', 'Glaserarbeiten Bootshaus Hafen'),
      glazing('g3', 'Glaserarbeiten und Oberlichter Bootshaus'),
      glazing('g4', 'Glaserarbeiten Bootshaus, Los 2'),
      glazing('g5', 'Bootshaus Glaserarbeiten Nord'),
    ];
    for (const n of [...madeUpNotices(120), ...many]) own.add(prepared(n));
    const calls = { count: 0 };
    const counting = {
      ...scorer,
      quickScore: (alert: Parameters<typeof scorer.quickScore>[0], project: Parameters<typeof scorer.quickScore>[1]) => {
        calls.count += 1;
        return scorer.quickScore(alert, project);
      },
      scoreAtLeast: (alert: Parameters<typeof scorer.scoreAtLeast>[0], project: Parameters<typeof scorer.scoreAtLeast>[1], floor: number) => {
        calls.count += 1;
        return scorer.scoreAtLeast(alert, project, floor);
      },
    };
    const alert = prepareLearnedAlert(scorer, 'Glaserarbeiten am Bootshaus', 'de', undefined, own.corpus);
    const bruteForce = () => bestOfEveryProject(own, alert, parameters);
    const lookUp = () => pseudoRelevantProjects(counting, alert, own, parameters).map((project) => String(project.id));
    const first = lookUp();
    expect(first).toHaveLength(3);
    expect(first).toEqual(bruteForce());
    const firstCalls = calls.count;
    calls.count = 0;
    expect(lookUp()).toEqual(first);
    expect(calls.count).toBeLessThan(firstCalls);
    // Overtaken, changed, gone: always the brute force's answer.
    own.add(prepared(glazing('g0', 'Glaserarbeiten Bootshaus')));
    expect(lookUp()).toEqual(bruteForce());
    own.remove(first[0]!);
    own.add(prepared(notice(first[0]!, 'Schneeräumung Gemeindehaus', 'Schneeräumung.')));
    expect(lookUp()).toEqual(bruteForce());
    for (const id of lookUp()) own.remove(id);
    expect(lookUp()).toEqual(bruteForce());
  });

  describe('which best matches it takes', () => {
    const grouped = { documents: 3, minScore: 40, relativeToBest: 0.8, share: 0.2, labelShare: 0, gap: 25, clusterDocuments: 5 };
    const lot = (i: number) => prepared(notice(`n${i}`, `Kaminfegerarbeiten Los ${i}`, 'Kaminfegerarbeiten im Gemeindehaus.'));
    const taken = (scores: number[], parameters = grouped) =>
      bestMatches(
        scores.map((score, i) => ({ project: lot(i), score })),
        parameters,
      ).map((project) => project.id);

    it('takes a group standing above the first wide drop whole, though its lower members score far below the best', () => {
      expect(taken([90, 62, 60, 30, 28])).toEqual(['n0']);
      expect(taken([80, 62, 60, 30, 28])).toEqual(['n0', 'n1', 'n2']);
      expect(taken([80, 62, 60, 30, 28], { ...grouped, gap: 0 })).toEqual(['n0']);
      // In any order.
      expect(taken([30, 60, 28, 80, 62])).toEqual(['n3', 'n4', 'n1']);
    });

    it('without a wide drop among the first clusterDocuments, takes the best within relativeToBest of the best', () => {
      expect(taken([90, 80, 70, 60, 50, 40, 30])).toEqual(['n0', 'n1']);
      expect(taken([90, 85, 80, 75, 70, 65, 20])).toEqual(['n0', 'n1', 'n2']);
    });

    it('counts a drop to below the storage floor as wide, and takes nobody below minScore', () => {
      expect(taken([60, 44, 21])).toEqual(['n0']);
      expect(taken([60, 44, 19])).toEqual(['n0', 'n1']);
      expect(taken([90, 85, 38, 10])).toEqual(['n0', 'n1']);
      expect(taken([39, 10])).toEqual([]);
    });

    it('finds the same group in an index as over every project scored', () => {
      const own = createCandidateIndex();
      const sweeping = ['Turmuhrenrevision und Glockenstuhlsanierung Kegelbahn', 'Turmuhrenrevision Kegelbahn', 'Glockenstuhlsanierung Feuerwehrmagazin'];
      for (const n of [...madeUpNotices(120), ...sweeping.map((title, i) => notice(`m${i}`, title, `${title}: Arbeiten am Kirchturm.`))]) own.add(prepared(n));
      const alert = prepareLearnedAlert(scorer, 'Turmuhrenrevision und Glockenstuhlsanierung', 'de', undefined, own.corpus);
      // Both works, then one of them well apart from the rest: the group of two, though the second scores below 90 % of the first.
      const parameters = { ...grouped, relativeToBest: 0.9 };
      const found = pseudoRelevantProjects(scorer, alert, own, parameters).map((project) => project.id);
      expect(found).toEqual(['m0', 'm2']);
      expect(found).toEqual(bestOfEveryProject(own, alert, parameters));
      expect(pseudoRelevantProjects(scorer, alert, own, { ...parameters, gap: 0 }).map((project) => project.id)).toEqual(['m0']);

      // Looked up again, from the group found last time (a first look-up of this setting noted it): the same group.
      pseudoRelevantProjects(scorer, alert, own, parameters);
      expect(pseudoRelevantProjects(scorer, alert, own, parameters).map((project) => project.id)).toEqual(['m0', 'm2']);
      // A project arrives close below the group: what lies under it decides, and is looked up too.
      own.add(prepared(notice('close', 'Sanierung Glockenstuhl', 'Sanierung Glockenstuhl.')));
      const bruteForce = bestOfEveryProject(own, alert, parameters);
      expect(bruteForce).toContain('close');
      expect(pseudoRelevantProjects(scorer, alert, own, parameters).map((project) => project.id)).toEqual(bruteForce);
    });

    it('finds what every project scored gives, whatever changed since the last look-up (made-up changes, many settings)', () => {
      // A fixed pseudo-random sequence: the same cases on every run.
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      const words = ['Glaserarbeiten', 'Bootshaus', 'Oberlichter', 'Dachdeckerarbeiten', 'Turnhalle', 'Plattenarbeiten', 'Gemeindehaus', 'Lichtkuppeln'];
      const fillers = ['Los', 'Nord', 'Etappe', 'Umbau', 'Projekt', 'Phase', 'Liegenschaft', 'gemäss', 'Leistungsverzeichnis'];
      const prompts = ['Glaserarbeiten am Bootshaus', 'Dachdeckerarbeiten und Plattenarbeiten', 'Oberlichter und Lichtkuppeln in Turnhallen'];
      let checked = 0;
      for (let round = 0; round < 24; round++) {
        const parameters = {
          ...grouped,
          gap: [10, 20, 25, 40][random(4)]!,
          clusterDocuments: [3, 5][random(2)]!,
          relativeToBest: [0.5, 0.8, 0.9][random(3)]!,
        };
        const own = createCandidateIndex();
        const prompt = prompts[round % prompts.length]!;
        const made = (id: string) => {
          // Most of them carry the prompt's words, so that they reach its best; filler words of varying number spread the
          // scores (a longer text weighs each word less).
          const pool = [...words, ...prompt.split(' ').filter((word) => word.length > 4)];
          const title = Array.from({ length: 1 + random(4) }, () => pool[random(pool.length)]!).join(' ');
          const filler = Array.from({ length: random(12) }, () => fillers[random(fillers.length)]!).join(' ');
          return prepared(notice(id, title, `${title} ${filler}.`));
        };
        for (const n of madeUpNotices(30)) own.add(prepared(n));
        for (let i = 0; i < 12; i++) own.add(made(`r${round}-${i}`));
        const alert = prepareLearnedAlert(scorer, prompt, 'de', undefined, own.corpus);
        const bruteForce = () => bestOfEveryProject(own, alert, parameters);
        const lookUp = () => pseudoRelevantProjects(scorer, alert, own, parameters).map((project) => String(project.id));
        expect(lookUp()).toEqual(bruteForce());
        for (let step = 0; step < 10; step++) {
          const ids = [...own.projects()].map((project) => String(project.id));
          const change = random(3);
          if (change === 0) own.remove(ids[random(ids.length)]!);
          else if (change === 1) {
            // One of the best matches found last time says something else now.
            const best = lookUp();
            const changed = best[random(best.length)] ?? ids[0]!;
            own.remove(changed);
            own.add(made(changed));
          } else own.add(made(`r${round}-s${step}`));
          expect(lookUp(), `round ${round}, step ${step}`).toEqual(bruteForce());
          checked += 1;
        }
      }
      expect(checked).toBe(240);
    });
  });
});
