// What e2e/deploy-build.test.mjs builds as npm run deploy builds the Worker
// (scripts/lib/worker-build.mjs: the Worker's zod, the SDK stand-ins, the
// oxc pass), and once more the plain way to compare: every way the Worker
// reaches the model SDKs (the providers' entry points and their clients),
// and the HTTP app, whose OpenAPI document passes every route's schemas
// through zod and zod-to-openapi, and the built-ins' pinned sources. No I/O
// of its own.
export { createProvider } from "../../src/providers/index";
export { createBatchClient } from "../../src/providers/batch-client";
export { openaiClient } from "../../src/providers/openai";
export { anthropicClient } from "../../src/providers/anthropic";
// The clients' classes, to show that auth Assay never configures refuses in the deploy build.
export { OpenAI } from "openai/client";
export { MessagesClient } from "../../src/providers/anthropic-client";
export { buildApp } from "../../workers/http/app";
// What the Worker reads of the built-ins' definitions (their data and normalisers), and all of them, to compare.
export { BUILTIN_BENCHMARKS, pinnedSourceOf } from "../../src/catalog";
