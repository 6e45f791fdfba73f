// What e2e/deploy-sdk.test.mjs builds as npm run deploy builds the Worker
// (scripts/lib/worker-build.mjs: the SDK stand-ins, the oxc pass): every way
// the Worker reaches the model SDKs, the providers' entry points and their
// clients. No I/O of its own.
export { createProvider } from "../../src/providers/index";
export { createBatchClient } from "../../src/providers/batch-client";
export { openaiClient } from "../../src/providers/openai";
export { anthropicClient } from "../../src/providers/anthropic";
