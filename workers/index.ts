/**
 * The Worker's entry: what Cloudflare invokes. Each invocation runs with
 * its bindings counted, and limited as Cloudflare limits them where the
 * local runtime does not (workers/edge/limits.ts, on in the local stack and
 * the tests), and metered for the bench (workers/io-meter.ts).
 */
import { handleScheduled } from "./cron";
import { Invocation, limitedEnv, limitsOn, PAID_PLAN, runAs, withinWall, type InvocationKind } from "./edge/limits";
import { buildApp } from "./http/app";
import type { Env } from "./env";
import { countReceived, meterEnv } from "./io-meter";
import { handleQueue } from "./queue/consumer";

export { RunGate } from "./gate/run-gate";
export { CallLane } from "./lanes/call-lane";
export { RunLive } from "./live/run-live";
export { SandboxContainer } from "./sandbox/container";

const app = buildApp();

/**
 * Runs `fn` as one invocation of `kind`, on its own counted (and, locally,
 * limited) bindings, under its wall time when it has one.
 */
function invoke<T>(kind: InvocationKind, env: Env, wallMs: number | null, fn: (env: Env) => Promise<T>): Promise<T> {
  const metered = meterEnv(env);
  if (!limitsOn(env) && env.ASSAY_IO_METRICS !== "1") return fn(metered);
  const inv = new Invocation(kind, kind, limitsOn(env));
  return runAs(inv, () => (wallMs === null ? fn(limitedEnv(metered, inv)) : withinWall(inv, wallMs, () => fn(limitedEnv(metered, inv)))));
}

export default {
  fetch: (request, env, ctx) => invoke("fetch", env, null, async (e) => app.fetch(request, e, ctx)),
  queue: (batch, env) => {
    countReceived(batch.messages.length);
    // A consumer's wall time, which tests may shorten (the consumer plans its work by the same figure).
    return invoke("queue", env, Number(env.ASSAY_CONSUMER_WALL_MS) || PAID_PLAN.wallMs, (e) => handleQueue(batch, e));
  },
  scheduled: (controller, env) => invoke("scheduled", env, PAID_PLAN.wallMs, (e) => handleScheduled(controller, e)),
} satisfies ExportedHandler<Env>;
