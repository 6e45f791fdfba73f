/**
 * A run's results read from D1: its benchmarks' plans and the per-member
 * tallies of all its attempts (src/db/member-tally.ts), completed with the
 * plan in R2 for members with no ended attempt. Every read of `attempts` is
 * a range of its primary key (`run_id = ? AND seq` between a benchmark's
 * bounds), so it reads the run's own rows and nothing else.
 */
import type { MissingPolicy } from "../../metrics";
import type { MemberRow, TargetSlot } from "../../reports/member-rows";
import { completeWithPlan } from "../../reports/plan-rows";
import { memberTallyStatement, type MemberTallyRow } from "../member-tally";
import type { EvalRunRow } from "../schema";
import { ACTIVE_STATUSES, type RunStatus } from "../../domain/run-state";
import { liveMemberTallies } from "./sealed-blocks";
import { openSlotsCancelled, planMembers, policyOf, readBenchmarkPlans, seqRange, slotsOf, type BenchmarkPlan, type ResultHandles } from "./plans";

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

/**
 * Reads a run's benchmarks and the per-member counts of all its attempts:
 * one tally query (src/db/member-tally.ts) per benchmark, in one batch. When some
 * attempt slot has no row yet (the run is active or was stopped), the
 * benchmark's plan fills in the members that have none. With `only`, member
 * rows are read for those benchmarks alone (every plan is still listed):
 * a view of one benchmark holds that benchmark's members in memory, not the run's.
 */
export async function loadRunResults(h: ResultHandles, run: EvalRunRow, only?: readonly string[]): Promise<LoadedRun> {
  const d1 = h.DB;
  const benchmarks = await readBenchmarkPlans(d1, run);
  const ranged = benchmarks.filter((b) => seqRange(b) !== null && (!only || only.includes(b.benchmark_id)));
  const tallies = await memberTallies(d1, run, ranged);
  const rows = new Map<string, MemberRow[]>();
  const slots = slotsOf(run);
  await Promise.all(
    ranged.map(async (b, i) => {
      let members = tallies.rows[i]!.map(toMemberRow);
      const { k, member_count: count } = b;
      const ended = members.reduce((n, m) => n + m.rows, 0);
      if (k !== null && count !== null && ended < count * k * slots.length) {
        const plan = await planMembers(h, run.id, b.benchmark_id);
        if (plan) {
          const cancelled = openSlotsCancelled(run, b);
          members = slots.flatMap((slot) => completeWithPlan(members.filter((m) => m.target === slot), plan, slot, k, cancelled));
        }
      }
      rows.set(b.benchmark_id, members);
    }),
  );
  return { run, policy: policyOf(run), targets: run.compareTarget ? 2 : 1, benchmarks, rows, rows_read: tallies.rows_read };
}

/**
 * The member tallies of each ranged benchmark: one tally query per
 * benchmark in one batch, or, while the run executes, the sealed blocks'
 * (src/db/results/sealed-blocks.ts: a call reads only the blocks still
 * filling instead of every attempt ended so far).
 */
async function memberTallies(d1: D1Database, run: EvalRunRow, ranged: BenchmarkPlan[]): Promise<{ rows: MemberTallyRow[][]; rows_read: number }> {
  if (!ranged.length) return { rows: [], rows_read: 0 };
  if (ACTIVE_STATUSES.includes(run.status as RunStatus)) {
    const live = await liveMemberTallies(d1, run);
    return { rows: ranged.map((b) => live.byBenchmark.get(b.benchmark_id) ?? []), rows_read: live.rows_read };
  }
  const results = await d1.batch<MemberTallyRow>(ranged.map((b) => memberTallyStatement(d1, run.id, ...seqRange(b)!)));
  return { rows: results.map((r) => r.results), rows_read: results.reduce((n, r) => n + (r.meta.rows_read ?? 0), 0) };
}

/** Member rows of one benchmark and target of a loaded run. */
export function rowsFor(loaded: LoadedRun, benchmarkId: string, slot: TargetSlot): MemberRow[] {
  return (loaded.rows.get(benchmarkId) ?? []).filter((r) => r.target === slot);
}
