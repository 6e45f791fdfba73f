/** The Worker's bindings and secrets, and the parsed configuration. */
import { describeProblems, parseWorkerVars } from "../src/config/worker-config";
import { AppError } from "../src/domain/errors";
import type { RunLiveRpc } from "./live/contract";
import type { RunGateRpc } from "./gate/contract";

export interface Env {
  DB: D1Database;
  ARTIFACTS: R2Bucket;
  /** The static assets (dashboard/dist); the deployed Worker reads its prebuilt OpenAPI document there (workers/http/app.ts). */
  ASSETS?: Fetcher;
  /** Attempt messages, spread over four queues (workers/queue/attempt-queues.ts). */
  ATTEMPTS: Queue;
  ATTEMPTS_2: Queue;
  ATTEMPTS_3: Queue;
  ATTEMPTS_4: Queue;
  /** Planning and resume steps (delivered without a batch window). */
  CONTROL: Queue;
  RUN_GATE: DurableObjectNamespace<RunGateRpc>;
  /** A run's lanes: slot s makes its model calls through lane ⌊s/6⌋ (workers/lanes/call-lane.ts), named `<run>#lane<i>`. */
  CALL_LANE: DurableObjectNamespace;
  /** Live traces: one hub object per run (plus shards for wide runs). */
  RUN_LIVE: DurableObjectNamespace<RunLiveRpc>;
  /** Secret: the operator token that may create projects. */
  ASSAY_BOOTSTRAP_TOKEN?: string;
  /** Secret: key material for sealing API keys, judge keys and profile secrets. */
  ASSAY_SECRET_KEY?: string;
  /** "1" counts D1, R2 and queue operations for `npm run bench` (GET /api/_io). */
  ASSAY_IO_METRICS?: string;
  /** "1" enforces Cloudflare's per-invocation limits where the local runtime does not (workers/edge/limits.ts); set by the local stack and the tests. */
  ASSAY_EDGE_LIMITS?: string;
  /** The local stack's boot: set anew by each start, so a restart (its in-memory queues gone) is told from a live stack. Unset on Cloudflare. */
  ASSAY_STACK_BOOT?: string;
  /** A queue consumer's wall time in ms (default Cloudflare's 15 minutes): tests shorten it to see an invocation run out. */
  ASSAY_CONSUMER_WALL_MS?: string;
  /** Where built-in benchmarks load their pinned files (a mirror); default: the pinned upstream URLs. */
  ASSAY_DATASET_BASE_URL?: string;
  /** ML-compute credits a new project starts with. */
  ASSAY_DEFAULT_CREDITS?: string;
  /** The URL runners call back (e.g. https://assay.example.com); else the origin the run was started from. */
  ASSAY_PUBLIC_URL?: string;
  /** Running attempts per live-trace shard (default 250; see src/live/shards.ts). */
  ASSAY_LIVE_SHARD_ATTEMPTS?: string;
  /** The code sandbox (sandbox/server.mjs) that executes code benchmarks' programs, e.g. http://127.0.0.1:8791. */
  ASSAY_SANDBOX_URL?: string;
  /** Secret: signs requests to the sandbox; the sandbox is started with the same value. */
  ASSAY_SANDBOX_SECRET?: string;
  /** The code sandbox as a Cloudflare Container (wrangler.toml's containers environment), instead of ASSAY_SANDBOX_URL. */
  SANDBOX_CONTAINER?: DurableObjectNamespace;
  /** The environment runner (environments/server.mjs) that runs a model target's Terminal-Bench and SWE-bench attempts, e.g. https://envs.example.com. */
  ASSAY_ENVIRONMENT_RUNNER_URL?: string;
  /** Secret: signs the attempts sent to the environment runner; it is started with the same value. */
  ASSAY_ENVIRONMENT_RUNNER_SECRET?: string;
}

/** The Worker's attempt queues (workers/queue/attempt-queues.ts spreads sends over them). */
export function attemptQueues(env: Env): Queue[] {
  return [env.ATTEMPTS, env.ATTEMPTS_2, env.ATTEMPTS_3, env.ATTEMPTS_4];
}

/** What the handlers read of the configuration, parsed once per environment (src/config/worker-config.ts holds the rules). */
export interface Config {
  bootstrapToken?: string;
  secretKey: string;
  defaultCredits: number;
}

const parsed = new WeakMap<object, Config | AppError>();

/**
 * The parsed configuration. A wrong variable is a 503 problem naming it and
 * its rule, on every request until it is fixed (never a 500 from deep
 * inside a handler); the verdict is kept per environment object.
 */
export function readConfig(env: Env): Config {
  let hit = parsed.get(env);
  if (!hit) {
    const r = parseWorkerVars(env as unknown as Record<string, unknown>);
    hit = r.ok
      ? { bootstrapToken: r.vars.ASSAY_BOOTSTRAP_TOKEN, secretKey: r.vars.ASSAY_SECRET_KEY, defaultCredits: r.vars.ASSAY_DEFAULT_CREDITS ?? 1_000_000 }
      : new AppError(
          "misconfigured",
          `the server's configuration is invalid: ${describeProblems(r.problems)}; fix it and restart`,
          r.problems.map((p) => ({ field: p.variable, message: p.rule })),
        );
    parsed.set(env, hit);
  }
  if (hit instanceof AppError) throw hit;
  return hit;
}
