/**
 * What the openai SDK's response parser (node_modules/openai/internal/parse.mjs)
 * imports as Stream in the Worker `npm run deploy` uploads
 * (scripts/lib/worker-build.mjs puts this module where parse.mjs imports
 * ../core/streaming.mjs). The real one reads the server-sent events of a
 * `stream: true` call, with its line decoder: ~3.5 KB gzipped. Assay never
 * asks for a stream (src/providers/openai.ts and completions.ts send
 * `stream: false`); every other part of the SDK is its own, unchanged.
 * e2e/deploy-build.test.mjs runs the providers through this build against the
 * fixture model.
 */
export class Stream {
  static fromSSEResponse() {
    throw new Error("openai's streaming responses are not in Assay's Worker build (workers/bundle/openai-stream.js): Assay sends stream: false");
  }
}
