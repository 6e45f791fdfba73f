/**
 * Attempt rows in D1. A row is written once, when its attempt ends, with
 * everything about it: one D1 row written per attempt. An attempt slot
 * without a row is still open (or was cancelled with its run); its identity
 * comes from the run's plan. The insert is conditional twice over: the
 * first verdict wins (a redelivered message counts nothing), and an attempt
 * lands only in an active run or, in a stopped one, if it ended before the
 * stop (finished attempts keep their results; later ones do not count).
 */
import type { AttemptRow } from "./schema";
import { activeRunSql, type EndedAttemptStatus } from "./status-predicates";

/** Who an attempt is: everything but its outcome. */
export interface AttemptSlot {
  runId: string;
  seq: number;
  benchmarkId: string;
  target: "a" | "b";
  memberKey: string;
  memberIndex: number;
  rowIndex: number;
  taskDigest: string;
  subset: string | null;
  attemptIndex: number;
}

/** What an attempt ended with. reward null with status succeeded means "ran, but could not be scored". */
export interface AttemptOutcome {
  seq: number;
  status: EndedAttemptStatus;
  reward: number | null;
  structured: Record<string, unknown> | null;
  output: string | null;
  /** Where a long output lives instead (src/storage/attempt-outputs.ts): `output` is then null. */
  output_key?: string | null;
  reason: string | null;
  error: string | null;
  exit_code: number | null;
  tries: number;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
  latency_ms: number | null;
  transcript_key: string | null;
  started_at: string | null;
  finished_at: string;
  /** The reply came from the response cache (options.cache), not a model call. */
  cached?: boolean;
  /** The reply was cut by the output-token limit; absent or null: not recorded (no reply, an agent, recorded outputs). */
  truncated?: boolean | null;
  /** Replies the target model gave, where counted (migration 0046: τ²'s agent replies, the bash harness's model calls); absent or null: not counted. */
  turns?: number | null;
}

/** The outcome of an attempt that ended without a reward: failed, timed out, or given up on. */
export function endedWithoutReward(
  seq: number,
  status: "failed" | "timed_out",
  error: string,
  tries: number,
  startedAt: string | null,
  finishedAt: string = new Date().toISOString(),
): AttemptOutcome {
  return {
    seq,
    status,
    reward: null,
    structured: null,
    output: null,
    reason: null,
    error,
    exit_code: null,
    tries,
    input_tokens: null,
    output_tokens: null,
    cost: null,
    latency_ms: null,
    transcript_key: null,
    started_at: startedAt,
    finished_at: finishedAt,
  };
}

interface RawAttempt {
  run_id: string;
  seq: number;
  benchmark_id: string;
  target: string;
  member_key: string;
  member_index: number;
  row_index: number;
  task_digest: string;
  subset: string | null;
  attempt_index: number;
  status: string;
  reward: number | null;
  structured: string | null;
  output: string | null;
  output_key: string | null;
  reason: string | null;
  error: string | null;
  exit_code: number | null;
  tries: number;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
  latency_ms: number | null;
  transcript_key: string | null;
  started_at: string | null;
  finished_at: string | null;
  cached: number | null;
  truncated: number | null;
  turns: number | null;
}

export function fromRaw(r: RawAttempt): AttemptRow {
  return {
    runId: r.run_id,
    seq: r.seq,
    benchmarkId: r.benchmark_id,
    target: r.target,
    memberKey: r.member_key,
    memberIndex: r.member_index,
    rowIndex: r.row_index,
    taskDigest: r.task_digest,
    subset: r.subset,
    attemptIndex: r.attempt_index,
    status: r.status,
    reward: r.reward,
    structured: r.structured ? (JSON.parse(r.structured) as Record<string, unknown>) : null,
    output: r.output,
    outputKey: r.output_key ?? null,
    reason: r.reason,
    error: r.error,
    exitCode: r.exit_code,
    tries: r.tries,
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    cost: r.cost,
    latencyMs: r.latency_ms,
    transcriptKey: r.transcript_key,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    cached: r.cached ?? null,
    truncated: r.truncated ?? null,
    turns: r.turns ?? null,
  };
}

/** The seqs among `seqs` that already have a row (ended). A primary-key range read. */
export async function endedSeqs(d1: D1Database, runId: string, seqs: number[]): Promise<Set<number>> {
  if (!seqs.length) return new Set();
  const want = new Set(seqs);
  const ended = await endedSeqsIn(d1, runId, Math.min(...seqs), Math.max(...seqs) + 1);
  return new Set([...ended].filter((s) => want.has(s)));
}

