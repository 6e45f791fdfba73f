/** The Worker's entry: what Cloudflare invokes. */
import { buildApp } from "./http/app";
import type { Env } from "./env";
import { handleQueue } from "./queue/consumer";

export { RunGate } from "./durable/run-gate";

const app = buildApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue: (batch, env) => handleQueue(batch, env),
} satisfies ExportedHandler<Env>;
