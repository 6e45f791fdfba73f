/**
 * What @anthropic-ai/sdk's Messages resource imports as MessageStream in the
 * Worker `npm run deploy` uploads (scripts/lib/worker-build.mjs puts this
 * module where node_modules/@anthropic-ai/sdk/resources/messages/messages.mjs
 * imports ../../lib/MessageStream.mjs). The real one serves
 * `messages.stream()`, with the partial-JSON parser it reads streamed tool
 * input with: ~4.5 KB gzipped. Assay calls `messages.create` without
 * streaming (src/providers/anthropic.ts) and the Message Batches API; the
 * rest of the SDK is its own, unchanged. e2e/deploy-build.test.mjs runs the
 * providers through this build against the fixture model.
 */
export class MessageStream {
  static createMessage() {
    throw new Error("@anthropic-ai/sdk's messages.stream() is not in Assay's Worker build (workers/bundle/anthropic-message-stream.js): Assay calls messages.create");
  }
}
