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