/** The seqs in [from, to) that have a row (ended). A primary-key range read. */
export async function endedSeqsIn(d1: D1Database, runId: string, from: number, to: number): Promise<Set<number>> {
  const r = await d1.prepare(`SELECT seq FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3`).bind(runId, from, to).all<{ seq: number }>();
  return new Set(r.results.map((x) => x.seq));
}

/** What a recorded attempt left for a re-score: its output (or where a long one lives), or its status and error when it has none. */
export interface StoredOutput {
  seq: number;
  output: string | null;
  output_key: string | null;
  status: string;
  error: string | null;
}

/** The stored outputs of a run's attempts in [from, to) (a re-score's source window). A primary-key range read. */
export async function readOutputs(d1: D1Database, runId: string, from: number, to: number): Promise<StoredOutput[]> {
  const r = await d1.prepare(`SELECT seq, output, output_key, status, error FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3`).bind(runId, from, to).all<StoredOutput>();
  return r.results;
}

/** Per target, the outputs stored in [from, to) and the distinct tasks that have one (what a re-score can reuse). */
export async function countOutputs(d1: D1Database, runId: string, from: number, to: number): Promise<{ target: string; outputs: number; tasks: number }[]> {
  const r = await d1
    .prepare(
      `SELECT target, count(coalesce(output, output_key)) AS outputs, count(DISTINCT CASE WHEN coalesce(output, output_key) IS NOT NULL THEN member_index END) AS tasks
       FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 GROUP BY target`,
    )
    .bind(runId, from, to)
    .all<{ target: string; outputs: number; tasks: number }>();
  return r.results;
}

export async function loadAttempt(d1: D1Database, runId: string, seq: number): Promise<AttemptRow | null> {
  const r = await d1.prepare(`SELECT * FROM attempts WHERE run_id = ?1 AND seq = ?2`).bind(runId, seq).first<RawAttempt>();
  return r ? fromRaw(r) : null;
}

/** The columns an insert fills, in the order of recordOutcomes' row arrays. */
const COLUMNS = [
  "seq", "benchmark_id", "target", "member_key", "member_index", "row_index", "task_digest", "subset", "attempt_index",
  "status", "reward", "structured", "output", "reason", "error", "exit_code", "tries", "input_tokens", "output_tokens", "cost", "latency_ms",
  "transcript_key", "started_at", "finished_at", "cached", "truncated", "output_key", "turns",
] as const;
const FINISHED_AT = COLUMNS.indexOf("finished_at");

/**
 * One statement for many rows: the rows travel as one JSON array bound to
 * ?2 (D1 binds at most 100 parameters, four rows' worth one value per
 * column). The run's row is read once, joined to every attempt row; no
 * RETURNING, which read each written row back (3 D1 rows read per attempt
 * instead of 1): the count of rows written is all callers need.
 */
const INSERT_FROM_JSON = `INSERT INTO attempts (run_id, ${COLUMNS.join(", ")})
  SELECT ?1, ${COLUMNS.map((_, i) => `r.value ->> ${i}`).join(", ")}
  FROM (SELECT status, finished_at FROM eval_runs WHERE id = ?1) AS run CROSS JOIN json_each(?2) AS r
  WHERE ${activeRunSql("run.status")} OR (run.status = 'cancelled' AND run.finished_at >= r.value ->> ${FINISHED_AT})
  ON CONFLICT (run_id, seq) DO NOTHING`;

/** JSON characters per statement: well under D1's 2 MB per bound value even if every character took three bytes in UTF-8. */
const MAX_JSON_CHARS = 600_000;

/**
 * Writes ended attempts, each only if it has no row yet and its run is
 * active or was stopped after it ended; returns how many it wrote (the ones
 * to count). One round trip for the whole batch, and one statement per run
 * (more only for very long outputs).
 */
