/**
 * Everything the consumer needs to execute a run's inline attempts: the
 * run's plan (src/lifecycle/run-context.ts, loaded once per isolate and
 * reused across batches: a run's configuration is frozen once it starts)
 * with its targets' model clients, the judge and the sandbox client. Only
 * the run's status is read fresh for every batch.
 */
import { openDb } from "../../src/db/client";
import { readRunSecrets } from "../../src/db/eval-runs";
import type { RunSecrets, StoredJudge, StoredModelTarget, StoredTarget } from "../../src/domain/run-target";
import { loadRunPlan, RunContextCache, type RunPlan } from "../../src/lifecycle/run-context";
import { createProvider, makeJudge, type ModelProvider } from "../../src/providers";
import type { Judge } from "../../src/scorers/types";
import type { Execute } from "../../src/scorers/execution";
import { sandboxClient, sandboxSettings } from "../sandbox/client";
import { readConfig, type Env } from "../env";
import { recordedSource, type RecordedSource } from "./recorded-replies";

export interface TargetRuntime {
  config: StoredModelTarget;
  provider: ModelProvider;
  /** Set when the slot's outputs are recorded (an outputs target, a re-score): attempts take them instead of calling the model. */
  recorded?: RecordedSource;
}

export interface RunContext extends RunPlan {
  /** Keys, for scrubbing them out of anything stored. */
  secretValues: string[];
  targets: { a: TargetRuntime; b: TargetRuntime | null };
  judge: Judge | undefined;
  /** Executes code benchmarks' programs in the sandbox; undefined when the deployment has none (ASSAY_SANDBOX_URL). */
  execute: Execute | undefined;
}

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
  const plan = await loadRunPlan(openDb(env.DB), runId);
  if (!plan) return null;
  const { run, options } = plan;
  const secrets: RunSecrets = await readRunSecrets(readConfig(env).secretKey, run);
  const judgeConfig = run.judge as StoredJudge | null;
  const sandbox = sandboxSettings(env);
  const judgeProvider = judgeConfig && createProvider({ provider: judgeConfig.provider, base_url: judgeConfig.base_url, api_key: secrets.judge });
  const judgeCall = judgeProvider && judgeConfig && makeJudge(judgeProvider, { model: judgeConfig.model, timeout_ms: options.timeout_s * 1000 });
  return {
    ...plan,
    secretValues: [secrets.target, secrets.compare_target, secrets.judge].filter((s): s is string => !!s),
    targets: {
      a: target(run.target, secrets.target, recordedSource(env, run, "a", run.target as StoredTarget)),
      b: run.compareTarget ? target(run.compareTarget, secrets.compare_target, recordedSource(env, run, "b", run.compareTarget as StoredTarget)) : null,
    },
    judge: judgeCall ? async (messages) => ({ text: (await judgeCall(messages)).text }) : undefined,
    execute: sandbox ? sandboxClient(sandbox) : undefined,
  };
}

/** Loaded inline contexts, shared by the isolate's invocations. */
const contexts = new RunContextCache<RunContext>();

/**
 * The run's context; reloaded when stale or when it predates the planning of
 * a benchmark whose attempts this batch holds.
 */
export async function runContext(env: Env, runId: string, seqs: number[]): Promise<RunContext | null> {
  return contexts.get(runId, seqs, () => load(env, runId));
}
