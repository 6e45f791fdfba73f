/**
 * OpenAI's Batch API through the `openai` SDK: the requests as a JSONL file
 * (`files.create`, purpose batch), one batch over /v1/chat/completions with
 * a 24 h window (`batches.create`), polled with `batches.retrieve`, read
 * from its output and error files (`files.content`). Lines of the output
 * file carry `response.status_code` and the completion body; the error file
 * holds non-200 responses and `error.code` batch_expired / batch_cancelled.
 * I/O: HTTP to the configured base URL.
 */
import { errorText, liveBody, liveResult, type BatchClient, type BatchItemResult, type BatchRequest } from "./batch";
import { toProviderError } from "./errors";
import { openaiClient, type ProviderOptions } from "./openai";
import type { ProviderConfig } from "./types";

/** Reads and cancels change nothing twice, so they retry a dropped connection (creates never do: a retry could submit twice). */
const IDEMPOTENT = { maxRetries: 2 };
const ENDED = new Set(["completed", "expired", "cancelled", "failed"]);

interface BatchLine {
  custom_id?: string;
  response?: { status_code?: number; body?: unknown } | null;
  error?: { code?: string; message?: string } | null;
}

export function openaiBatchClient(config: ProviderConfig, opts: ProviderOptions = {}): BatchClient {
  // The live adapter's client, the SDK loaded on first use.
  const client = openaiClient(config, opts);
  const wrap = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw toProviderError(err, config.api_key, Date.now());
    }
  };
  const lines = async (fileId: string | null | undefined): Promise<BatchLine[]> => {
    if (!fileId) return [];
    // Decoded from bytes: the file is served as application/jsonl, which workerd warns about reading as text.
    const text = await wrap(async () => new TextDecoder().decode(await (await (await client()).files.content(fileId, IDEMPOTENT)).arrayBuffer()));
    return text.split("\n").filter((l) => l.trim()).flatMap((l) => {
      try {
        return [JSON.parse(l) as BatchLine];
      } catch {
        return [];
      }
    });
  };

  return {
    provider: "openai",
    async submit(requests: BatchRequest[], metadata: Record<string, string>): Promise<string> {
      const rows = await Promise.all(
        requests.map(async (r) => JSON.stringify({ custom_id: r.custom_id, method: "POST", url: "/v1/chat/completions", body: await liveBody(config, r.req) })),
      );
      const file = await wrap(async () => (await client()).files.create({ file: new File([rows.join("\n") + "\n"], "assay-batch.jsonl", { type: "application/jsonl" }), purpose: "batch" }));
      const batch = await wrap(async () => (await client()).batches.create({ input_file_id: file.id, endpoint: "/v1/chat/completions", completion_window: "24h", metadata }));
      return batch.id;
    },
    async state(batchId: string) {
      const b = await wrap(async () => (await client()).batches.retrieve(batchId, IDEMPOTENT));
      return { status: b.status, ended: ENDED.has(b.status) };
    },
    async results(batchId: string, requests: readonly BatchRequest[]): Promise<BatchItemResult[]> {
      const b = await wrap(async () => (await client()).batches.retrieve(batchId, IDEMPOTENT));
      // The batch's wall time stands for each request's latency: no line says when it was answered.
      const latency = Math.max(0, ((b.completed_at ?? b.expired_at ?? b.cancelled_at ?? b.failed_at ?? b.created_at) - b.created_at) * 1000);
      const byId = new Map<string, BatchLine>();
      for (const line of [...(await lines(b.output_file_id)), ...(await lines(b.error_file_id))]) if (line.custom_id) byId.set(line.custom_id, line);
      return Promise.all(
        requests.map(async (r): Promise<BatchItemResult> => {
          const line = byId.get(r.custom_id);
          if (!line) {
            if (b.status === "expired") return { custom_id: r.custom_id, kind: "expired" };
            if (b.status === "cancelled") return { custom_id: r.custom_id, kind: "cancelled" };
            const why = b.errors?.data?.[0]?.message;
            return { custom_id: r.custom_id, kind: "errored", error: `the batch ended ${b.status} without this request${why ? `: ${why}` : ""}` };
          }
          if (line.error?.code === "batch_expired") return { custom_id: r.custom_id, kind: "expired" };
          if (line.error?.code === "batch_cancelled") return { custom_id: r.custom_id, kind: "cancelled" };
          const status = line.response?.status_code;
          if (status !== 200) return { custom_id: r.custom_id, kind: "errored", error: `batch request answered ${status ?? "no status"}: ${errorText(line.error ?? line.response?.body)}` };
          try {
            return { custom_id: r.custom_id, kind: "succeeded", result: await liveResult(config, r.req, line.response?.body, latency) };
          } catch (err) {
            return { custom_id: r.custom_id, kind: "errored", error: err instanceof Error ? err.message : String(err) };
          }
        }),
      );
    },
    async cancel(batchId: string) {
      await wrap(async () => (await client()).batches.cancel(batchId, IDEMPOTENT));
    },
  };
}
