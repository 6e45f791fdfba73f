/**
 * What dispatching an agent run's attempts needs: the run's plan
 * (src/lifecycle/run-context.ts, loaded once per isolate and run) with its
 * targets' profile params and secrets (in clear, for the dispatch body and
 * for scrubbing) and its live shards; and whether a run is an agent run.
 * Reads D1 and R2 and the isolate's clock (for the cache).
 */
import { sandboxState } from "../../src/config/sandboxes";
import { getBenchmarks } from "../../src/db/benchmarks";
import { openDb } from "../../src/db/client";
import { getRunById, readRunSecrets } from "../../src/db/eval-runs";
import { findProfileByRef, resolveProfileSecrets } from "../../src/db/profiles";
import type { EvalRunRow } from "../../src/db/schema";
import type { StoredAgentTarget, StoredModelTarget, StoredTarget } from "../../src/domain/run-target";
import { environmentVerifier } from "../../src/environments/verifiers";
import { loadRunPlan, RunContextCache, type RunPlan } from "../../src/lifecycle/run-context";
import { MIN_SIGNING_SECRET_CHARS, SIGNING_SECRET_PARAM } from "../../src/runner/signing";
import { shardsFor } from "../live/client";
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

export interface AgentContext extends RunPlan {
  shards: number;
  targets: { a: AgentTarget; b: AgentTarget | null };
  /** Every secret value of the run, for scrubbing. */
  secretValues: string[];
}

const kinds = new Map<string, boolean>();
const KINDS_MAX = 1_000;

/**
 * Whether a run's attempts go to a runner: its target is an agent, or it
 * is a model whose benchmarks run in task environments (a run's targets
 * and benchmarks are frozen once it starts, so this is cached; a start
 * refuses a model run mixing environment benchmarks with others).
 */
export async function isAgentRun(env: Env, runId: string): Promise<boolean> {
  const hit = kinds.get(runId);
  if (hit !== undefined) return hit;
  const db = openDb(env.DB);
  const run = await getRunById(db, runId);
  if (!run) return false;
  const kind = (t: unknown) => (t as StoredTarget | null)?.kind;
  const agent = kind(run.target) === "agent" || kind(run.compareTarget) === "agent" || (kind(run.target) === "model" && (await getBenchmarks(db, run.benchmarkIds)).some((b) => environmentVerifier(b.scoring) !== null));
  if (kinds.size >= KINDS_MAX) kinds.delete(kinds.keys().next().value!);
  kinds.set(runId, agent);
  return agent;
}

/**
 * A model target whose benchmarks run in task environments, as the agent
 * target it becomes: the deployment's environment runner
 * (ASSAY_ENVIRONMENT_RUNNER_URL, its secret signing each attempt), driving
 * the model with its bash harness; the model's endpoint in the params, its
 * key (from the run's sealed secrets) among the secrets.
 */
function environmentTarget(env: Env, stored: StoredModelTarget, key: string | undefined): AgentTarget {
  const s = sandboxState(env as unknown as Record<string, unknown>, "environment");
  const runner = s.state === "url" ? s : null;
  const config: StoredAgentTarget = { kind: "agent", runner_url: runner?.url ?? "http://environment-runner.invalid/", profile: "environment-runner@1", params: {}, name: stored.name ?? stored.model };
  return {
    config,
    params: { agent: "bash", provider: stored.provider, base_url: stored.base_url, model: stored.model, model_params: stored.params ?? {} },
    secrets: key ? { api_key: key } : {},
    signingSecret: runner?.secret,
    problem: runner ? null : "this deployment has no environment runner: set ASSAY_ENVIRONMENT_RUNNER_URL and the secret ASSAY_ENVIRONMENT_RUNNER_SECRET (docs/environments.md)",
  };
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

async function load(env: Env, runId: string): Promise<AgentContext | null> {
  const plan = await loadRunPlan(openDb(env.DB), runId);
  if (!plan) return null;
  const { run, options } = plan;
  const secretKey = readConfig(env).secretKey;
  const a = run.target as unknown as StoredTarget;
  const b = run.compareTarget as unknown as StoredTarget | null;
  // A model run that reached the agent path runs its benchmarks in task environments (isAgentRun).
  const keys = a.kind === "model" || b?.kind === "model" ? await readRunSecrets(secretKey, run) : {};
  const resolve = async (t: StoredTarget, key: string | undefined) => (t.kind === "model" ? environmentTarget(env, t, key) : agentTarget(env, secretKey, run, t as StoredAgentTarget));
  const targets = {
    a: await resolve(a, keys.target),
    b: b ? await resolve(b, keys.compare_target) : null,
  };
  if (b && (a.kind === "agent") !== (b.kind === "agent")) for (const t of [targets.a, targets.b]) if (t) t.problem = "an agent and a model target cannot be compared in one run";
  const secretValues = [targets.a, targets.b].flatMap((t) => (t ? [...Object.values(t.secrets), t.signingSecret ?? ""] : [])).filter((s) => s.length >= 4);
  return { ...plan, shards: shardsFor(env, maxConcurrency(options.concurrency)), targets, secretValues };
}

/** Loaded agent contexts, shared by the isolate's invocations and live objects. */
const contexts = new RunContextCache<AgentContext>();

/** The run's agent context, cached per isolate; reloaded when stale or missing a benchmark planned since. */
export async function agentContext(env: Env, runId: string, seqs: number[] = []): Promise<AgentContext | null> {
  return contexts.get(runId, seqs, () => load(env, runId));
}
