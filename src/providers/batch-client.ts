/** The batch API adapter for a target's provider (src/providers/batch.ts describes the contract). No I/O until called. */
import { anthropicBatchClient } from "./batch-anthropic";
import type { BatchClient } from "./batch";
import { openaiBatchClient } from "./batch-openai";
import type { ProviderOptions } from "./openai";
import type { ProviderConfig } from "./types";

export function createBatchClient(config: ProviderConfig, opts: ProviderOptions = {}): BatchClient {
  return config.provider === "anthropic" ? anthropicBatchClient(config, opts) : openaiBatchClient(config, opts);
}
