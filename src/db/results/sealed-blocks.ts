/**
 * The reads of a run while it executes (GET /progress and /scores), in
 * bounded work per call instead of a scan of every attempt the run has
 * ended. A run's seqs are cut into blocks of BLOCK; a block is sealed once
 * it can no longer change, and its grouped rows are then kept in the
 * isolate, so each call reads from D1 only the blocks not sealed yet: the
 * few still filling around the run's frontier, the edges of benchmarks'
 * ranges and the empty tail (a primary-key range with no rows costs
 * nothing).
 *
 * When a block can no longer change: an attempt's row is written once, by
 * a conditional insert, and never updated; the one delete is resume's,
 * which removes rows without a reward, page by page, each page once per
 * resume, moving the run's pointer past it in the same transaction
 * (src/db/attempts.ts reopenPage). So a block is sealed when every seq in
 * it has a row and either every row has a reward or the run's latest resume
 * has passed the block (a run never resumed: always). Kept blocks are keyed
 * by the run's resume count, so the next resume starts them over.
 *
 * Bounded memory: at most MAX_CACHED_ROWS grouped rows in all, least
 * recently read runs dropped first; a run beyond that still reads right,
 * only more.
 *
 * Finished runs do not come here: their scores are computed once by the
 * full queries and cached in R2 (src/storage/score-cache.ts), so a finished
 * run's numbers are exactly the full queries'. Counts here are exact; sums
 * of non-integer values (fractional rewards, costs, wall times) may differ
 * from a one-query sum in the last bits, since they are added per block.
 */
import { MEMBER_TALLY_COLUMNS, type MemberTallyRow } from "../member-tally";
import type { StatusCount } from "../attempts";
import type { BenchmarkUsage } from "../run-usage";

/** Seqs per block. Small enough that the blocks still filling are few rows; large enough that a 100,000-attempt run is 400 blocks. */
export const BLOCK = 256;
/** Grouped rows kept in the isolate over all runs and kinds (a member row is about 200 bytes: tens of MB at most). */
export const MAX_CACHED_ROWS = 150_000;
/** At most this many range statements per read: further holes are read whole (their sealed blocks read again and ignored). */
const MAX_PIECES = 16;
const NO_END = Number.MAX_SAFE_INTEGER;

type Kind = "status" | "member" | "usage";

/** What a read needs of the run: its id, and how far its latest resume has come (eval_runs, migration 0028). */
export interface RunForReads {
  id: string;
  /** Resumes so far: kept blocks belong to one resume. */
  resumes: number;
  /** The last seq the latest resume has reopened; null when never resumed. */
  resumedThrough: number | null;
}

/** Rows present and rows with a reward in one block. */
interface BlockCounts {
  rows: number;
  rewarded: number;
}
interface Blocked {
  block: number;
}
interface Entry {
  blocks: Map<number, Blocked[]>;
  rows: number;
}

const cache = new Map<string, Entry>();
let cachedRows = 0;

/** Forgets every sealed block (tests). */
export function clearSealedBlocks(): void {
  cache.clear();
  cachedRows = 0;
}

/** Grouped rows held now, for tests and benches. */
export function sealedBlockRows(): number {
  return cachedRows;
}

function entryOf(key: string): Entry {
  let e = cache.get(key);
  if (e) cache.delete(key);
  else e = { blocks: new Map(), rows: 0 };
  cache.set(key, e); // most recently read last
  return e;
}

function keep(key: string, e: Entry, block: number, rows: Blocked[]): void {
  while (cachedRows + rows.length > MAX_CACHED_ROWS) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined || oldest === key) return;
    cachedRows -= cache.get(oldest)!.rows;
    cache.delete(oldest);
  }
  e.blocks.set(block, rows);
  e.rows += rows.length;
  cachedRows += rows.length;
}

/** The seq ranges [from, to) outside the sealed blocks, at most MAX_PIECES (the smallest sealed gaps between them read again). */
export function unsealedPieces(sealed: Iterable<number>, size = BLOCK): [number, number][] {
  const blocks = [...sealed].sort((a, b) => a - b);
  const pieces: [number, number][] = [];
  let at = 0;
  for (const b of blocks) {
    if (b * size > at) pieces.push([at, b * size]);
    at = (b + 1) * size;
  }
  pieces.push([at, NO_END]);
  while (pieces.length > MAX_PIECES) {
    let best = 0;
    for (let i = 1; i < pieces.length - 1; i++) if (pieces[i + 1]![0] - pieces[i]![1] < pieces[best + 1]![0] - pieces[best]![1]) best = i;
    pieces.splice(best, 2, [pieces[best]![0], pieces[best + 1]![1]]);
  }
  return pieces;
}

