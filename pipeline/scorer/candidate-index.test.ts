import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import { loadEvaluationSet } from '../evaluation/evaluation-set.ts';
import { DEFAULT_EVAL_SET } from '../evaluation/run-evaluation.ts';
import { loadCpvCatalog } from './cpv-catalog.ts';
import { createCandidateIndex, learnedCandidates, type CandidateIndex } from './candidate-index.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { LEARNING_WEIGHTS, prepareLearnedAlert, scoreLearned, type LearnedAlert } from './learned-alert.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { createLocalScorer, type PreparedAlert, type PreparedProject } from './local-scorer.ts';

// Built once for the file: the CPV resources take seconds to build on a loaded machine.
const scorer = createLocalScorer();

/** Invented prompts in the styles subscribers use: trade words, qualifiers, exclusions, places, a company profile. */
const PROMPTS: Array<[string, Language]> = [
  ['Orgelrevision im Gemeindehaus', 'de'],
  ['travaux de couverture pour salles polyvalentes', 'fr'],
  ['Vermessung, nur im Kanton Luzern', 'de'],
  ['Dachdeckerarbeiten, aber keine Glaserarbeiten', 'de'],
  ['Wir sind ein Übersetzungsbüro und suchen die Übersetzung von Kirchenbüchern', 'de'],
  ['printing for parish houses', 'en'],
  ['accordage de pianos dans le canton de Genève', 'fr'],
  ['lavori di copertura e di piastrellatura', 'it'],
  ['roofing works', 'en'],
  ['Umbau', 'de'],
  ['Klavierstimmung', 'de'],
  ['Glaserarbeiten und Verglasungen', 'de'],
  ['déneigement et salage des trottoirs', 'fr'],
  ['tiling for gymnasiums', 'en'],
  ['Photovoltaikanlagen, nur im Kanton Luzern', 'de'],
  // Joined works: a complete match may carry the lightest of them.
  ['Planung und Bau von Turnhallen', 'de'],
  ['Wir planen und bauen Kirchendächer', 'de'],
];

/** Every pair at or above the floor with its score, found by scoring the alert against every project. */
function exhaustive(alert: PreparedAlert, projects: readonly PreparedProject[], score = (project: PreparedProject) => scorer.quickScore(alert, project)) {
  return new Map(projects.map((project) => [project.id, score(project)] as const).filter(([, value]) => value >= SCORE_FLOOR));
}

function pruned(candidates: Iterable<PreparedProject>, score: (project: PreparedProject) => number) {
  return new Map([...candidates].map((project) => [project.id, score(project)] as const).filter(([, value]) => value >= SCORE_FLOOR));
}

function indexOf(projects: readonly PreparedProject[]): CandidateIndex {
  const index = createCandidateIndex();
  for (const project of projects) index.add(project);
  return index;
}

