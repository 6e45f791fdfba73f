/**
 * Results in D1: per-member counts of a run's attempts, the previous
 * comparable run, pages of samples, and the cache of finished runs'
 * aggregates behind score history. Every read of `attempts` is a range of
 * its primary key (`run_id = ? AND seq` between a benchmark's bounds), so
 * it reads the run's own rows and nothing else: attempts has no other
 * index and must not get one (each would cost a D1 write per attempt).
 * The metrics themselves are computed by src/metrics from these counts.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { RunOptions } from "../domain/run-options";
import { slotAt, type PlanMember } from "../execution/plan-layout";
import type { StoredTarget } from "../domain/run-target";
import type { MissingPolicy } from "../metrics";
import { targetIdentity, targetLabel, targetModel } from "../reports/run-info";
import {
  abBenchmark,
  completeWithPlan,
  previousScore,
  scoreRow,
  type ABBenchmark,
  type BenchmarkFacts,
  type MemberRow,
  type RunScores,
  type ScoreRow,
  type TargetSlot,
} from "../reports/scores";
import { readPlan } from "../storage/run-plans";
import type { AttemptSlot } from "./attempts";
import { openDb } from "./client";
import { evalRuns, type EvalRunRow } from "./schema";

export type { RunScores } from "../reports/scores";

/**
 * "The attempt ended": spelled with ORs, because `IN (...)` builds an
 * ephemeral table whose probes D1 bills as rows read (one per attempt).
 */
export const TERMINAL_SQL = `(status = 'succeeded' OR status = 'failed' OR status = 'cancelled' OR status = 'timed_out')`;

/** The bindings results read: D1, and R2 for run plans (without it, members with no ended attempt stay unknown). */
export interface ResultHandles {
  DB: D1Database;
  ARTIFACTS?: R2Bucket;
}

/** A benchmark of a run with where its attempts lie. */
export interface BenchmarkPlan extends BenchmarkFacts {
  base_seq: number | null;
  attempt_count: number | null;
  /** Attempts enqueued so far (seqs base_seq .. base_seq + planned_count − 1). */
  planned_count: number;
  dataset_revision_id: string | null;
}

/** A run with its benchmarks and the per-member counts of every attempt, by benchmark id. */
export interface LoadedRun {
  run: EvalRunRow;
  policy: MissingPolicy;
  targets: 1 | 2;
  benchmarks: BenchmarkPlan[];
  rows: Map<string, MemberRow[]>;
  /** D1 rows read (meta.rows_read) by the member queries: the run's attempts, once. */
  rows_read: number;
}


export function policyOf(run: Pick<EvalRunRow, "options">): MissingPolicy {
  return (run.options as Partial<RunOptions>).missing_policy ?? "unknown";
}

export function slotTarget(run: Pick<EvalRunRow, "target" | "compareTarget">, slot: TargetSlot): StoredTarget | null {
  return ((slot === "a" ? run.target : run.compareTarget) as StoredTarget | null) ?? null;
}

export function slotsOf(run: Pick<EvalRunRow, "compareTarget">): TargetSlot[] {
  return run.compareTarget ? ["a", "b"] : ["a"];
}

interface RawPlan {
  benchmark_id: string;
  status: string;
  error: string | null;
  k: number | null;
  member_count: number | null;
  base_seq: number | null;
  attempt_count: number | null;
  planned_count: number;
  dataset_digest: string | null;
  dataset_revision_id: string | null;
  scorer: string | null;
}