/**
 * The rows of `select` grouped by block over all of a run's seqs: sealed
 * blocks from the isolate, the rest read now; blocks read now that can no
 * longer change (`counts` says how many seqs have a row and a reward) are
 * kept. `rows_read` is D1's count.
 */
async function blockRows<T extends Blocked>(
  d1: D1Database,
  kind: Kind,
  run: RunForReads,
  size: number,
  select: (from: number, to: number) => D1PreparedStatement,
  counts: (rows: T[]) => BlockCounts,
): Promise<{ rows: T[]; rows_read: number }> {
  const key = `${kind}:${size}:${run.id}:${run.resumes}`;
  const e = entryOf(key);
  const pieces = unsealedPieces(e.blocks.keys(), size);
  const results = await d1.batch<T>(pieces.map(([from, to]) => select(from, to)));
  const fresh = new Map<number, T[]>();
  let rowsRead = 0;
  for (const r of results) {
    rowsRead += r.meta.rows_read ?? 0;
    for (const row of r.results) {
      if (e.blocks.has(row.block)) continue; // a sealed block inside a merged piece: already held
      let list = fresh.get(row.block);
      if (!list) fresh.set(row.block, (list = []));
      list.push(row);
    }
  }
  // Past the latest resume's pointer, a row without a reward may still be deleted (and its attempt run again).
  const reopened = run.resumedThrough === null ? Infinity : run.resumedThrough;
  for (const [block, rows] of fresh) {
    const c = counts(rows);
    if (c.rows === size && (c.rewarded === size || (block + 1) * size - 1 <= reopened)) keep(key, e, block, rows);
  }
  const out: T[] = [];
  for (const rows of e.blocks.values()) for (const r of rows) out.push(r as T);
  for (const [block, rows] of fresh) if (e.blocks.get(block) !== rows) out.push(...rows); // not kept (over the budget)
  return { rows: out, rows_read: rowsRead };
}

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);

/** Ended attempts of an executing run by status: countByStatus's answer. */
export async function liveStatusCounts(d1: D1Database, run: RunForReads, size = BLOCK): Promise<{ counts: StatusCount[]; rows_read: number }> {
  const runId = run.id;
  const { rows, rows_read } = await blockRows<StatusCount & Blocked>(
    d1,
    "status",
    run,
    size,
    (from, to) =>
      d1
        .prepare(`SELECT seq / ${size} AS block, status, count(*) AS count, count(reward) AS rewarded FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 GROUP BY block, status`)
        .bind(runId, from, to),
    (rows) => ({ rows: sum(rows, (r) => r.count), rewarded: sum(rows, (r) => r.rewarded) }),
  );
  const by = new Map<string, StatusCount>();
  for (const r of rows) {
    const t = by.get(r.status) ?? { status: r.status, count: 0, rewarded: 0 };
    t.count += r.count;
    t.rewarded += r.rewarded;
    by.set(r.status, t);
  }
  return { counts: [...by.values()], rows_read };
}

/** A block's member row as a fresh tally (the kept row stays as it was read). Spelled out: a rest spread is several times slower, over every kept row on each call. */
function memberRow(r: BlockTallyRow): MemberTallyRow {
  return {
    target: r.target,
    member_index: r.member_index,
    member_key: r.member_key,
    subset: r.subset,
    task_digest: r.task_digest,
    attempts: r.attempts,
    scored: r.scored,
    sum: r.sum,
    all_binary: r.all_binary,
    all_unit: r.all_unit,
    invalid: r.invalid,
    composite_sum: r.composite_sum,
    composite_n: r.composite_n,
  };
}

/** One (benchmark, target, member) of a block. */
export type BlockTallyRow = MemberTallyRow & Blocked & { benchmark_id: string };

/**
 * Per benchmark, the member tallies of an executing run's attempts: for
 * each benchmark, what memberTallyStatement returns over its range, in
 * (target, member_index) order.
 */
