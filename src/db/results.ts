/**
 * Results in D1: per-member counts of a run's attempts, the previous
 * comparable run, and the scores built from them (score history, samples
 * and usage live in score-history.ts, samples.ts and run-usage.ts). Every read of `attempts` is a range of
 * its primary key (`run_id = ? AND seq` between a benchmark's bounds), so
 * it reads the run's own rows and nothing else: attempts has no other
 * index and must not get one (each would cost a D1 write per attempt).
 * The metrics themselves are computed by src/metrics from these counts.
 */
import { eq } from "drizzle-orm";
import type { RunOptions } from "../domain/run-options";
import { type PlanMember } from "../execution/plan-layout";
import type { StoredTarget } from "../domain/run-target";
import type { MissingPolicy } from "../metrics";
import { targetIdentity, targetLabel } from "../reports/run-info";
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
import { openDb } from "./client";
import { memberTallyStatement, type MemberTallyRow } from "./member-tally";
import { benchmarkUsage, phasesOf } from "./run-usage";
import { runDimensions } from "./run-dimensions";
import { DIMENSION_SCORERS } from "../scorers/registry";
import { evalRuns, type EvalRunRow } from "./schema";

export type { RunScores } from "../reports/scores";

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
  error_counts: string | null;
  target_outcomes: string | null;
  recorded: string | null;
}

/** The run's benchmarks in its order; one not planned yet is `pending` with nothing known. */
export async function readBenchmarkPlans(d1: D1Database, run: Pick<EvalRunRow, "id" | "benchmarkIds">): Promise<BenchmarkPlan[]> {
  const [plans, names] = await d1.batch([
    d1
      .prepare(
        `SELECT benchmark_id, status, error, k, member_count, base_seq, attempt_count, planned_count, dataset_digest,
           dataset_revision_id, json_extract(scoring, '$.type') AS scorer, error_counts, target_outcomes, recorded
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
      error_counts: p?.error_counts ? (JSON.parse(p.error_counts) as Record<string, number>) : null,
      targets: p?.target_outcomes ? (JSON.parse(p.target_outcomes) as BenchmarkFacts["targets"]) : null,
      recorded: p?.recorded ? (JSON.parse(p.recorded) as BenchmarkFacts["recorded"]) : null,
    };
  });
}

/** A tally row as results count a member. */
export function toMemberRow(r: MemberTallyRow): MemberRow {
  return {
    target: r.target,
    member_index: r.member_index,
    member_key: r.member_key,
    subset: r.subset,
    rows: r.attempts,
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
 * one tally query (src/db/member-tally.ts) per benchmark, in one batch. When some
 * attempt slot has no row yet (the run is active or was stopped), the
 * benchmark's plan fills in the members that have none.
 */
export async function loadRunResults(h: ResultHandles, run: EvalRunRow): Promise<LoadedRun> {
  const d1 = h.DB;
  const benchmarks = await readBenchmarkPlans(d1, run);
  const ranged = benchmarks.flatMap((b) => {
    const range = seqRange(b);
    return range ? [{ plan: b, stmt: memberTallyStatement(d1, run.id, range[0], range[1]) }] : [];
  });
  const results = ranged.length ? await d1.batch(ranged.map((r) => r.stmt)) : [];
  const rows = new Map<string, MemberRow[]>();
  let rowsRead = 0;
  const slots = slotsOf(run);
  await Promise.all(
    ranged.map(async (r, i) => {
      const res = results[i]!;
      rowsRead += res.meta.rows_read ?? 0;
      let members = (res.results as MemberTallyRow[]).map(toMemberRow);
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
  return `(CASE ${f("kind")} WHEN 'agent' THEN 'agent|' || ${f("runner_url")} || '|' || ${f("profile")} WHEN 'outputs' THEN 'outputs|' || ${f("dataset")} || '|' || ${f("output_column")} ELSE 'model|' || ${f("base_url")} || '|' || ${f("model")} END)`;
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
      const prevRows = await memberTallyStatement(d1, p.id, p.base_seq, p.base_seq + p.attempt_count, found.slot).all<MemberTallyRow>();
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
      row.previous.target = found.slot;
    }),
  );
}

/**
 * A re-score's rows beside its source run's: the same (benchmark, target)
 * of the source, compared as an A/B is (paired test per task, source = A,
 * this run = B) by the previous-run comparison's rule.
 */
async function attachSource(d1: D1Database, loaded: LoadedRun, rows: ScoreRow[]): Promise<void> {
  const sourceId = loaded.run.sourceRunId;
  if (!sourceId) return;
  const src = await d1
    .prepare(
      `SELECT r.id, r.display_name, r.finished_at, r.options, rb.benchmark_id, rb.k, rb.member_count, rb.base_seq, rb.attempt_count, rb.dataset_digest,
         json_extract(rb.scoring, '$.type') AS scorer
       FROM eval_runs r JOIN run_benchmarks rb ON rb.run_id = r.id
       WHERE r.id = ?1 AND r.project_id = ?2 AND rb.k IS NOT NULL AND rb.base_seq IS NOT NULL AND rb.attempt_count IS NOT NULL`,
    )
    .bind(sourceId, loaded.run.projectId)
    .all<Omit<RawPrevious, "match_a" | "match_b"> & { benchmark_id: string }>();
  await Promise.all(
    rows.map(async (row) => {
      const p = src.results.find((s) => s.benchmark_id === row.benchmark_id);
      if (!p || row.score_counts === null) return;
      const srcRows = await memberTallyStatement(d1, p.id, p.base_seq, p.base_seq + p.attempt_count, row.target).all<MemberTallyRow>();
      row.source = previousScore(row, rowsFor(loaded, row.benchmark_id, row.target), {
        run_id: p.id,
        display_name: p.display_name,
        finished_at: p.finished_at,
        facts: { benchmark_id: row.benchmark_id, name: row.benchmark_name, status: "completed", error: null, k: p.k, member_count: p.member_count, dataset_digest: p.dataset_digest, planning_complete: true, scorer: p.scorer },
        rows: srcRows.results.map(toMemberRow),
        policy: (JSON.parse(p.options) as Partial<RunOptions>).missing_policy ?? "unknown",
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
  const structured = loaded.benchmarks.filter((b) => b.scorer !== null && DIMENSION_SCORERS.has(b.scorer)).map((b) => b.benchmark_id);
  const [usage, , dims] = await Promise.all([
    benchmarkUsage(d1, loaded.run.id),
    attachPrevious(d1, loaded, scores),
    runDimensions(d1, loaded.run.id, structured),
    attachSource(d1, loaded, scores),
  ]);
  for (const row of scores) {
    const u = usage.find((x) => x.benchmark_id === row.benchmark_id && x.target === row.target);
    row.usage = u ? { attempts: u.attempts, mean_input_tokens: u.mean_input_tokens, mean_output_tokens: u.mean_output_tokens, mean_latency_ms: u.mean_latency_ms, total_cost: u.cost } : null;
    row.phases = u ? phasesOf(u) : null;
    if (structured.includes(row.benchmark_id)) row.dimensions = dims.find((x) => x.benchmark_id === row.benchmark_id && x.target === row.target)?.dimensions ?? null;
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
