/**
 * Everything the consumer needs to execute a run's inline attempts: the
 * run's plan (src/lifecycle/run-context.ts, loaded once per isolate and
 * reused across batches: a run's configuration is frozen once it starts)
 * with its targets' and judge's endpoints and keys, and where recorded
 * outputs come from. Model clients are made per connection by the
 * invocation (workers/queue/attempt-ports.ts), never kept here. Only the
 * run's status is read fresh for every batch. I/O: D1 and R2 through the
 * bindings passed in.
 */
import { openDb } from "../../src/db/client";
import { readRunSecrets } from "../../src/db/eval-runs";
import type { RunSecrets, StoredJudge, StoredModelTarget, StoredTarget, StoredUserModel } from "../../src/domain/run-target";
import type { Endpoint } from "../../src/execution/model-port";
import { loadRunPlan, RunContextCache, type RunPlan } from "../../src/lifecycle/run-context";
import { recordedSource, type RecordedSource } from "./recorded-replies";

export interface TargetRuntime {
  config: StoredModelTarget;
  /** The target's key, decrypted. */
  key: string | undefined;
  /** Set when the slot's outputs are recorded (an outputs target, a re-score): attempts take them instead of calling the model. */
  recorded?: RecordedSource;
}

export interface JudgeRuntime {
  endpoint: Endpoint;
  key: string | undefined;
}

export interface RunContext extends RunPlan {
  /** Keys, for scrubbing them out of anything stored. */
  secretValues: string[];
  targets: { a: TargetRuntime; b: TargetRuntime | null };
  judge: JudgeRuntime | null;
  /** The user simulator of agent benchmarks with one (τ²): options.user_model with its key, else the judge; null when neither is set. */
  userModel: JudgeRuntime | null;
}

/** What loading a context reads: D1, R2 and the key that opens the run's sealed secrets. */
export interface ContextBindings {
  DB: D1Database;
  ARTIFACTS: R2Bucket;
  secretKey: string;
}

/** The endpoint a target's calls go to. */
export function targetEndpoint(t: TargetRuntime): Endpoint {
  return { provider: t.config.provider, base_url: t.config.base_url, model: t.config.model, ...(t.config.params && { params: t.config.params }) };
}

async function load(b: ContextBindings, runId: string): Promise<RunContext | null> {
  const plan = await loadRunPlan(openDb(b.DB), runId);
  if (!plan) return null;
  const { run } = plan;
  const secrets: RunSecrets = await readRunSecrets(b.secretKey, run);
  const judge = run.judge as StoredJudge | null;
  const target = (stored: unknown, key: string | undefined, slot: "a" | "b"): TargetRuntime => {
    const recorded = recordedSource(b, run, slot, stored as StoredTarget);
    return { config: stored as StoredModelTarget, key, ...(recorded && { recorded }) };
  };
  const userModel = plan.options.user_model as StoredUserModel | undefined;
  const judgeRuntime: JudgeRuntime | null = judge ? { endpoint: { provider: judge.provider, base_url: judge.base_url, model: judge.model }, key: secrets.judge } : null;
  return {
    ...plan,
    secretValues: [secrets.target, secrets.compare_target, secrets.judge, secrets.user_model].filter((s): s is string => !!s),
    targets: {
      a: target(run.target, secrets.target, "a"),
      b: run.compareTarget ? target(run.compareTarget, secrets.compare_target, "b") : null,
    },
    judge: judgeRuntime,
    userModel: userModel
      ? { endpoint: { provider: userModel.provider, base_url: userModel.base_url, model: userModel.model, ...(userModel.params && { params: userModel.params }) }, key: secrets.user_model }
      : judgeRuntime,
  };
}

/** Loaded inline contexts, shared by the isolate's invocations. */
const contexts = new RunContextCache<RunContext>();

/**
 * The run's context; reloaded when stale or when it predates the planning of
 * a benchmark whose attempts this batch holds.
 */
export async function runContext(b: ContextBindings, runId: string, seqs: number[]): Promise<RunContext | null> {
  return contexts.get(runId, seqs, () => load(b, runId));
}
