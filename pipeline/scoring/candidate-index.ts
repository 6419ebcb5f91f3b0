import { cpvGroup } from './cpv-relation.ts';
import type { LocalScorer, PreparedAlert, PreparedProject } from './local-scorer.ts';

export interface CandidateIndex {
  add(project: PreparedProject): void;
  remove(id: number | string): void;
  /** Projects sharing a term (own or cross-language), a CPV group, and the place when the alert insists on one. */
  candidatesFor(alert: PreparedAlert): PreparedProject[];
  readonly size: number;
}

/**
 * An inverted index over what the scorer can reward. A project that shares no term and no CPV group
 * with an alert can at most meet it at division level, which scores below the storage floor (20).
 */
export function createCandidateIndex(_scorer?: LocalScorer): CandidateIndex {
  const projects = new Map<number | string, PreparedProject>();
  const byTerm = new Map<number, Set<number | string>>();
  const byGroup = new Map<string, Set<number | string>>();
  const byBkp = new Map<string, Set<number | string>>();
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
  const groupsOf = (project: PreparedProject) => new Set(project.cpv.map((match) => cpvGroup(match.code)));
  // Every prefix of a project's building cost codes, so that an alert's "BKP 23" finds "BKP 230".
  const bkpPrefixesOf = (project: PreparedProject) => new Set(project.bkp.flatMap((code) => [...code].map((_, i) => code.slice(0, i + 1))));
  const index: CandidateIndex = {
    add(project) {
      if (projects.has(project.id)) index.remove(project.id);
      projects.set(project.id, project);
      for (const term of project.termIds) post(byTerm, term, project.id);
      for (const group of groupsOf(project)) post(byGroup, group, project.id);
      for (const prefix of bkpPrefixesOf(project)) post(byBkp, prefix, project.id);
    },
    remove(id) {
      const project = projects.get(id);
      if (!project) return;
      projects.delete(id);
      for (const term of project.termIds) unpost(byTerm, term, id);
      for (const group of groupsOf(project)) unpost(byGroup, group, id);
      for (const prefix of bkpPrefixesOf(project)) unpost(byBkp, prefix, id);
    },
    candidatesFor(alert) {
      const ids = new Set<number | string>();
      for (const term of alert.indexTerms) for (const id of byTerm.get(term) ?? []) ids.add(id);
      for (const group of new Set(alert.cpv.map((match) => cpvGroup(match.code)))) for (const id of byGroup.get(group) ?? []) ids.add(id);
      for (const code of alert.bkp) for (const id of byBkp.get(code) ?? []) ids.add(id);
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
    get size() {
      return projects.size;
    },
  };
  return index;
}
