import { createCorpusCounter, type CorpusStatistics } from './corpus-statistics.ts';
import type { LocalScorer, PreparedAlert, PreparedProject } from './local-scorer.ts';

/** The group (first three digits) under which projects are indexed. */
const cpvGroup = (code: string): string => code.slice(0, 3);

export interface CandidateIndex {
  add(project: PreparedProject): void;
  remove(id: number | string): void;
  /** Projects sharing a term (own or cross-language), a CPV group, and the place when the alert insists on one. */
  candidatesFor(alert: PreparedAlert): PreparedProject[];
  /** Document frequencies and lengths of the indexed projects: the corpus alerts are prepared against. */
  readonly corpus: CorpusStatistics;
  readonly size: number;
}

/**
 * An inverted index over what the scorer can reward. A project that shares no term and no CPV group
 * with an alert can at most meet it at division level, which scores below the storage floor.
 */
export function createCandidateIndex(_scorer?: LocalScorer): CandidateIndex {
  const projects = new Map<number | string, PreparedProject>();
  const byTerm = new Map<number, Set<number | string>>();
  const byGroup = new Map<string, Set<number | string>>();
  const corpus = createCorpusCounter();
  const post = <K>(table: Map<K, Set<number | string>>, key: K, id: number | string) => {
    let ids = table.get(key);
    if (!ids) table.set(key, (ids = new Set()));
    ids.add(id);
  };
  const unpost = <K>(table: Map<K, Set<number | string>>, key: K, id: number | string) => {
    const ids = table.get(key);
    ids?.delete(id);
    if (ids?.size === 0) table.delete(key);
  };
  const groupsOf = (project: PreparedProject) => new Set(project.codes.map(cpvGroup));
  const index: CandidateIndex = {
    add(project) {
      if (projects.has(project.id)) index.remove(project.id);
      projects.set(project.id, project);
      for (const term of project.termIds) post(byTerm, term, project.id);
      for (const group of groupsOf(project)) post(byGroup, group, project.id);
      corpus.add(project);
    },
    remove(id) {
      const project = projects.get(id);
      if (!project) return;
      projects.delete(id);
      for (const term of project.termIds) unpost(byTerm, term, id);
      for (const group of groupsOf(project)) unpost(byGroup, group, id);
      corpus.remove(project);
    },
    candidatesFor(alert) {
      const ids = new Set<number | string>();
      for (const term of alert.indexTerms) for (const id of byTerm.get(term) ?? []) ids.add(id);
      for (const group of new Set(alert.codes.map((match) => cpvGroup(match.code)))) for (const id of byGroup.get(group) ?? []) ids.add(id);
      const candidates: PreparedProject[] = [];
      const place = alert.place;
      for (const id of ids) {
        const project = projects.get(id);
        if (!project) continue;
        if (place?.exclusive && project.canton !== null && !place.cantons.has(project.canton)) continue;
        candidates.push(project);
      }
      return candidates;
    },
    corpus,
    get size() {
      return projects.size;
    },
  };
  return index;
}
