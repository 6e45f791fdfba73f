/**
 * What the routes hand to src/services, built from the request: the
 * project's storage scope, and the run control port (the run lifecycle's
 * bindings, where agent runners call back, how a stop ends live attempts).
 * Agent runners call back at the origin each run was started or resumed
 * from (recorded before any attempt goes out) unless ASSAY_PUBLIC_URL says
 * otherwise.
 */
import { sandboxState } from "../../src/config/sandboxes";
import type { RunControl, RunScope } from "../../src/services/runs";
import { recordPublicOrigin } from "../agent/callbacks";
import { cancelLive } from "../agent/cancel";
import { recoverIfLost } from "../cron/recovery";
import { lifecycleOf } from "../lifecycle";
import type { Context } from "hono";
import type { AppEnv } from "./router";

/** The authenticated project's storage, and the key material sealing its secrets. */
export function scopeOf(c: Context<AppEnv>): RunScope {
  return { db: c.var.db, projectId: c.var.auth.projectId, secretKey: c.var.config.secretKey };
}

/** Starting and stopping runs from request `c`: agent runners call back at its origin. */
export function controlOf(c: Context<AppEnv>): RunControl {
  const { env } = c;
  const origin = new URL(c.req.url).origin;
  return {
    lifecycle: lifecycleOf(env),
    beforePlanning: (runId) => recordPublicOrigin(env, runId, origin),
    // Running agent attempts end at once: their slots come back and the live set empties.
    endLive: (runId) => cancelLive(env, runId),
    recoverIfLost: (run) => recoverIfLost(env, run),
    sandbox: (kind) => sandboxState(env as unknown as Record<string, unknown>, kind),
  };
}