export async function recordOutcomes(
  d1: D1Database,
  items: { slot: AttemptSlot; outcome: AttemptOutcome }[],
  /** Given, it receives the seqs of the rows written (the statements then return them: a budgeted run counts what each spent). */
  written?: Set<number>,
): Promise<number> {
  if (!items.length) return 0;
  const stmts: D1PreparedStatement[] = [];
  const byRun = new Map<string, string[]>();
  for (const { slot, outcome: o } of items) {
    const row = [
      slot.seq, slot.benchmarkId, slot.target, slot.memberKey, slot.memberIndex, slot.rowIndex, slot.taskDigest, slot.subset, slot.attemptIndex,
      o.status, o.reward, o.structured ? JSON.stringify(o.structured) : null, o.output, o.reason, o.error, o.exit_code, o.tries,
      o.input_tokens, o.output_tokens, o.cost, o.latency_ms, o.transcript_key, o.started_at, o.finished_at, o.cached ? 1 : null,
      o.truncated === true ? 1 : o.truncated === false ? 0 : null, o.output_key ?? null, o.turns ?? null,
    ];
    byRun.set(slot.runId, [...(byRun.get(slot.runId) ?? []), JSON.stringify(row)]);
  }
  for (const [runId, rows] of byRun) {
    let part: string[] = [];
    let size = 0;
    const flush = () => {
      if (part.length) stmts.push(d1.prepare(written ? `${INSERT_FROM_JSON} RETURNING seq` : INSERT_FROM_JSON).bind(runId, `[${part.join(",")}]`));
      part = [];
      size = 0;
    };
    for (const r of rows) {
      if (size + r.length > MAX_JSON_CHARS) flush();
      part.push(r);
      size += r.length + 1;
    }
    flush();
  }
  const results = await d1.batch<{ seq: number }>(stmts);
  if (written) for (const r of results) for (const row of r.results ?? []) written.add(row.seq);
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/**
 * What reopening one page of a resume did: `done`, this call deleted the
 * page's rows without a reward (their seqs) and moved the pointer past it;
 * `again`, the pointer stood at the page's end already (a retried step
 * whose earlier try did it); `stale`, the pointer stands elsewhere (a redelivered
 * step of a page already passed, or of an earlier resume): nothing to do.
 */
export type ReopenedPage = { state: "done"; seqs: number[] } | { state: "again" | "stale"; seqs: [] };

/** The pointer stands at the page's start (?2 - 1). No pointer: a resume begun before migration 0028, which goes on unguarded. */
const AT_PAGE_START = "ifnull(resumed_through, ?2 - 1) = ?2 - 1";

/**
 * Resume's page [from, to): deletes its rows without a reward so they can
 * run again, and moves the run's resume pointer (eval_runs.resumed_through,
 * migration 0028) from from - 1 to to - 1, in one transaction and only if
 * the pointer stands at the page's start. So each page of a resume is
 * reopened once however often its step is delivered, and rows at or below
 * the pointer are not deleted again until the next resume (which the read
 * routes' block cache relies on: src/db/results/sealed-blocks.ts).
 */
export async function reopenPage(d1: D1Database, runId: string, from: number, to: number): Promise<ReopenedPage> {
  const [deleted, moved] = await d1.batch<{ seq: number }>([
    d1
      .prepare(
        `DELETE FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 AND reward IS NULL
           AND EXISTS (SELECT 1 FROM eval_runs WHERE id = ?1 AND ${AT_PAGE_START}) RETURNING seq`,
      )
      .bind(runId, from, to),
    d1.prepare(`UPDATE eval_runs SET resumed_through = ?3 - 1 WHERE id = ?1 AND ${AT_PAGE_START}`).bind(runId, from, to),
  ]);
  if ((moved!.meta.changes ?? 0) > 0) return { state: "done", seqs: deleted!.results.map((x) => x.seq) };
  const at = await d1.prepare(`SELECT resumed_through AS p FROM eval_runs WHERE id = ?1`).bind(runId).first<{ p: number | null }>();
  return { state: at?.p === to - 1 ? "again" : "stale", seqs: [] };
}

export interface StatusCount {
  status: string;
  count: number;
  rewarded: number;
}

/** How many of a run's attempts ended, and how many of those have a reward (from countByStatus's rows). */
export function endedTotals(counts: readonly StatusCount[]): { ended: number; rewarded: number } {
  return counts.reduce((t, c) => ({ ended: t.ended + c.count, rewarded: t.rewarded + c.rewarded }), { ended: 0, rewarded: 0 });
}

/** Ended attempts of a run by status (one primary-key range scan). */
export async function countByStatus(d1: D1Database, runId: string): Promise<StatusCount[]> {
  const r = await d1
    .prepare(`SELECT status, count(*) AS count, count(reward) AS rewarded FROM attempts WHERE run_id = ?1 GROUP BY status`)
    .bind(runId)
    .all<StatusCount>();
  return r.results;
}
