/**
 * Everything the consumer needs to execute a run's attempts, loaded once per
 * isolate and reused across batches: a run's configuration is frozen once it
 * starts. Only its status is read fresh for every batch.
 */
import { eq, inArray } from "drizzle-orm";
import { openDb } from "../../src/db/client";
import { readRunSecrets } from "../../src/db/eval-runs";
import { listRunBenchmarks } from "../../src/db/run-benchmarks";
import { benchmarks, datasetRevisions, evalRuns, type BenchmarkRow, type DatasetRevisionRow, type EvalRunRow, type RunBenchmarkRow } from "../../src/db/schema";
import type { RunOptions } from "../../src/domain/run-options";
import type { RunSecrets, StoredJudge, StoredModelTarget, StoredTarget } from "../../src/domain/run-target";
import { createProvider, makeJudge, type ModelProvider } from "../../src/providers";
import type { Judge } from "../../src/scorers/types";
import type { Execute } from "../../src/scorers/execution";
import { sandboxClient, sandboxSettings } from "../sandbox/client";
import type { AttemptSlot } from "../../src/db/attempts";
import { benchmarkOf, slotAt } from "../../src/execution/plan-layout";
import { readPlan } from "../../src/storage/run-plans";
import { readConfig, type Env } from "../env";
import { recordedSource, type RecordedSource } from "./recorded-replies";

export interface TargetRuntime {
  config: StoredModelTarget;
  provider: ModelProvider;
  /** Set when the slot's outputs are recorded (an outputs target, a re-score): attempts take them instead of calling the model. */
  recorded?: RecordedSource;
}

export interface RunContext {
  run: EvalRunRow;
  options: RunOptions;
  /** Keys, for scrubbing them out of anything stored. */
  secretValues: string[];
  targets: { a: TargetRuntime; b: TargetRuntime | null };
  judge: Judge | undefined;
  /** Executes code benchmarks' programs in the sandbox; undefined when the deployment has none (ASSAY_SANDBOX_URL). */
  execute: Execute | undefined;
  runBenchmarks: Map<string, RunBenchmarkRow>;
  benchmarks: Map<string, BenchmarkRow>;
  revisions: Map<string, DatasetRevisionRow>;
}

const TTL_MS = 60_000;
/**
 * Loaded contexts, shared by the isolate's invocations. A load in flight is
 * never shared: it is the I/O of the request that started it, and a request
 * awaiting another request's load can be cancelled by workerd as hanging
 * (then fail with "Cannot perform I/O on behalf of a different request").
 */
const cache = new Map<string, { at: number; ctx: RunContext }>();

/** A target's runtime; its model client is made on first use, so an agent target (no model endpoint) never makes one. */
function target(stored: unknown, key: string | undefined, recorded: RecordedSource | undefined): TargetRuntime {
  const config = stored as StoredModelTarget;
  let provider: ModelProvider | undefined;
  return {
    config,
    ...(recorded && { recorded }),
    get provider() {
      return (provider ??= createProvider({ provider: config.provider, base_url: config.base_url, api_key: key }));
    },
  };
}

async function load(env: Env, runId: string): Promise<RunContext | null> {
  const db = openDb(env.DB);
  const run = await db.select().from(evalRuns).where(eq(evalRuns.id, runId)).get();
  if (!run) return null;
  const secrets: RunSecrets = await readRunSecrets(readConfig(env).secretKey, run);
  const options = run.options as RunOptions;
  const rbs = await listRunBenchmarks(db, runId);
  const bms = run.benchmarkIds.length ? await db.select().from(benchmarks).where(inArray(benchmarks.id, run.benchmarkIds)).all() : [];
  const revIds = rbs.map((rb) => rb.datasetRevisionId).filter((id): id is string => !!id);
  const revs = revIds.length ? await db.select().from(datasetRevisions).where(inArray(datasetRevisions.id, revIds)).all() : [];
  const judgeConfig = run.judge as StoredJudge | null;
  const sandbox = sandboxSettings(env);
  const judgeProvider = judgeConfig && createProvider({ provider: judgeConfig.provider, base_url: judgeConfig.base_url, api_key: secrets.judge });
  const judgeCall = judgeProvider && judgeConfig && makeJudge(judgeProvider, { model: judgeConfig.model, timeout_ms: options.timeout_s * 1000 });
  return {
    run,
    options,
    secretValues: [secrets.target, secrets.compare_target, secrets.judge].filter((s): s is string => !!s),
    targets: {
      a: target(run.target, secrets.target, recordedSource(env, run, "a", run.target as StoredTarget)),
      b: run.compareTarget ? target(run.compareTarget, secrets.compare_target, recordedSource(env, run, "b", run.compareTarget as StoredTarget)) : null,
    },
    judge: judgeCall ? async (messages) => ({ text: (await judgeCall(messages)).text }) : undefined,
    execute: sandbox ? sandboxClient(sandbox) : undefined,
    runBenchmarks: new Map(rbs.map((rb) => [rb.benchmarkId, rb])),
    benchmarks: new Map(bms.map((b) => [b.id, b])),
    revisions: new Map(revs.map((r) => [r.id, r])),
  };
}

/**
 * The run's context; reloaded when stale or when it predates the planning of
 * a benchmark whose attempts this batch holds.
 */
export async function runContext(env: Env, runId: string, seqs: number[]): Promise<RunContext | null> {
  const hit = cache.get(runId);
  if (hit && Date.now() - hit.at < TTL_MS && seqs.every((seq) => benchmarkOf(hit.ctx.runBenchmarks.values(), seq))) return hit.ctx;
  const at = Date.now();
  const ctx = await load(env, runId);
  if (ctx) cache.set(runId, { at, ctx });
  else cache.delete(runId);
  return ctx;
}

/** Who the attempt at `seq` is, from the run's plan; undefined if no benchmark of the run holds it. */
export async function slotFor(env: Env, ctx: RunContext, seq: number): Promise<AttemptSlot | undefined> {
  const rb = benchmarkOf(ctx.runBenchmarks.values(), seq);
  if (!rb || rb.baseSeq === null) return undefined;
  const members = await readPlan(env.ARTIFACTS, ctx.run.id, rb.benchmarkId);
  const targets = ctx.targets.b ? 2 : 1;
  return slotAt(members, { runId: ctx.run.id, benchmarkId: rb.benchmarkId, base: rb.baseSeq, k: rb.k ?? 1, targets }, seq);
}
