/**
 * A started run as the engine executes it, loaded once per isolate and
 * reused: its row, options, planned benchmarks, the benchmarks and the
 * dataset revisions they planned on (a run's configuration is frozen once
 * it starts), and which attempt a seq is in its plan. The inline path
 * (workers/queue/run-context.ts: model clients, judge, sandbox) and the
 * agent path (workers/agent/context.ts: runner targets, signing
 * secrets, live shards) each add their part through the same cache.
 * I/O: D1 and R2 through the handles passed in; the clock given.
 */
import type { AttemptSlot } from "../db/attempts";
import { getBenchmarks } from "../db/benchmarks";
import type { Db } from "../db/client";
import { getRevisions } from "../db/datasets";
import { getRunById } from "../db/eval-runs";
import { listRunBenchmarks } from "../db/run-benchmarks";
import type { BenchmarkRow, DatasetRevisionRow, EvalRunRow, RunBenchmarkRow } from "../db/schema";
import type { RunOptions } from "../domain/run-options";
import { benchmarkOf, slotAt } from "../execution/plan-layout";
import { readPlan } from "../storage/run-plans";

export interface RunPlan {
  run: EvalRunRow;
  options: RunOptions;
  runBenchmarks: Map<string, RunBenchmarkRow>;
  benchmarks: Map<string, BenchmarkRow>;
  revisions: Map<string, DatasetRevisionRow>;
}

/** The run's row and plan from D1; null when the run does not exist. */
export async function loadRunPlan(db: Db, runId: string): Promise<RunPlan | null> {
  // Two round trips, not four: each pair needs only what the one before it read.
  const [run, rbs] = await Promise.all([getRunById(db, runId), listRunBenchmarks(db, runId)]);
  if (!run) return null;
  const [bms, revs] = await Promise.all([
    getBenchmarks(db, run.benchmarkIds),
    getRevisions(db, rbs.map((rb) => rb.datasetRevisionId).filter((id): id is string => !!id)),
  ]);
  return {
    run,
    options: run.options as RunOptions,
    runBenchmarks: new Map(rbs.map((rb) => [rb.benchmarkId, rb])),
    benchmarks: new Map(bms.map((b) => [b.id, b])),
    revisions: new Map(revs.map((r) => [r.id, r])),
  };
}

/** How long a loaded context is reused before it is read again. */
export const CONTEXT_TTL_MS = 60_000;
/** Contexts one isolate keeps (the least recently read go first); each is a run's rows and plan, a few KB to a few hundred. */
export const CONTEXTS_KEPT = 32;

/**
 * Loaded contexts of one kind, shared by the isolate's invocations. A load
 * in flight is never shared: it is the I/O of the request that started it,
 * and a request awaiting another request's load can be cancelled by workerd
 * as hanging (then fail with "Cannot perform I/O on behalf of a different
 * request"). So only resolved contexts are kept.
 */
export class RunContextCache<C extends RunPlan> {
  private readonly entries = new Map<string, { at: number; ctx: C }>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = CONTEXT_TTL_MS,
  ) {}

  /**
   * The run's context; `load` (with the calling request's bindings) reads it
   * again when it is stale or predates the planning of a benchmark holding
   * one of `seqs`.
   */
  async get(runId: string, seqs: readonly number[], load: () => Promise<C | null>): Promise<C | null> {
    const hit = this.entries.get(runId);
    if (hit && this.clock() - hit.at < this.ttlMs && seqs.every((seq) => benchmarkOf(hit.ctx.runBenchmarks.values(), seq))) {
      this.entries.delete(runId);
      this.entries.set(runId, hit); // most recently read last
      return hit.ctx;
    }
    const at = this.clock();
    const ctx = await load();
    this.entries.delete(runId);
    if (ctx) {
      if (this.entries.size >= CONTEXTS_KEPT) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(runId, { at, ctx });
    }
    return ctx;
  }
}

/** Who the attempt at `seq` is, from the run's plan in R2; undefined if no planned benchmark of the run holds it. */
export async function slotOf(artifacts: R2Bucket, ctx: RunPlan, seq: number): Promise<AttemptSlot | undefined> {
  const rb = benchmarkOf(ctx.runBenchmarks.values(), seq);
  if (!rb || rb.baseSeq === null) return undefined;
  const members = await readPlan(artifacts, ctx.run.id, rb.benchmarkId);
  const targets = ctx.run.compareTarget ? 2 : 1;
  return slotAt(members, { runId: ctx.run.id, benchmarkId: rb.benchmarkId, base: rb.baseSeq, k: rb.k ?? 1, targets }, seq);
}
