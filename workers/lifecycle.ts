/**
 * The run lifecycle's bindings from the Worker's env (src/lifecycle/deps.ts):
 * D1, the run's RunGate stub, the control queue and the clock. Every edge
 * (queue consumer, routes, cron, Durable Objects) hands these to
 * src/lifecycle instead of writing run or attempt state itself.
 */
import type { LifecycleDeps } from "../src/lifecycle/deps";
import type { Env } from "./env";
import { gateFor } from "./gate/client";

export function lifecycleOf(env: Env): LifecycleDeps {
  return { DB: env.DB, gate: (runId) => gateFor(env, runId), control: env.CONTROL, now: () => new Date() };
}