export async function liveMemberTallies(d1: D1Database, run: RunForReads, size = BLOCK): Promise<{ byBenchmark: Map<string, MemberTallyRow[]>; rows_read: number }> {
  const runId = run.id;
  const { rows, rows_read } = await blockRows<BlockTallyRow>(
    d1,
    "member",
    run,
    size,
    (from, to) =>
      d1
        .prepare(
          `SELECT seq / ${size} AS block, benchmark_id, ${MEMBER_TALLY_COLUMNS}
           FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3
           GROUP BY block, benchmark_id, target, member_index`,
        )
        .bind(runId, from, to),
    (rows) => ({ rows: sum(rows, (r) => r.attempts), rewarded: sum(rows, (r) => r.scored) }),
  );
  // Members keyed by (target, member_index) as one number, whose order is the tally's: target a, then b, each by index.
  const merged = new Map<string, Map<number, MemberTallyRow>>();
  for (const r of rows) {
    let members = merged.get(r.benchmark_id);
    if (!members) merged.set(r.benchmark_id, (members = new Map()));
    const id = (r.target === "a" ? 0 : 2 ** 32) + r.member_index;
    const m = members.get(id);
    if (!m) {
      members.set(id, memberRow(r));
      continue;
    }
    // A member whose attempts straddle blocks: add its parts up as one group would.
    m.attempts += r.attempts;
    m.scored += r.scored;
    m.sum += r.sum;
    m.all_binary = Math.min(m.all_binary, r.all_binary);
    m.all_unit = Math.min(m.all_unit, r.all_unit);
    m.invalid += r.invalid;
    m.composite_sum += r.composite_sum;
    m.composite_n += r.composite_n;
    if (r.member_key < m.member_key) m.member_key = r.member_key;
    if (r.subset !== null && (m.subset === null || r.subset < m.subset)) m.subset = r.subset;
    if (r.task_digest < m.task_digest) m.task_digest = r.task_digest;
  }
  const byBenchmark = new Map<string, MemberTallyRow[]>();
  for (const [id, members] of merged) {
    const order = [...members.keys()].sort((a, b) => a - b);
    byBenchmark.set(id, order.map((k) => members.get(k)!));
  }
  return { byBenchmark, rows_read };
}

interface BlockUsageRow extends Blocked {
  benchmark_id: string;
  target: BenchmarkUsage["target"];
  attempts: number;
  rewarded: number;
  input_tokens: number;
  input_n: number;
  output_tokens: number;
  output_n: number;
  cost: number;
  cost_n: number;
  latency: number;
  latency_n: number;
  cached_attempts: number;
  wall: number;
  wall_n: number;
}

const WALL_MS = `(julianday(finished_at) - julianday(started_at)) * 86400000.0`;

/** Per benchmark and target, what an executing run's ended attempts consumed: benchmarkUsage's answer. */
export async function liveBenchmarkUsage(d1: D1Database, run: RunForReads, size = BLOCK): Promise<{ usage: BenchmarkUsage[]; rows_read: number }> {
  const runId = run.id;
  const { rows, rows_read } = await blockRows<BlockUsageRow>(
    d1,
    "usage",
    run,
    size,
    (from, to) =>
      d1
        .prepare(
          `SELECT seq / ${size} AS block, benchmark_id, target, count(*) AS attempts, count(reward) AS rewarded,
             total(input_tokens) AS input_tokens, count(input_tokens) AS input_n, total(output_tokens) AS output_tokens, count(output_tokens) AS output_n,
             total(cost) AS cost, count(cost) AS cost_n, total(latency_ms) AS latency, count(latency_ms) AS latency_n, count(cached) AS cached_attempts,
             total(${WALL_MS}) AS wall, count(${WALL_MS}) AS wall_n
           FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 GROUP BY block, benchmark_id, target`,
        )
        .bind(runId, from, to),
    (rows) => ({ rows: sum(rows, (r) => r.attempts), rewarded: sum(rows, (r) => r.rewarded) }),
  );
  const by = new Map<string, Omit<BlockUsageRow, "block">>();
  for (const r of rows) {
    const id = `${r.benchmark_id}\u0000${r.target}`;
    const t = by.get(id);
    if (!t) {
      const { block: _b, ...rest } = r;
      by.set(id, { ...rest });
      continue;
    }
    for (const f of ["attempts", "rewarded", "input_tokens", "input_n", "output_tokens", "output_n", "cost", "cost_n", "latency", "latency_n", "cached_attempts", "wall", "wall_n"] as const) t[f] += r[f];
  }
  const mean = (total: number, n: number) => (n ? total / n : null);
  const usage = [...by.values()]
    .sort((a, b) => (a.benchmark_id < b.benchmark_id ? -1 : a.benchmark_id > b.benchmark_id ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0))
    .map(
      (t): BenchmarkUsage => ({
        benchmark_id: t.benchmark_id,
        target: t.target,
        attempts: t.attempts,
        input_tokens: t.input_tokens,
        output_tokens: t.output_tokens,
        mean_input_tokens: mean(t.input_tokens, t.input_n),
        mean_output_tokens: mean(t.output_tokens, t.output_n),
        cost: t.cost_n ? t.cost : null,
        mean_latency_ms: mean(t.latency, t.latency_n),
        cached_attempts: t.cached_attempts,
        mean_wall_ms: mean(t.wall, t.wall_n),
      }),
    );
  return { usage, rows_read };
}
