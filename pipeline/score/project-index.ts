import type { Knex } from 'knex';
import { fingerprintProjects, findProjectsChangedAfter, type ProjectFingerprint } from '../../db/alerts-scoring.ts';
import { createCandidateIndex, type CandidateIndex } from '../scoring/candidate-index.ts';
import type { LocalScorer } from '../scoring/local-scorer.ts';
import { toScorableProject } from './project-text.ts';

const PAGE = 2000;

/** Every project prepared for the local scorer, kept in memory between passes and refreshed by content_seq. */
export interface ProjectIndex {
  readonly candidates: CandidateIndex;
  /** content_seq of each indexed project. */
  seqOf(projectId: number): number | undefined;
  /** How many indexed projects changed after `afterSeq`. */
  countChangedAfter(afterSeq: number): number;
  readonly maxSeq: number;
  readonly size: number;
}

interface IndexState extends ProjectFingerprint {
  candidates: CandidateIndex;
  seqs: Map<number, number>;
  sortedSeqs: number[] | null;
}

const states = new WeakMap<Knex, WeakMap<LocalScorer, { state: IndexState; refreshing: Promise<unknown> }>>();

function emptyState(scorer: LocalScorer): IndexState {
  return { candidates: createCandidateIndex(scorer), seqs: new Map(), sortedSeqs: null, count: 0, maxSeq: 0, sumSeq: 0 };
}

function sameFingerprint(a: ProjectFingerprint, b: ProjectFingerprint): boolean {
  return a.count === b.count && a.maxSeq === b.maxSeq && a.sumSeq === b.sumSeq;
}

async function loadChanges(db: Knex, scorer: LocalScorer, state: IndexState, afterSeq: number): Promise<number> {
  let loaded = 0;
  let cursor = afterSeq;
  for (;;) {
    const rows = await findProjectsChangedAfter(db, cursor, PAGE);
    for (const row of rows) {
      const previous = state.seqs.get(row.id);
      if (previous !== undefined) state.sumSeq -= previous;
      else state.count += 1;
      state.candidates.add(scorer.prepareProject(toScorableProject(row)));
      state.seqs.set(row.id, row.contentSeq);
      state.sumSeq += row.contentSeq;
      state.maxSeq = Math.max(state.maxSeq, row.contentSeq);
      cursor = row.contentSeq;
    }
    loaded += rows.length;
    if (rows.length < PAGE) return loaded;
  }
}

function view(state: IndexState): ProjectIndex {
  return {
    candidates: state.candidates,
    seqOf: (projectId) => state.seqs.get(projectId),
    countChangedAfter(afterSeq) {
      if (afterSeq <= 0) return state.seqs.size;
      state.sortedSeqs ??= [...state.seqs.values()].sort((a, b) => a - b);
      const seqs = state.sortedSeqs;
      let low = 0;
      let high = seqs.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (seqs[mid]! <= afterSeq) low = mid + 1;
        else high = mid;
      }
      return seqs.length - low;
    },
    maxSeq: state.maxSeq,
    size: state.seqs.size,
  };
}

async function refresh(db: Knex, scorer: LocalScorer, current: IndexState): Promise<IndexState> {
  return db.transaction(
    async (trx) => {
      const target = await fingerprintProjects(trx);
      if (sameFingerprint(current, target)) return current;
      await loadChanges(trx, scorer, current, current.maxSeq);
      current.sortedSeqs = null;
      if (sameFingerprint(current, target)) return current;
      // Deleted projects, or a change committed with an older content_seq than one already seen: start over.
      const rebuilt = emptyState(scorer);
      await loadChanges(trx, scorer, rebuilt, 0);
      return rebuilt;
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * The project index for this database and scorer, brought up to date. One copy per process: the API's
 * scoreAlertNow and the in-process pipeline share it, and refreshes of it never run concurrently.
 */
export async function refreshProjectIndex(db: Knex, scorer: LocalScorer): Promise<ProjectIndex> {
  let byScorer = states.get(db);
  if (!byScorer) states.set(db, (byScorer = new WeakMap()));
  let entry = byScorer.get(scorer);
  if (!entry) byScorer.set(scorer, (entry = { state: emptyState(scorer), refreshing: Promise.resolve() }));
  const slot = entry;
  const next = slot.refreshing.then(async () => {
    slot.state = await refresh(db, scorer, slot.state);
    return view(slot.state);
  });
  slot.refreshing = next.catch(() => undefined);
  return next;
}
