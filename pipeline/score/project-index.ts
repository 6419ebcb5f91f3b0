import type { Knex } from 'knex';
import {
  fingerprintProjects,
  findProjectSeqs,
  findProjectsByIds,
  findProjectsChangedAfter,
  type ProjectContent,
  type ProjectFingerprint,
} from '../../db/alerts-scoring.ts';
import { createCandidateIndex, type CandidateIndex } from '../scorer/candidate-index.ts';
import type { LocalScorer, PreparedProject } from '../scorer/local-scorer.ts';
import { openProjectIndexCache, type CachedProject, type ProjectIndexCache } from './project-index-cache.ts';
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
  /**
   * The part a refresh from scratch had indexed when a caller stopped waiting: its word statistics are those of
   * a smaller corpus, so scores computed on it are provisional (see recordLocalScoring).
   */
  readonly partial: boolean;
}

interface IndexState extends ProjectFingerprint {
  candidates: CandidateIndex;
  seqs: Map<number, number>;
  sortedSeqs: number[] | null;
  /** Bumped by every change, so that a save knows whether there is anything new to write. */
  version: number;
}

interface Slot {
  state: IndexState;
  /** The state a refresh is building from scratch, if any (it replaces `state` when complete). */
  building: IndexState | null;
  refreshing: Promise<unknown>;
  /** The on-disk copy: null when caching is off; undefined until first opened. */
  cache?: ProjectIndexCache | null;
  savedVersion: number;
  savedAt: number;
}

const states = new WeakMap<Knex, WeakMap<LocalScorer, Slot>>();

function emptyState(scorer: LocalScorer): IndexState {
  return { candidates: createCandidateIndex(scorer), seqs: new Map(), sortedSeqs: null, count: 0, maxSeq: 0, sumSeq: 0, version: 0 };
}

function sameFingerprint(a: ProjectFingerprint, b: ProjectFingerprint): boolean {
  return a.count === b.count && a.maxSeq === b.maxSeq && a.sumSeq === b.sumSeq;
}

/** Preparing a project costs ~0.1 ms: a page at once would hold the event loop for hundreds of milliseconds. */
const SLICE_MS = 8;
const SLICE_ROWS = 200;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function addProject(state: IndexState, project: PreparedProject, seq: number): void {
  state.sortedSeqs = null;
  state.version += 1;
  const previous = state.seqs.get(Number(project.id));
  if (previous !== undefined) state.sumSeq -= previous;
  else state.count += 1;
  state.candidates.add(project);
  state.seqs.set(Number(project.id), seq);
  state.sumSeq += seq;
  state.maxSeq = Math.max(state.maxSeq, seq);
}

function removeProject(state: IndexState, id: number): void {
  const seq = state.seqs.get(id);
  if (seq === undefined) return;
  state.sortedSeqs = null;
  state.version += 1;
  state.candidates.remove(id);
  state.seqs.delete(id);
  state.count -= 1;
  state.sumSeq -= seq;
}

/** Prepares rows in slices that yield to the event loop. */
async function addRows(scorer: LocalScorer, state: IndexState, rows: readonly ProjectContent[]): Promise<void> {
  let sliceStart = performance.now();
  let inSlice = 0;
  for (const row of rows) {
    if (++inSlice > SLICE_ROWS || performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
      inSlice = 1;
    }
    addProject(state, scorer.prepareProject(toScorableProject(row)), row.contentSeq);
  }
}

/** Projects are added in content_seq order, so the state is consistent up to its maxSeq between any two rows. */
async function loadChanges(db: Knex, scorer: LocalScorer, state: IndexState, afterSeq: number): Promise<number> {
  let loaded = 0;
  let cursor = afterSeq;
  for (;;) {
    const rows = await findProjectsChangedAfter(db, cursor, PAGE);
    await addRows(scorer, state, rows);
    if (rows.length > 0) cursor = rows[rows.length - 1]!.contentSeq;
    loaded += rows.length;
    if (rows.length < PAGE) return loaded;
  }
}

/**
 * Brings the state to the database's projects by id: removed projects are dropped, projects whose
 * content_seq differs (changed, or committed with an older content_seq than one already seen) are
 * prepared again; the others are kept as they are.
 */
