/**
 * What results know of a run's benchmarks before reading an attempt: the
 * plan of each from run_benchmarks (status, k, members, where its attempts
 * lie in seq), its members from the plan in R2, and the run's target slots
 * and missing policy.
 */
import type { RunOptions } from "../../domain/run-options";
import type { StoredTarget } from "../../domain/run-target";
import type { PlanMember } from "../../execution/plan-layout";
import type { MissingPolicy } from "../../metrics";
import type { BenchmarkFacts, TargetSlot } from "../../reports/member-rows";
import { readPlan } from "../../storage/run-plans";
import type { EvalRunRow } from "../schema";

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
