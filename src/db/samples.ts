/** Pages of a run's samples and tasks: ended attempts from D1, open ones from the run's plan. */
import { slotAt, type PlanMember } from "../execution/plan-layout";
import { completeWithPlan } from "../reports/plan-rows";
import type { MemberRow, TargetSlot } from "../reports/member-rows";
import { followOutputs } from "../storage/attempt-outputs";
import type { AttemptSlot } from "./attempts";
import type { EvalRunRow } from "./schema";
import { memberTallyStatement, type MemberTallyRow } from "./member-tally";
import { type BenchmarkPlan, type ResultHandles, openSlotsCancelled, planMembers, readBenchmarkPlans, seqRange, slotsOf } from "./results/plans";
import { toMemberRow } from "./results/load";
import { ENDED_ATTEMPT_SQL, ENDED_ATTEMPT_STATUSES } from "./status-predicates";

export const SAMPLE_FILTERS = ["passed", "failed", "missing", "invalid"] as const;
export type SampleFilter = (typeof SAMPLE_FILTERS)[number];

/** passed: full credit (reward 1); failed: scored below full credit; missing: no reward; invalid: terminal without reward. */
const FILTER_SQL: Record<SampleFilter, string> = {
  passed: `reward = 1.0`,
  failed: `reward IS NOT NULL AND reward <> 1.0`,
  missing: `reward IS NULL`,
  invalid: `reward IS NULL AND ${ENDED_ATTEMPT_SQL}`,
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
  /** Where a long output lives (src/storage/attempt-outputs.ts); samplePage follows it, so `output` is what a reader sees. */
  output_key?: string | null;
  reason: string | null;
  error: string | null;
  /** Model time of the attempt in milliseconds (null while open or when none was measured). */
  latency_ms: number | null;
  /** Tokens the target reported for the attempt (null while open or when it reported none). */
  input_tokens: number | null;
  output_tokens: number | null;
  /** When the attempt was dispatched to its target (null while open). */
  started_at: string | null;
  /** When the attempt ended (null while open). */
  finished_at: string | null;
  /** 1 when its reply came from the response cache, not a model call (null otherwise). */
  cached: number | null;
  /** The target's replies where Assay counted them (migration 0046); null when not counted or open. */
  turns: number | null;
}

/** The columns of a sample; the long ones only for rows `wanted` selects (a filtered walk reads many rows it skips). */
function sampleColumns(wanted = "1"): string {
  const long = (expr: string, as: string) => (wanted === "1" ? `${expr} AS ${as}` : `CASE WHEN ${wanted} THEN ${expr} END AS ${as}`);
  return `seq, benchmark_id, target, member_key, member_index, row_index, subset, attempt_index, status, reward, latency_ms, input_tokens, output_tokens, started_at, finished_at, cached, turns,
    ${long(`substr(output, 1, ${SAMPLE_OUTPUT_CHARS})`, "output")}, ${long("length(output)", "output_chars")}, ${long("output_key", "output_key")}, ${long("reason", "reason")}, ${long("error", "error")}`;
}

const TERMINAL = new Set<string>(ENDED_ATTEMPT_STATUSES);

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
    return { items: await withOutputs(h, r.results.slice(0, q.limit)), more: r.results.length > q.limit };
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
          latency_ms: null,
          input_tokens: null,
          output_tokens: null,
          started_at: null,
          finished_at: null,
          cached: null,
          turns: null,
        });
      }
      cur = to;
    }
    if (items.length > q.limit) break;
  }
  return { items: await withOutputs(h, items.slice(0, q.limit)), more: items.length > q.limit };
}

/** Long outputs read back from R2, cut as the page cuts the rest (without the bucket they stay null). */
function withOutputs(h: ResultHandles, rows: SampleRow[]): Promise<SampleRow[]> {
  return h.ARTIFACTS ? followOutputs(h.ARTIFACTS, rows, SAMPLE_OUTPUT_CHARS) : Promise.resolve(rows);
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
  const r = await memberTallyStatement(h.DB, run.id, plan.base_seq + q.from * per, plan.base_seq + to * per, q.target).all<MemberTallyRow>();
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