async function reconcile(db: Knex, scorer: LocalScorer, state: IndexState): Promise<void> {
  const live = new Map((await findProjectSeqs(db)).map((row) => [row.id, row.contentSeq]));
  for (const id of [...state.seqs.keys()]) if (!live.has(id)) removeProject(state, id);
  const stale = [...live].filter(([id, seq]) => state.seqs.get(id) !== seq).map(([id]) => id);
  for (let i = 0; i < stale.length; i += PAGE) await addRows(scorer, state, await findProjectsByIds(db, stale.slice(i, i + PAGE)));
  state.maxSeq = 0;
  for (const seq of state.seqs.values()) state.maxSeq = Math.max(state.maxSeq, seq);
}

/** The index as saved by an earlier process, added in content_seq order (so a partial view stays consistent). */
async function loadCached(cache: ProjectIndexCache, scorer: LocalScorer, slot: Slot): Promise<IndexState | null> {
  const entries = await cache.load();
  if (!entries) return null;
  entries.sort((a, b) => a.seq - b.seq);
  const state = emptyState(scorer);
  slot.building = state;
  try {
    let sliceStart = performance.now();
    for (const { seq, project } of entries) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
      addProject(state, project, seq);
    }
  } finally {
    slot.building = null;
  }
  return state;
}

function view(state: IndexState, partial = false): ProjectIndex {
  return {
    partial,
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

/** At most one save a minute: a long-running server refreshes far more often than that. */
const SAVE_INTERVAL_MS = 60_000;

async function refresh(db: Knex, scorer: LocalScorer, slot: Slot): Promise<IndexState> {
  if (slot.cache === undefined) slot.cache = await openProjectIndexCache(db, scorer).catch(() => null);
  let current = slot.state;
  if (current.count === 0 && slot.cache) {
    const cached = await loadCached(slot.cache, scorer, slot);
    if (cached) current = slot.state = cached;
    // What was read is on disk already.
    slot.savedVersion = current.version;
  }
  const refreshed = await db.transaction(
    async (trx) => {
      const target = await fingerprintProjects(trx);
      if (sameFingerprint(current, target)) return current;
      await loadChanges(trx, scorer, current, current.maxSeq);
      if (sameFingerprint(current, target)) return current;
      // Deleted projects, or a change committed with an older content_seq than one already seen.
      await reconcile(trx, scorer, current);
      current.sortedSeqs = null;
      if (sameFingerprint(current, target)) return current;
      // Not expected within one snapshot; start over rather than score on a copy that is not whole.
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
  if (slot.cache && refreshed.version !== slot.savedVersion && Date.now() - slot.savedAt >= SAVE_INTERVAL_MS) {
    const version = refreshed.version;
    await slot.cache.save(cachedEntries(refreshed));
    slot.savedVersion = version;
    slot.savedAt = Date.now();
  }
  return refreshed;
}

function* cachedEntries(state: IndexState): Generator<CachedProject> {
  for (const project of state.candidates.projects()) yield { seq: state.seqs.get(Number(project.id))!, project };
}

function slotFor(db: Knex, scorer: LocalScorer): Slot {
  let byScorer = states.get(db);
  if (!byScorer) states.set(db, (byScorer = new WeakMap()));
  let slot = byScorer.get(scorer);
  if (!slot) byScorer.set(scorer, (slot = { state: emptyState(scorer), building: null, refreshing: Promise.resolve(), savedVersion: 0, savedAt: 0 }));
  return slot;
}

/**
 * The project index for this database and scorer, brought up to date. One copy per process: the API's
 * scoreAlertNow and the in-process pipeline share it, and refreshes of it never run concurrently.
 *
 * With `waitMs`, a refresh still running after that long (the warm-up after a start) gives way to the
 * part indexed so far: every project up to its `maxSeq`, since projects are indexed in content_seq order.
 * It is marked `partial`: a pass scored on it is provisional, and the next pass scores every project again.
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
    // The refresh is still running, into a new state (`building`) or into the current one, which a first start without a
    // saved index fills as it goes: the corpus may not be whole yet, so what is scored on it is provisional (at worst
    // one alert scored again in full, when the refresh had nothing to change).
    timer = setTimeout(() => resolve(view(slot.building ?? slot.state, true)), options.waitMs);
  });
  try {
    return await Promise.race([next, partial]);
  } finally {
    clearTimeout(timer);
  }
}