describe('candidate index', () => {
  it('keeps every pair the scorer puts at or above the storage floor, with the same score, and prunes the rest', () => {
    const projects = madeUpNotices(600).map((notice) => scorer.prepareProject(notice));
    const index = indexOf(projects);
    let candidates = 0;
    let stored = 0;
    for (const [prompt, language] of PROMPTS) {
      const alert = scorer.prepareAlert(prompt, language, { corpus: index.corpus });
      const found = index.candidatesFor(alert);
      candidates += found.length;
      const expected = exhaustive(alert, projects);
      stored += expected.size;
      expect(
        pruned(found, (project) => scorer.quickScore(alert, project)),
        prompt,
      ).toEqual(expected);
    }
    expect(stored).toBeGreaterThan(0);
    // Pruning that kept everything would pass the equality above: it must also leave projects out.
    expect(candidates).toBeLessThan(PROMPTS.length * projects.length);
  });

  it('keeps every pair on notices and prompts made of CPV labels in four languages (scores near the floor)', () => {
    const catalog = loadCpvCatalog();
    const codes = catalog.entries.filter((entry) => entry.level >= 4);
    let state = 7;
    const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const projects = Array.from({ length: 800 }, (_, i) => {
      const language = pick(LANGUAGES);
      const cpv = [pick(codes), pick(codes)];
      return scorer.prepareProject({
        id: i,
        language,
        title: cpv[0]!.labels[language],
        description: cpv.map((entry) => entry.labels[language]).join('. '),
        cpvCodes: cpv.map((entry) => entry.code),
        canton: pick(['ZH', 'BE', 'VD', 'TI', null]),
      });
    });
    const index = indexOf(projects);
    for (let i = 0; i < 40; i++) {
      const language = pick(LANGUAGES);
      const place =
        i % 4 === 0 ? ` ${{ de: 'nur im Kanton', fr: 'uniquement dans le canton de', it: 'nel cantone', en: 'in the canton of' }[language]} Bern` : '';
      const alert = scorer.prepareAlert(`${pick(codes).labels[language]}${place}`, language, { corpus: index.corpus });
      expect(
        pruned(index.candidatesFor(alert), (project) => scorer.quickScore(alert, project)),
        alert.prompt,
      ).toEqual(exhaustive(alert, projects));
    }
  });

  it('honours a floor other than the storage floor', () => {
    const notices = madeUpNotices(300);
    const projects = notices.map((notice) => scorer.prepareProject(notice));
    const index = indexOf(projects);
    // A notice's own title as the prompt: some projects score high whatever the notices and the calibration.
    const alert = scorer.prepareAlert(notices[0]!.title, notices[0]!.language ?? 'de', { corpus: index.corpus });
    const all = projects.map((project) => scorer.quickScore(alert, project)).sort((a, b) => b - a);
    // A floor above the storage floor that a few projects still reach, whatever the calibration.
    const floor = Math.max(SCORE_FLOOR + 1, all[2]!);
    const found = new Set(index.candidatesFor(alert, { floor }).map((project) => project.id));
    const high = projects.filter((project) => scorer.quickScore(alert, project) >= floor);
    expect(high.length).toBeGreaterThan(0);
    expect(high.filter((project) => !found.has(project.id))).toEqual([]);
    expect(found.size).toBeLessThanOrEqual(index.candidatesFor(alert).length);
  });

  it('keeps every pair of an alert that learned from feedback, through its own terms or its companion', () => {
    const notices = madeUpNotices(600);
    const projects = notices.map((notice) => scorer.prepareProject(notice));
    const index = indexOf(projects);
    // Learned words and a code taken from the notices themselves, so the companion finds projects whatever they say.
    const liked = notices[1]!.title.split(/[\s,]+/).filter((word) => word.length > 4);
    const disliked = notices[2]!.title.split(/[\s,]+/).filter((word) => word.length > 4);
    for (const companionShare of [LEARNING_WEIGHTS.companionShare, 0.9]) {
      const alert: LearnedAlert = prepareLearnedAlert(
        scorer,
        notices[0]!.title,
        notices[0]!.language ?? 'de',
        {
          more: [...liked.map((value) => ({ kind: 'term' as const, value, weight: 0.9 })), { kind: 'cpv', value: notices[1]!.cpvCodes.at(-1)!, weight: 0.8 }],
          less: disliked.map((value) => ({ kind: 'term' as const, value, weight: 0.7 })),
          exclude: [],
          weights: { ...LEARNING_WEIGHTS, companionShare },
        },
        index.corpus,
      );
      expect(alert.companion).toBeDefined();
      const score = (project: PreparedProject) => scoreLearned(scorer, alert, project);
      const expected = exhaustive(alert, projects, score);
      expect(expected.size).toBeGreaterThan(0);
      expect(pruned(learnedCandidates(index, alert), score), `companion share ${companionShare}`).toEqual(expected);
    }
  });

  it('stays exact after many removals and re-additions (postings compacted)', () => {
    const notices = madeUpNotices(1500);
    const index = createCandidateIndex();
    for (const notice of notices) index.add(scorer.prepareProject(notice));
    // 1,200 removed: past a quarter of the index, so the postings are rebuilt without them.
    for (const notice of notices.slice(0, 1200)) index.remove(notice.id);
    // A changed notice is added again under its id: the new text counts, the old one not.
    const changed = { ...notices[1300]!, title: 'Dachdeckerarbeiten Glockenturm', cpvCodes: ['45261210'] };
    index.add(scorer.prepareProject(changed));
    const remaining = [...index.projects()];
    expect(remaining).toHaveLength(300);
    for (const [prompt, language] of PROMPTS.slice(0, 4)) {
      const alert = scorer.prepareAlert(prompt, language, { corpus: index.corpus });
      expect(
        pruned(index.candidatesFor(alert), (project) => scorer.quickScore(alert, project)),
        prompt,
      ).toEqual(exhaustive(alert, remaining));
    }
  });

  it('forgets removed projects and their statistics', () => {
    const index = createCandidateIndex();
    const project = scorer.prepareProject({ id: 7, language: 'de', title: 'Glockenspiel Bahnhof', description: '', cpvCodes: ['37316200'], canton: 'ZH' });
    index.add(project);
    const alert = scorer.prepareAlert('Glockenspiel', 'de');
    expect(index.candidatesFor(alert).map((candidate) => candidate.id)).toEqual([7]);
    index.remove(7);
    expect(index.candidatesFor(alert)).toEqual([]);
    expect([index.size, index.corpus.documents, index.corpus.codeFrequency('37')]).toEqual([0, 0, 0]);
  });

  // The labelled set, when present (../shared/eval): the same pairs ≥ floor as scoring every pair, so `tenders eval` figures hold.
  it.skipIf(!existsSync(DEFAULT_EVAL_SET))('prunes nothing that matters on the labelled evaluation set', () => {
    const set = loadEvaluationSet(DEFAULT_EVAL_SET);
    const projects = set.projects.map((project) =>
      scorer.prepareProject({ ...project, cpvCodes: project.cpv, location: project.location ?? null, organization: project.organization ?? null }),
    );
    const index = indexOf(projects);
    let candidates = 0;
    for (const entry of set.alerts) {
      const alert = scorer.prepareAlert(entry.prompt, entry.language, { corpus: index.corpus });
      const found = index.candidatesFor(alert);
      candidates += found.length;
      expect(
        pruned(found, (project) => scorer.quickScore(alert, project)),
        entry.id,
      ).toEqual(exhaustive(alert, projects));
    }
    expect(candidates).toBeLessThan(set.alerts.length * projects.length);
  });
});
