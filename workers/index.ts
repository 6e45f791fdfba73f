/** The Worker's entry: what Cloudflare invokes. */
import { buildApp } from "./http/app";
import type { Env } from "./env";

export { RunGate } from "./durable/run-gate";

const app = buildApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
