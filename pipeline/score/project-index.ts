import type { Knex } from 'knex';
import { fingerprintProjects, findProjectsChangedAfter, type ProjectFingerprint } from '../../db/alerts-scoring.ts';
import { createCandidateIndex, type CandidateIndex } from '../scorer/candidate-index.ts';
import type { LocalScorer } from '../scorer/local-scorer.ts';
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

interface Slot {
  state: IndexState;
  /** The state a refresh is building from scratch, if any (it replaces `state` when complete). */
  building: IndexState | null;
  refreshing: Promise<unknown>;
}

const states = new WeakMap<Knex, WeakMap<LocalScorer, Slot>>();

function emptyState(scorer: LocalScorer): IndexState {
  return { candidates: createCandidateIndex(scorer), seqs: new Map(), sortedSeqs: null, count: 0, maxSeq: 0, sumSeq: 0 };
}

function sameFingerprint(a: ProjectFingerprint, b: ProjectFingerprint): boolean {
  return a.count === b.count && a.maxSeq === b.maxSeq && a.sumSeq === b.sumSeq;
}

/** Preparing a project costs ~0.1 ms: a page at once would hold the event loop for hundreds of milliseconds. */
const SLICE_MS = 8;
const SLICE_ROWS = 200;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Projects are added in content_seq order, so the state is consistent up to its maxSeq between any two rows. */
async function loadChanges(db: Knex, scorer: LocalScorer, state: IndexState, afterSeq: number): Promise<number> {
  let loaded = 0;
  let cursor = afterSeq;
  for (;;) {
    const rows = await findProjectsChangedAfter(db, cursor, PAGE);
    let sliceStart = performance.now();
    let inSlice = 0;
    for (const row of rows) {
      if (++inSlice > SLICE_ROWS || performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
        inSlice = 1;
      }
      state.sortedSeqs = null;
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

async function refresh(db: Knex, scorer: LocalScorer, slot: Slot): Promise<IndexState> {
  const current = slot.state;
  return db.transaction(
    async (trx) => {
      const target = await fingerprintProjects(trx);
      if (sameFingerprint(current, target)) return current;
      await loadChanges(trx, scorer, current, current.maxSeq);
      current.sortedSeqs = null;
      if (sameFingerprint(current, target)) return current;
      // Deleted projects, or a change committed with an older content_seq than one already seen: start over.
      const rebuilt = emptyState(scorer);
      slot.building = rebuilt;
      try {
        await loadChanges(trx, scorer, rebuilt, 0);
      } finally {
        slot.building = null;
      }
      return rebuilt;
    },
    { isolationLevel: 'repeatable read' },
  );
}

function slotFor(db: Knex, scorer: LocalScorer): Slot {
  let byScorer = states.get(db);
  if (!byScorer) states.set(db, (byScorer = new WeakMap()));
  let slot = byScorer.get(scorer);
  if (!slot) byScorer.set(scorer, (slot = { state: emptyState(scorer), building: null, refreshing: Promise.resolve() }));
  return slot;
}

/**
 * The project index for this database and scorer, brought up to date. One copy per process: the API's
 * scoreAlertNow and the in-process pipeline share it, and refreshes of it never run concurrently.
 *
 * With `waitMs`, a refresh still running after that long (the warm-up after a start) gives way to the
 * part indexed so far: every project up to its `maxSeq`, since projects are indexed in content_seq order.
 * A pass scored on it moves the alert's watermark only that far; the next pass scores the rest.
 */
export async function refreshProjectIndex(db: Knex, scorer: LocalScorer, options: { waitMs?: number } = {}): Promise<ProjectIndex> {
  const slot = slotFor(db, scorer);
  const next = slot.refreshing.then(async () => {
    slot.state = await refresh(db, scorer, slot);
    return view(slot.state);
  });
  slot.refreshing = next.catch(() => undefined);
  if (options.waitMs === undefined) return next;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const partial = new Promise<ProjectIndex>((resolve) => {
    timer = setTimeout(() => resolve(view(slot.building ?? slot.state)), options.waitMs);
  });
  try {
    return await Promise.race([next, partial]);
  } finally {
    clearTimeout(timer);
  }
}
