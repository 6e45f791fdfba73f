/**
 * Anthropic's Message Batches through `@anthropic-ai/sdk`
 * (`messages.batches.create` with {custom_id, params} per request,
 * `retrieve` until processing_status is `ended`, `results` as JSONL of
 * {custom_id, result: succeeded | errored | canceled | expired}).
 * I/O: HTTP to the configured base URL.
 */
import type { BatchCreateParams } from "@anthropic-ai/sdk/resources/messages/batches";
import { errorText, liveBody, liveResult, type BatchClient, type BatchItemResult, type BatchRequest } from "./batch";
import { toProviderError } from "./errors";
import { anthropicClient } from "./anthropic";
import type { ProviderOptions } from "./openai";
import type { ProviderConfig } from "./types";

/** Reads and cancels change nothing twice, so they retry a dropped connection (creates never do: a retry could submit twice). */
const IDEMPOTENT = { maxRetries: 2 };

export function anthropicBatchClient(config: ProviderConfig, opts: ProviderOptions = {}): BatchClient {
  // The live adapter's client (only the messages resource, and its batches), the SDK loaded on first use.
  const client = anthropicClient(config, opts);
  const wrap = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw toProviderError(err, config.api_key, Date.now());
    }
  };

  return {
    provider: "anthropic",
    async submit(requests: BatchRequest[]): Promise<string> {
      const items = await Promise.all(
        requests.map(async (r) => {
          // A batch request's params are a non-streaming message body: the live body less its stream flag.
          const { stream: _stream, ...params } = await liveBody(config, r.req);
          return { custom_id: r.custom_id, params } as unknown as BatchCreateParams.Request;
        }),
      );
      const batch = await wrap(async () => (await client()).messages.batches.create({ requests: items }));
      return batch.id;
    },
    async state(batchId: string) {
      const b = await wrap(async () => (await client()).messages.batches.retrieve(batchId, {}, IDEMPOTENT));
      return { status: b.processing_status, ended: b.processing_status === "ended" };
    },
    async results(batchId: string, requests: readonly BatchRequest[]): Promise<BatchItemResult[]> {
      const b = await wrap(async () => (await client()).messages.batches.retrieve(batchId, {}, IDEMPOTENT));
      const latency = Math.max(0, Date.parse(b.ended_at ?? b.created_at) - Date.parse(b.created_at));
      const byId = new Map<string, { type: string; message?: unknown; error?: unknown }>();
      await wrap(async () => {
        for await (const line of await (await client()).messages.batches.results(batchId, {}, IDEMPOTENT)) byId.set(line.custom_id, line.result as { type: string });
      });
      return Promise.all(
        requests.map(async (r): Promise<BatchItemResult> => {
          const res = byId.get(r.custom_id);
          if (!res) return { custom_id: r.custom_id, kind: "errored", error: "the batch ended without a result for this request" };
          if (res.type === "expired") return { custom_id: r.custom_id, kind: "expired" };
          if (res.type === "canceled") return { custom_id: r.custom_id, kind: "cancelled" };
          if (res.type !== "succeeded") return { custom_id: r.custom_id, kind: "errored", error: `batch request ${res.type}: ${errorText(res.error)}` };
          try {
            return { custom_id: r.custom_id, kind: "succeeded", result: await liveResult(config, r.req, res.message, latency) };
          } catch (err) {
            return { custom_id: r.custom_id, kind: "errored", error: err instanceof Error ? err.message : String(err) };
          }
        }),
      );
    },
    async cancel(batchId: string) {
      await wrap(async () => (await client()).messages.batches.cancel(batchId, {}, IDEMPOTENT));
    },
  };
}
