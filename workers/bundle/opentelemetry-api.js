/**
 * What @anthropic-ai/sdk's modules import as `@opentelemetry/api` in the
 * Worker `npm run deploy` uploads (scripts/lib/worker-build.mjs puts this
 * module where any file of the SDK imports it). The real API (~3.5 KB
 * gzipped) is what the SDK records its OpenTelemetry spans through; nothing in
 * a Worker registers a tracer provider with it, so its spans would be no-ops,
 * and Assay makes its client with `openTelemetry: false`
 * (src/providers/anthropic.ts), so the SDK starts none: no span, no context,
 * no propagated header. Each member refuses any use, naming this file (the
 * SDK runs its tracing steps through a guard that logs a failure at debug
 * level and goes on untraced). e2e/deploy-build.test.mjs runs the providers
 * through this build against the fixture model.
 */
function leftOut(name) {
  return new Proxy(
    {},
    {
      get(_, key) {
        throw new Error(`@opentelemetry/api's ${name}.${String(key)} is not in Assay's Worker build (workers/bundle/opentelemetry-api.js): Assay's Anthropic client runs with openTelemetry: false`);
      },
    },
  );
}

export const context = leftOut("context");
export const propagation = leftOut("propagation");
export const trace = leftOut("trace");
export const SpanKind = leftOut("SpanKind");
export const SpanStatusCode = leftOut("SpanStatusCode");