/** The run's benchmarks in its order; one not planned yet is `pending` with nothing known. */
export async function readBenchmarkPlans(d1: D1Database, run: Pick<EvalRunRow, "id" | "benchmarkIds">): Promise<BenchmarkPlan[]> {
  const [plans, names] = await d1.batch([
    d1
      .prepare(
        `SELECT benchmark_id, status, error, k, member_count, base_seq, attempt_count, planned_count, dataset_digest,
           dataset_revision_id, json_extract(scoring, '$.type') AS scorer
         FROM run_benchmarks WHERE run_id = ?1`,
      )
      .bind(run.id),
    d1.prepare(`SELECT id, name FROM benchmarks WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(run.benchmarkIds)),
  ]);
  const byId = new Map((plans!.results as RawPlan[]).map((p) => [p.benchmark_id, p]));
  const nameOf = new Map((names!.results as { id: string; name: string }[]).map((n) => [n.id, n.name]));
  return run.benchmarkIds.map((id): BenchmarkPlan => {
    const p = byId.get(id);
    const failed = p?.status === "failed";
    return {
      benchmark_id: id,
      name: nameOf.get(id) ?? null,
      status: p?.status ?? "pending",
      error: p?.error ?? null,
      k: p?.k ?? null,
      member_count: p?.member_count ?? null,
      dataset_digest: p?.dataset_digest ?? null,
      planning_complete: !!p && (failed || (p.attempt_count !== null && p.planned_count >= p.attempt_count)),
      scorer: p?.scorer ?? null,
      base_seq: p?.base_seq ?? null,
      attempt_count: p?.attempt_count ?? null,
      planned_count: p?.planned_count ?? 0,
      dataset_revision_id: p?.dataset_revision_id ?? null,
    };
  });
}

interface RawMember {
  target: TargetSlot;
  member_index: number;
  member_key: string;
  subset: string | null;
  rows: number;
  scored: number;
  sum: number;
  all_binary: number;
  all_unit: number;
  invalid: number;
}

/**
 * Per (target, member) counts over the attempts with seq in [from, to):
 * scored, reward sum, all-binary and all-in-[0, 1] flags, invalid
 * (terminal without reward). A primary-key range scan of exactly those
 * attempts; D1 reports rows_read = 2 × attempts, since it also counts the
 * rows read back from the GROUP BY sorter.
 */
export function memberRowsStatement(d1: D1Database, runId: string, from: number, to: number, target?: TargetSlot): D1PreparedStatement {
  return d1
    .prepare(
      `SELECT target, member_index, min(member_key) AS member_key, min(subset) AS subset, count(*) AS rows,
         count(reward) AS scored, total(reward) AS sum,
         min(reward IS NULL OR reward = 0.0 OR reward = 1.0) AS all_binary,
         min(reward IS NULL OR (reward >= 0.0 AND reward <= 1.0)) AS all_unit,
         sum(reward IS NULL AND ${TERMINAL_SQL}) AS invalid
       FROM attempts
       WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 ${target ? "AND target = ?4" : ""}
       GROUP BY target, member_index
       ORDER BY target, member_index`,
    )
    .bind(...(target ? [runId, from, to, target] : [runId, from, to]));
}

export function toMemberRow(r: RawMember): MemberRow {
  return {
    target: r.target,
    member_index: r.member_index,
    member_key: r.member_key,
    subset: r.subset,
    rows: r.rows,
    scored: r.scored,
    sum: r.sum,
    binary: r.all_binary === 1,
    unit: r.all_unit === 1,
    invalid: r.invalid,
  };
}

/** The seq range of a planned benchmark; null before planning or when it failed without attempts. */
export function seqRange(p: Pick<BenchmarkPlan, "base_seq" | "attempt_count">): [number, number] | null {
  if (p.base_seq === null || p.attempt_count === null || p.attempt_count === 0) return null;
  return [p.base_seq, p.base_seq + p.attempt_count];
}

/** Slots without a row are cancelled (terminal) once the run or the benchmark was stopped. */
export function openSlotsCancelled(run: Pick<EvalRunRow, "status">, plan: Pick<BenchmarkPlan, "status">): boolean {
  return run.status === "cancelled" || plan.status === "cancelled";
}

/** A run's plan of one benchmark from R2, or null when there is no bucket or no plan. */
export async function planMembers(h: ResultHandles, runId: string, benchmarkId: string): Promise<PlanMember[] | null> {
  if (!h.ARTIFACTS) return null;
  try {
    return await readPlan(h.ARTIFACTS, runId, benchmarkId);
  } catch {
    // A plan that cannot be read leaves open members unknown; ended attempts still count.
    return null;
  }
}

/**
 * Reads a run's benchmarks and the per-member counts of all its attempts:
 * one primary-key range query per benchmark, in one batch. When some
 * attempt slot has no row yet (the run is active or was stopped), the
 * benchmark's plan fills in the members that have none.
 */
export async function loadRunResults(h: ResultHandles, run: EvalRunRow): Promise<LoadedRun> {
  const d1 = h.DB;
  const benchmarks = await readBenchmarkPlans(d1, run);
  const ranged = benchmarks.flatMap((b) => {
    const range = seqRange(b);
    return range ? [{ plan: b, stmt: memberRowsStatement(d1, run.id, range[0], range[1]) }] : [];
  });
  const results = ranged.length ? await d1.batch(ranged.map((r) => r.stmt)) : [];
  const rows = new Map<string, MemberRow[]>();
  let rowsRead = 0;
  const slots = slotsOf(run);
  await Promise.all(
    ranged.map(async (r, i) => {
      const res = results[i]!;
      rowsRead += res.meta.rows_read ?? 0;
      let members = (res.results as RawMember[]).map(toMemberRow);
      const { k, member_count: count } = r.plan;
      const ended = members.reduce((n, m) => n + m.rows, 0);
      if (k !== null && count !== null && ended < count * k * slots.length) {
        const plan = await planMembers(h, run.id, r.plan.benchmark_id);
        if (plan) {
          const cancelled = openSlotsCancelled(run, r.plan);
          members = slots.flatMap((slot) => completeWithPlan(members.filter((m) => m.target === slot), plan, slot, k, cancelled));
        }
      }
      rows.set(r.plan.benchmark_id, members);
    }),
  );
  return { run, policy: policyOf(run), targets: run.compareTarget ? 2 : 1, benchmarks, rows, rows_read: rowsRead };
}

/** Member rows of one benchmark and target of a loaded run. */
export function rowsFor(loaded: LoadedRun, benchmarkId: string, slot: TargetSlot): MemberRow[] {
  return (loaded.rows.get(benchmarkId) ?? []).filter((r) => r.target === slot);
}

interface RawPrevious {
  id: string;
  display_name: string | null;
  finished_at: string | null;
  options: string;
  k: number;
  member_count: number;
  base_seq: number;
  attempt_count: number;
  dataset_digest: string;
  scorer: string | null;
  match_a: number;
  match_b: number;
}

/** SQLite's version of targetIdentity over a stored JSON target column (keep the two in step). */
function identitySql(column: string): string {
  const f = (path: string) => `json_extract(${column}, '$.${path}')`;
  return `(CASE ${f("kind")} WHEN 'agent' THEN 'agent|' || ${f("runner_url")} || '|' || ${f("profile")} ELSE 'model|' || ${f("base_url")} || '|' || ${f("model")} END)`;
}

/**
 * The newest completed run of the project created before `run` that ran the
 * benchmark to completion on the same dataset digest with a target that
 * calls the same model at the same base URL (either of its slots; the same
 * slot as ours wins a tie). Walks the project's runs by the
 * (project_id, id) index, newest first.
 */
export async function findPreviousRun(
  d1: D1Database,
  run: Pick<EvalRunRow, "id" | "projectId">,
  benchmarkId: string,
  datasetDigest: string,
  target: StoredTarget,
  slot: TargetSlot,
): Promise<{ row: RawPrevious; slot: TargetSlot } | null> {
  const identity = targetIdentity(target);
  const row = await d1
    .prepare(
      `SELECT r.id, r.display_name, r.finished_at, r.options, rb.k, rb.member_count, rb.base_seq, rb.attempt_count, rb.dataset_digest,
         json_extract(rb.scoring, '$.type') AS scorer,
         coalesce(${identitySql("r.target")} = ?5, 0) AS match_a, coalesce(${identitySql("r.compare_target")} = ?5, 0) AS match_b
       FROM eval_runs r JOIN run_benchmarks rb ON rb.run_id = r.id AND rb.benchmark_id = ?2
       WHERE r.project_id = ?1 AND r.id < ?3 AND r.status = 'completed'
         AND rb.status = 'completed' AND rb.dataset_digest = ?4 AND rb.k IS NOT NULL AND rb.base_seq IS NOT NULL
         AND (${identitySql("r.target")} = ?5 OR ${identitySql("r.compare_target")} = ?5)
       ORDER BY r.id DESC LIMIT 1`,
    )
    .bind(run.projectId, benchmarkId, run.id, datasetDigest, identity)
    .first<RawPrevious>();
  if (!row) return null;
  const matched: TargetSlot = row.match_a && row.match_b ? slot : row.match_a ? "a" : "b";
  return { row, slot: matched };
}

/** Attaches the previous comparable run to each score row that has a number. */
async function attachPrevious(d1: D1Database, loaded: LoadedRun, rows: ScoreRow[]): Promise<void> {
  const { run } = loaded;
  await Promise.all(
    rows.map(async (row) => {
      const target = slotTarget(run, row.target);
      if (!target || row.score_counts === null || row.dataset_digest === null) return;
      const found = await findPreviousRun(d1, run, row.benchmark_id, row.dataset_digest, target, row.target);
      if (!found) return;
      const p = found.row;
      const prevRows = await memberRowsStatement(d1, p.id, p.base_seq, p.base_seq + p.attempt_count, found.slot).all<RawMember>();
      const prevPolicy = (JSON.parse(p.options) as Partial<RunOptions>).missing_policy ?? "unknown";
      row.previous = previousScore(row, rowsFor(loaded, row.benchmark_id, row.target), {
        run_id: p.id,
        display_name: p.display_name,
        finished_at: p.finished_at,
        facts: {
          benchmark_id: row.benchmark_id,
          name: row.benchmark_name,
          status: "completed",
          error: null,
          k: p.k,
          member_count: p.member_count,
          dataset_digest: p.dataset_digest,
          planning_complete: true,
          scorer: p.scorer,
        },
        rows: prevRows.results.map(toMemberRow),
        policy: prevPolicy,
      });
    }),
  );
}

/** Score rows of a loaded run (no previous-run lookup). */
export function scoreRowsOf(loaded: LoadedRun): ScoreRow[] {
  const { run, policy } = loaded;
  return loaded.benchmarks.flatMap((b) =>
    slotsOf(run).map((slot) => scoreRow(b, slot, targetLabel(slotTarget(run, slot)), rowsFor(loaded, b.benchmark_id, slot), policy)),
  );
}

/** The A/B comparisons of a loaded run; empty without a compare target. */
export function abOf(loaded: LoadedRun): ABBenchmark[] {
  const { run, policy } = loaded;
  if (!run.compareTarget) return [];
  const labels = { a: targetLabel(slotTarget(run, "a")), b: targetLabel(slotTarget(run, "b")) };
  return loaded.benchmarks.flatMap((b) => {
    const ab = abBenchmark(b, labels, rowsFor(loaded, b.benchmark_id, "a"), rowsFor(loaded, b.benchmark_id, "b"), policy);
    return ab ? [ab] : [];
  });
}

/** Everything /scores shows, from a loaded run. */
export async function scoresOfLoaded(d1: D1Database, loaded: LoadedRun): Promise<RunScores> {
  const scores = scoreRowsOf(loaded);
  const [usage] = await Promise.all([benchmarkUsage(d1, loaded.run.id), attachPrevious(d1, loaded, scores)]);
  for (const row of scores) {
    const u = usage.find((x) => x.benchmark_id === row.benchmark_id && x.target === row.target);
    row.usage = u ? { attempts: u.attempts, mean_input_tokens: u.mean_input_tokens, mean_output_tokens: u.mean_output_tokens, mean_latency_ms: u.mean_latency_ms, total_cost: u.cost } : null;
    row.phases = u ? phasesOf(u) : null;
  }
  return { run_id: loaded.run.id, run_status: loaded.run.status, missing_policy: loaded.policy, scores, ab: abOf(loaded) };
}

/**
 * The scores of a run by id, with no project check: for scripts and
 * benchmarks (the API checks the project first). Null when there is no
 * such run. `rows_read` counts the D1 rows the attempt aggregation read.
 */
export async function runScores(h: ResultHandles | D1Database, runId: string): Promise<(RunScores & { rows_read: number }) | null> {
  const handles: ResultHandles = "prepare" in h ? { DB: h } : h;
  const run = await openDb(handles.DB).select().from(evalRuns).where(eq(evalRuns.id, runId)).get();
  if (!run) return null;
  const loaded = await loadRunResults(handles, run);
  return { ...(await scoresOfLoaded(handles.DB, loaded)), rows_read: loaded.rows_read };
}

// ---------------------------------------------------------------- history

/** Bump when the metric code changes what a cached aggregate holds or means: older rows are recomputed. */
export const SCORES_VERSION = 1;

/** The aggregate of one (benchmark, target) of a finished run, as cached in run_score_cache. */
export type FinishedScore = Omit<ScoreRow, "subsets" | "previous">;

function finishedScore(row: ScoreRow): FinishedScore {
  const { subsets: _subsets, previous: _previous, ...rest } = row;
  return rest;
}

/**
 * The aggregates of finished runs, one list per run id: from run_score_cache
 * when a row set is current (same finished_at, same SCORES_VERSION, one row
 * per benchmark and target), else computed from the attempts and stored.
 * Only runs with a finished_at can be cached; others are computed each time.
 */
export async function finishedRunScores(d1: D1Database, runs: EvalRunRow[]): Promise<Map<string, FinishedScore[]>> {
  const out = new Map<string, FinishedScore[]>();
  if (!runs.length) return out;
  const cached = await d1
    .prepare(`SELECT run_id, benchmark_id, target, computed_for, version, body FROM run_score_cache WHERE run_id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(runs.map((r) => r.id)))
    .all<{ run_id: string; benchmark_id: string; target: string; computed_for: string; version: number; body: string }>();
  const byRun = new Map<string, typeof cached.results>();
  for (const c of cached.results) byRun.set(c.run_id, [...(byRun.get(c.run_id) ?? []), c]);

  const writes: D1PreparedStatement[] = [];
  for (const run of runs) {
    const rows = byRun.get(run.id) ?? [];
    const expected = run.benchmarkIds.length * slotsOf(run).length;
    const current = run.finishedAt !== null && rows.length === expected && rows.every((r) => r.computed_for === run.finishedAt && r.version === SCORES_VERSION);
    if (current) {
      const order = new Map(run.benchmarkIds.map((id, i) => [id, i]));
      const bodies = rows.map((r) => JSON.parse(r.body) as FinishedScore);
      bodies.sort((x, y) => order.get(x.benchmark_id)! - order.get(y.benchmark_id)! || (x.target < y.target ? -1 : 1));
      out.set(run.id, bodies);
      continue;
    }
    const scores = scoreRowsOf(await loadRunResults({ DB: d1 }, run)).map(finishedScore);
    out.set(run.id, scores);
    if (run.finishedAt === null) continue;
    writes.push(d1.prepare(`DELETE FROM run_score_cache WHERE run_id = ?1`).bind(run.id));
    for (const s of scores) {
      writes.push(
        d1
          .prepare(`INSERT OR REPLACE INTO run_score_cache (run_id, benchmark_id, target, computed_for, version, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`)
          .bind(run.id, s.benchmark_id, s.target, run.finishedAt, SCORES_VERSION, JSON.stringify(s)),
      );
    }
  }
  if (writes.length) await d1.batch(writes);
  return out;
}

export interface HistoryQuery {
  /** Only runs older than this run id (the cursor). */
  beforeId?: string;
  limit: number;
  benchmarkId?: string;
  /** Only targets calling this model. */
  model?: string;
}

/** One point of score history: a finished (benchmark, target) of a completed run. */
export interface HistoryPoint extends FinishedScore {
  run_id: string;
  run_display_name: string | null;
  finished_at: string | null;
  model: string | null;
}

/**
 * Score history: the project's completed runs, newest first (by id, i.e.
 * creation), `limit` runs a page, each giving one point per benchmark and
 * target that pass the filters. Returns the last run id of the page and
 * whether more runs follow.
 */
export async function historyPage(d1: D1Database, projectId: string, q: HistoryQuery): Promise<{ points: HistoryPoint[]; lastRunId: string | null; more: boolean }> {
  const db = openDb(d1);
  const where = [eq(evalRuns.projectId, projectId), eq(evalRuns.status, "completed")];
  if (q.beforeId) where.push(lt(evalRuns.id, q.beforeId));
  if (q.benchmarkId) where.push(sql`EXISTS (SELECT 1 FROM json_each(${evalRuns.benchmarkIds}) WHERE value = ${q.benchmarkId})`);
  if (q.model) {
    where.push(sql`(json_extract(${evalRuns.target}, '$.model') = ${q.model} OR json_extract(${evalRuns.compareTarget}, '$.model') = ${q.model})`);
  }
  const found = await db
    .select()
    .from(evalRuns)
    .where(and(...where))
    .orderBy(desc(evalRuns.id))
    .limit(q.limit + 1)
    .all();
  const runs = found.slice(0, q.limit);
  const scores = await finishedRunScores(d1, runs);
  const points: HistoryPoint[] = [];
  for (const run of runs) {
    for (const s of scores.get(run.id) ?? []) {
      const model = targetModel(slotTarget(run, s.target));
      if (q.benchmarkId && s.benchmark_id !== q.benchmarkId) continue;
      if (q.model && model !== q.model) continue;
      points.push({ ...s, run_id: run.id, run_display_name: run.displayName, finished_at: run.finishedAt, model });
    }
  }
  return { points, lastRunId: runs.at(-1)?.id ?? null, more: found.length > q.limit };
}

// ---------------------------------------------------------------- samples

export const SAMPLE_FILTERS = ["passed", "failed", "missing", "invalid"] as const;
export type SampleFilter = (typeof SAMPLE_FILTERS)[number];

/** passed: full credit (reward 1); failed: scored below full credit; missing: no reward; invalid: terminal without reward. */
const FILTER_SQL: Record<SampleFilter, string> = {
  passed: `reward = 1.0`,
  failed: `reward IS NOT NULL AND reward <> 1.0`,
  missing: `reward IS NULL`,
  invalid: `reward IS NULL AND ${TERMINAL_SQL}`,
};

/** Outputs in a sample page are cut to this many characters; the trial has the whole text. */
export const SAMPLE_OUTPUT_CHARS = 2000;

export interface SampleQuery {
  /** Only seqs after this one (the cursor); -1 from the start. */
  afterSeq: number;
  limit: number;
  benchmarkId?: string;
  target?: TargetSlot;
  filter?: SampleFilter;
}

/** One attempt slot as the samples list shows it; a slot without a row (open, or cancelled with its run) has no outcome. */
export interface SampleRow {
  seq: number;
  benchmark_id: string;
  target: TargetSlot;
  member_key: string;
  member_index: number;
  row_index: number;
  subset: string | null;
  attempt_index: number;
  status: string;
  reward: number | null;
  output: string | null;
  output_chars: number | null;
  reason: string | null;
  error: string | null;
}

/** The columns of a sample; the long ones only for rows `wanted` selects (a filtered walk reads many rows it skips). */
function sampleColumns(wanted = "1"): string {
  const long = (expr: string, as: string) => (wanted === "1" ? `${expr} AS ${as}` : `CASE WHEN ${wanted} THEN ${expr} END AS ${as}`);
  return `seq, benchmark_id, target, member_key, member_index, row_index, subset, attempt_index, status, reward,
    ${long(`substr(output, 1, ${SAMPLE_OUTPUT_CHARS})`, "output")}, ${long("length(output)", "output_chars")}, ${long("reason", "reason")}, ${long("error", "error")}`;
}

const TERMINAL = new Set(["succeeded", "failed", "cancelled", "timed_out"]);

function matches(filter: SampleFilter | undefined, r: Pick<SampleRow, "reward" | "status">): boolean {
  switch (filter) {
    case undefined:
      return true;
    case "passed":
      return r.reward === 1;
    case "failed":
      return r.reward !== null && r.reward !== 1;
    case "missing":
      return r.reward === null;
    case "invalid":
      return r.reward === null && TERMINAL.has(r.status);
  }
}

/** Seqs read per window when walking slots for open ones. */
const SAMPLE_WINDOW = 1000;

/**
 * A page of a run's attempt slots in seq order (benchmark, task, target,
 * attempt) after `afterSeq`, up to `limit` items, and whether more follow.
 * Every read is a primary-key range of the run. Once every slot of the
 * run has a row (completed or failed runs) the filter runs in SQL. While
 * the run is active or after a stop, slots without a row are open (or
 * cancelled) and are listed too, from the plan, so `missing` shows what
 * has not ended; the walk reads windows of seqs until the page is full.
 */
export async function samplePage(h: ResultHandles, run: EvalRunRow, plans: BenchmarkPlan[], q: SampleQuery): Promise<{ items: SampleRow[]; more: boolean }> {
  const d1 = h.DB;
  const scopes = plans
    .filter((p) => (!q.benchmarkId || p.benchmark_id === q.benchmarkId) && seqRange(p) !== null)
    .sort((x, y) => x.base_seq! - y.base_seq!);
  const rowsOnly = q.filter === "passed" || q.filter === "failed" || !["queued", "running", "cancelled"].includes(run.status);
  if (rowsOnly) {
    const conds = [`run_id = ?1`, `seq > ?2`];
    const binds: unknown[] = [run.id, q.afterSeq];
    if (q.benchmarkId) {
      const range = scopes[0] ? seqRange(scopes[0])! : [0, 0];
      binds.push(range[0], range[1]);
      conds.push(`seq >= ?3`, `seq < ?4`);
    }
    if (q.target) {
      binds.push(q.target);
      conds.push(`target = ?${binds.length}`);
    }
    if (q.filter) conds.push(FILTER_SQL[q.filter]);
    binds.push(q.limit + 1);
    const r = await d1
      .prepare(`SELECT ${sampleColumns()} FROM attempts WHERE ${conds.join(" AND ")} ORDER BY seq LIMIT ?${binds.length}`)
      .bind(...binds)
      .all<SampleRow>();
    return { items: r.results.slice(0, q.limit), more: r.results.length > q.limit };
  }

  const targets: 1 | 2 = run.compareTarget ? 2 : 1;
  const items: SampleRow[] = [];
  for (const p of scopes) {
    const [lo, hi] = seqRange(p)!;
    const k = p.k!;
    const cancelled = openSlotsCancelled(run, p);
    let members: PlanMember[] | null | undefined;
    let cur = Math.max(lo, q.afterSeq + 1);
    while (cur < hi && items.length <= q.limit) {
      const to = Math.min(hi, cur + (q.filter ? SAMPLE_WINDOW : (q.limit + 1 - items.length) * targets));
      const r = await d1
        .prepare(`SELECT ${sampleColumns(q.filter ? `(${FILTER_SQL[q.filter]})` : "1")} FROM attempts WHERE run_id = ?1 AND seq >= ?2 AND seq < ?3 ORDER BY seq`)
        .bind(run.id, cur, to)
        .all<SampleRow>();
      const bySeq = new Map(r.results.map((row) => [row.seq, row]));
      for (let seq = cur; seq < to && items.length <= q.limit; seq++) {
        const row = bySeq.get(seq);
        if (row) {
          if ((!q.target || row.target === q.target) && matches(q.filter, row)) items.push(row);
          continue;
        }
        const status = cancelled ? "cancelled" : seq < lo + p.planned_count ? "dispatched" : "pending";
        if (!matches(q.filter, { reward: null, status })) continue;
        if (members === undefined) members = await planMembers(h, run.id, p.benchmark_id);
        const slot = members && slotAt(members, { runId: run.id, benchmarkId: p.benchmark_id, base: lo, k, targets }, seq);
        if (!slot || (q.target && slot.target !== q.target)) continue;
        items.push({
          seq,
          benchmark_id: p.benchmark_id,
          target: slot.target,
          member_key: slot.memberKey,
          member_index: slot.memberIndex,
          row_index: slot.rowIndex,
          subset: slot.subset,
          attempt_index: slot.attemptIndex,
          status,
          reward: null,
          output: null,
          output_chars: null,
          reason: null,
          error: null,
        });
      }
      cur = to;
    }
    if (items.length > q.limit) break;
  }
  return { items: items.slice(0, q.limit), more: items.length > q.limit };
}

/**
 * An attempt slot that has no row yet, from the plan: open (dispatched or
 * pending), or cancelled with its run. Null when the seq is in no planned
 * benchmark or the plan cannot be read.
 */
export async function openSlot(h: ResultHandles, run: EvalRunRow, seq: number): Promise<{ slot: AttemptSlot; status: string } | null> {
  const plans = await readBenchmarkPlans(h.DB, run);
  const p = plans.find((b) => {
    const range = seqRange(b);
    return range !== null && seq >= range[0] && seq < range[1];
  });
  if (!p) return null;
  const members = await planMembers(h, run.id, p.benchmark_id);
  const slot = members && slotAt(members, { runId: run.id, benchmarkId: p.benchmark_id, base: p.base_seq!, k: p.k!, targets: run.compareTarget ? 2 : 1 }, seq);
  if (!slot) return null;
  return { slot, status: openSlotsCancelled(run, p) ? "cancelled" : seq < p.base_seq! + p.planned_count ? "dispatched" : "pending" };
}

// ---------------------------------------------------------------- tasks

/**
 * Member rows of tasks [from, from + limit) of a benchmark: seqs are laid
 * out member-major (src/execution/plan-layout.ts), so a run of tasks is one
 * seq range and the query reads only their attempts. Tasks without an
 * ended attempt come from the plan.
 */
export async function taskPage(
  h: ResultHandles,
  run: EvalRunRow,
  plan: BenchmarkPlan,
  q: { from: number; limit: number; target?: TargetSlot },
): Promise<{ rows: MemberRow[]; more: boolean }> {
  if (plan.base_seq === null || plan.k === null || plan.member_count === null) return { rows: [], more: false };
  const to = Math.min(plan.member_count, q.from + q.limit);
  if (q.from >= to) return { rows: [], more: false };
  const slots = q.target ? [q.target] : slotsOf(run);
  const per = slotsOf(run).length * plan.k;
  const r = await memberRowsStatement(h.DB, run.id, plan.base_seq + q.from * per, plan.base_seq + to * per, q.target).all<RawMember>();
  let rows = r.results.map(toMemberRow);
  const ended = rows.reduce((n, m) => n + m.rows, 0);
  if (ended < (to - q.from) * plan.k * slots.length) {
    const members = await planMembers(h, run.id, plan.benchmark_id);
    if (members) {
      const cancelled = openSlotsCancelled(run, plan);
      const k = plan.k;
      rows = slots.flatMap((slot) => completeWithPlan(rows.filter((m) => m.target === slot), members.slice(q.from, to), slot, k, cancelled, q.from));
    }
  }
  return { rows, more: to < plan.member_count };
}

// ---------------------------------------------------------------- usage

/** What a target's ended attempts consumed (per benchmark in /scores, per target in reports). */
export interface TargetUsage {
  target: TargetSlot;
  attempts: number;
  input_tokens: number;
  output_tokens: number;
  /** null when no attempt has a price. */
  cost: number | null;
  mean_latency_ms: number | null;
}

export interface BenchmarkUsage extends TargetUsage {
  benchmark_id: string;
  mean_input_tokens: number | null;
  mean_output_tokens: number | null;
  /** Mean time from an attempt's start to its verdict. */
  mean_wall_ms: number | null;
}

/**
 * Mean time per phase of ended attempts. Inline attempts boot and set up
 * instantly, so their time splits into the model call (`agent`) and what
 * follows it (`scoring`: scoring, a judge call, writing); an agent
 * attempt's time from dispatch to verdict is all `agent`.
 */
export function phasesOf(u: Pick<BenchmarkUsage, "mean_latency_ms" | "mean_wall_ms">): Record<string, number> | null {
  if (u.mean_wall_ms === null) return null;
  if (u.mean_latency_ms === null) return { agent: Math.round(u.mean_wall_ms) };
  return { agent: Math.round(u.mean_latency_ms), scoring: Math.max(0, Math.round(u.mean_wall_ms - u.mean_latency_ms)) };
}

/** Tokens, cost and latency per benchmark and target over the run's ended attempts: one primary-key range scan. */
export async function benchmarkUsage(d1: D1Database, runId: string): Promise<BenchmarkUsage[]> {
  const r = await d1
    .prepare(
      `SELECT benchmark_id, target, count(*) AS attempts, total(input_tokens) AS input_tokens, total(output_tokens) AS output_tokens,
         avg(input_tokens) AS mean_input_tokens, avg(output_tokens) AS mean_output_tokens, sum(cost) AS cost, avg(latency_ms) AS mean_latency_ms,
         avg((julianday(finished_at) - julianday(started_at)) * 86400000.0) AS mean_wall_ms
       FROM attempts WHERE run_id = ?1 GROUP BY benchmark_id, target ORDER BY benchmark_id, target`,
    )
    .bind(runId)
    .all<BenchmarkUsage>();
  return r.results;
}

/** The same, folded per target (latency weighted by attempts). */
export async function runUsage(d1: D1Database, runId: string): Promise<TargetUsage[]> {
  const byTarget = new Map<TargetSlot, TargetUsage & { latencyWeight: number }>();
  for (const u of await benchmarkUsage(d1, runId)) {
    const t = byTarget.get(u.target) ?? { target: u.target, attempts: 0, input_tokens: 0, output_tokens: 0, cost: null, mean_latency_ms: null, latencyWeight: 0 };
    t.attempts += u.attempts;
    t.input_tokens += u.input_tokens;
    t.output_tokens += u.output_tokens;
    if (u.cost !== null) t.cost = (t.cost ?? 0) + u.cost;
    if (u.mean_latency_ms !== null) {
      t.mean_latency_ms = ((t.mean_latency_ms ?? 0) * t.latencyWeight + u.mean_latency_ms * u.attempts) / (t.latencyWeight + u.attempts);
      t.latencyWeight += u.attempts;
    }
    byTarget.set(u.target, t);
  }
  return [...byTarget.values()].map(({ latencyWeight: _, ...t }) => t);
}
