/**
 * Every configuration variable of the Worker, its rule, and the one parse
 * of them: the Worker answers 503 naming the variable while one is wrong
 * (workers/env.ts), and `npm start` checks the same schema before it
 * starts anything (scripts/lib/stack.mjs imports this file under Node's
 * type stripping, so it imports nothing but zod). Values are never echoed
 * back: several are secrets. Pure, no I/O.
 */
import { z } from "zod";

/** Unset and empty are the same (a `.dev.vars` line `X=` means unset). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const wholeNumber = (min: number, max: number) =>
  z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** Shortest operator token accepted: a guessable token would let anyone create projects. */
export const MIN_BOOTSTRAP_TOKEN_CHARS = 8;
/** Shortest key material accepted for sealing secrets. */
export const MIN_SECRET_KEY_CHARS = 16;

/** The variables, by the names an operator sets. */
export const WorkerVars = z.object({
  ASSAY_BOOTSTRAP_TOKEN: optional(z.string().min(MIN_BOOTSTRAP_TOKEN_CHARS, `must be at least ${MIN_BOOTSTRAP_TOKEN_CHARS} characters`)),
  ASSAY_SECRET_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string({ error: "must be set (key material for sealing stored secrets)" }).min(MIN_SECRET_KEY_CHARS, `must be at least ${MIN_SECRET_KEY_CHARS} characters`),
  ),
  ASSAY_DEFAULT_CREDITS: optional(wholeNumber(0, Number.MAX_SAFE_INTEGER)),
  ASSAY_IO_METRICS: optional(z.enum(["0", "1"], { error: "must be 0 or 1" })),
  /** Cloudflare's per-invocation limits enforced where the local runtime does not (the local stack and the tests set 1). */
  ASSAY_EDGE_LIMITS: optional(z.enum(["0", "1"], { error: "must be 0 or 1" })),
  /** The local stack's boot id (set anew at each start); unset on Cloudflare. */
  ASSAY_STACK_BOOT: optional(z.string().max(100, "must be at most 100 characters")),
  /** A queue consumer's wall time in ms (default 15 minutes, Cloudflare's); tests shorten it. */
  ASSAY_CONSUMER_WALL_MS: optional(wholeNumber(10_000, 15 * 60_000)),
  ASSAY_DATASET_BASE_URL: optional(httpUrl),
  ASSAY_PUBLIC_URL: optional(httpUrl),
  ASSAY_LIVE_SHARD_ATTEMPTS: optional(wholeNumber(1, 100_000)),
  ASSAY_SANDBOX_URL: optional(httpUrl),
  ASSAY_SANDBOX_SECRET: optional(z.string().min(MIN_SECRET_KEY_CHARS, `must be at least ${MIN_SECRET_KEY_CHARS} characters`)),
  ASSAY_ENVIRONMENT_RUNNER_URL: optional(httpUrl),
  ASSAY_ENVIRONMENT_RUNNER_SECRET: optional(z.string().min(MIN_SECRET_KEY_CHARS, `must be at least ${MIN_SECRET_KEY_CHARS} characters`)),
});
export type WorkerVars = z.infer<typeof WorkerVars>;

/** One wrong variable and the rule it breaks. */
export interface ConfigProblem {
  variable: string;
  rule: string;
}

/** The parsed variables, or every variable that breaks its rule. */
export function parseWorkerVars(vars: Record<string, unknown>): { ok: true; vars: WorkerVars } | { ok: false; problems: ConfigProblem[] } {
  const picked: Record<string, unknown> = {};
  for (const name of Object.keys(WorkerVars.shape)) picked[name] = vars[name];
  const r = WorkerVars.safeParse(picked);
  if (r.success) return { ok: true, vars: r.data };
  return { ok: false, problems: r.error.issues.map((i) => ({ variable: String(i.path[0] ?? "(configuration)"), rule: i.message })) };
}

/** "ASSAY_BOOTSTRAP_TOKEN must be at least 8 characters; …": what an operator reads. */
export function describeProblems(problems: readonly ConfigProblem[]): string {
  return problems.map((p) => `${p.variable} ${p.rule}`).join("; ");
}
