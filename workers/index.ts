/** The Worker's entry: what Cloudflare invokes. */
import { handleScheduled } from "./cron";
import { buildApp } from "./http/app";
import type { Env } from "./env";
import { countReceived, meterEnv } from "./io-meter";
import { handleQueue } from "./queue/consumer";

export { RunGate } from "./gate/run-gate";
export { RunGateShard } from "./gate/run-gate-shard";
export { RunLive } from "./live/run-live";
export { SandboxContainer } from "./sandbox/container";

const app = buildApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, meterEnv(env), ctx),
  queue: (batch, env) => {
    countReceived(batch.messages.length);
    return handleQueue(batch, meterEnv(env));
  },
  scheduled: (controller, env) => handleScheduled(controller, meterEnv(env)),
} satisfies ExportedHandler<Env>;
