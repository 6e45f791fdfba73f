/** The Worker's bindings and secrets, and the parsed configuration. */
import { z } from "zod";
import type { RunGate } from "./durable/run-gate";
import type { RunLive } from "./durable/run-live";

export interface Env {
  DB: D1Database;
  ARTIFACTS: R2Bucket;
  /** Attempt messages, spread over two queues (workers/queue/attempt-queues.ts). */
  ATTEMPTS: Queue;
  ATTEMPTS_2: Queue;
  /** Planning and resume steps (delivered without a batch window). */
  CONTROL: Queue;
  RUN_GATE: DurableObjectNamespace<RunGate>;
  /** Live traces: one hub object per run (plus shards for wide runs). */
  RUN_LIVE: DurableObjectNamespace<RunLive>;
  /** Secret: the operator token that may create projects. */
  ASSAY_BOOTSTRAP_TOKEN?: string;
  /** Secret: key material for sealing API keys, judge keys and profile secrets. */
  ASSAY_SECRET_KEY?: string;
  /** "1" counts D1, R2 and queue operations for `npm run bench` (GET /api/_io). */
  ASSAY_IO_METRICS?: string;
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
}

export const Config = z.object({
  bootstrapToken: z.string().min(8).optional(),
  secretKey: z.string().min(16, "ASSAY_SECRET_KEY must be at least 16 characters"),
  defaultCredits: z.coerce.number().int().min(0).default(1_000_000),
});
export type Config = z.infer<typeof Config>;

export function readConfig(env: Env): Config {
  return Config.parse({
    bootstrapToken: env.ASSAY_BOOTSTRAP_TOKEN || undefined,
    secretKey: env.ASSAY_SECRET_KEY,
    defaultCredits: env.ASSAY_DEFAULT_CREDITS ?? undefined,
  });
}
