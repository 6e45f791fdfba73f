/**
 * What dispatching an agent run's attempts needs, loaded once per isolate
 * and run: the run, its options, its targets with their profile params and
 * secrets (in clear, for the dispatch body and for scrubbing), its planned
 * benchmarks and dataset revisions; and where an attempt's seq sits in the
 * plan. Reads D1 and R2 and the isolate's clock (for the cache).
 */
import { eq, inArray } from "drizzle-orm";
import type { AttemptSlot } from "../../src/db/attempts";
import { openDb } from "../../src/db/client";
import { findProfileByRef, resolveProfileSecrets } from "../../src/db/profiles";
import { listRunBenchmarks } from "../../src/db/run-benchmarks";
import { benchmarks, datasetRevisions, evalRuns, type BenchmarkRow, type DatasetRevisionRow, type EvalRunRow, type RunBenchmarkRow } from "../../src/db/schema";
import type { RunOptions } from "../../src/domain/run-options";
import type { StoredAgentTarget } from "../../src/domain/run-target";
import { benchmarkOf, slotAt } from "../../src/execution/plan-layout";
import { MIN_SIGNING_SECRET_CHARS, SIGNING_SECRET_PARAM } from "../../src/runner/signing";
import { readPlan } from "../../src/storage/run-plans";
import { shardsFor } from "../durable/live-client";
import { readConfig, type Env } from "../env";
import { maxConcurrency } from "../../src/execution/concurrency-band";

export interface AgentTarget {
  config: StoredAgentTarget;
  /** Profile params under the target's params. */
  params: Record<string, unknown>;
  /** Profile secrets in clear, the signing secret excepted. */
  secrets: Record<string, string>;
  signingSecret: string | undefined;
  /** Why this target cannot be dispatched to, if it cannot. */
  problem: string | null;
}

export interface AgentContext {
  run: EvalRunRow;
  options: RunOptions;
  shards: number;
  targets: { a: AgentTarget; b: AgentTarget | null };
  /** Every secret value of the run, for scrubbing. */
  secretValues: string[];
  runBenchmarks: Map<string, RunBenchmarkRow>;
  benchmarks: Map<string, BenchmarkRow>;
  revisions: Map<string, DatasetRevisionRow>;
}

const kinds = new Map<string, boolean>();
const KINDS_MAX = 1_000;

/** Whether a run's target is an agent (a run's targets are frozen once it starts, so this is cached). */
export async function isAgentRun(env: Env, runId: string): Promise<boolean> {
  const hit = kinds.get(runId);
  if (hit !== undefined) return hit;
  const row = await env.DB.prepare(`SELECT target, compare_target FROM eval_runs WHERE id = ?1`).bind(runId).first<{ target: string; compare_target: string | null }>();
  if (!row) return false;
  const kind = (t: string | null) => (t ? (JSON.parse(t) as { kind?: string }).kind : undefined);
  const agent = kind(row.target) === "agent" || kind(row.compare_target) === "agent";
  if (kinds.size >= KINDS_MAX) kinds.delete(kinds.keys().next().value!);
  kinds.set(runId, agent);
  return agent;
}

async function agentTarget(env: Env, secretKey: string, run: EvalRunRow, stored: StoredAgentTarget): Promise<AgentTarget> {
  const db = openDb(env.DB);
  const profile = await findProfileByRef(db, run.projectId, stored.profile);
  if (!profile) return { config: stored, params: {}, secrets: {}, signingSecret: undefined, problem: `the profile ${stored.profile} no longer exists` };
  const { [SIGNING_SECRET_PARAM]: signingSecret, ...secrets } = await resolveProfileSecrets(secretKey, profile);
  const problem =
    !signingSecret || signingSecret.length < MIN_SIGNING_SECRET_CHARS
      ? `the profile ${stored.profile} needs a secret parameter '${SIGNING_SECRET_PARAM}' (at least ${MIN_SIGNING_SECRET_CHARS} characters) shared with the runner, which verifies Assay's signature with it`
      : null;
  return { config: stored, params: { ...profile.params, ...stored.params }, secrets, signingSecret, problem };
}

const TTL_MS = 60_000;
const contexts = new Map<string, { at: number; ctx: Promise<AgentContext | null> }>();

async function load(env: Env, runId: string): Promise<AgentContext | null> {
  const db = openDb(env.DB);
  const run = await db.select().from(evalRuns).where(eq(evalRuns.id, runId)).get();
  if (!run) return null;
  const secretKey = readConfig(env).secretKey;
  const options = run.options as RunOptions;
  const a = run.target as unknown as StoredAgentTarget;
  const b = run.compareTarget as unknown as StoredAgentTarget | null;
  const targets = {
    a: await agentTarget(env, secretKey, run, a),
    b: b ? await agentTarget(env, secretKey, run, b) : null,
  };
  for (const t of [targets.a, targets.b]) {
    if (t && t.config.kind !== "agent") t.problem = "an agent and a model target cannot be compared in one run";
  }
  const rbs = await listRunBenchmarks(db, runId);
  const bms = run.benchmarkIds.length ? await db.select().from(benchmarks).where(inArray(benchmarks.id, run.benchmarkIds)).all() : [];
  const revIds = rbs.map((rb) => rb.datasetRevisionId).filter((id): id is string => !!id);
  const revs = revIds.length ? await db.select().from(datasetRevisions).where(inArray(datasetRevisions.id, revIds)).all() : [];
  const secretValues = [targets.a, targets.b].flatMap((t) => (t ? [...Object.values(t.secrets), t.signingSecret ?? ""] : [])).filter((s) => s.length >= 4);
  return {
    run,
    options,
    shards: shardsFor(env, maxConcurrency(options.concurrency)),
    targets,
    secretValues,
    runBenchmarks: new Map(rbs.map((rb) => [rb.benchmarkId, rb])),
    benchmarks: new Map(bms.map((bm) => [bm.id, bm])),
    revisions: new Map(revs.map((r) => [r.id, r])),
  };
}

/** The run's agent context, cached per isolate; reloaded when stale or missing a benchmark planned since. */
export async function agentContext(env: Env, runId: string, seqs: number[] = []): Promise<AgentContext | null> {
  const hit = contexts.get(runId);
  if (hit && Date.now() - hit.at < TTL_MS) {
    const ctx = await hit.ctx;
    if (ctx && seqs.every((s) => benchmarkOf(ctx.runBenchmarks.values(), s))) return ctx;
  }
  const ctx = load(env, runId);
  contexts.set(runId, { at: Date.now(), ctx });
  ctx.catch(() => contexts.delete(runId));
  return ctx;
}

/** The planned slot at `seq` of the run, or undefined when its benchmark is not (or no longer) planned. */
export async function slotOf(env: Env, ctx: AgentContext, seq: number): Promise<AttemptSlot | undefined> {
  const rb = benchmarkOf(ctx.runBenchmarks.values(), seq);
  if (!rb || rb.baseSeq === null) return undefined;
  const members = await readPlan(env.ARTIFACTS, ctx.run.id, rb.benchmarkId);
  return slotAt(members, { runId: ctx.run.id, benchmarkId: rb.benchmarkId, base: rb.baseSeq, k: rb.k ?? 1, targets: ctx.targets.b ? 2 : 1 }, seq);
}
