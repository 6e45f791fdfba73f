/**
 * Provider batch APIs (options.batch): a run's model calls submitted as one
 * batch (OpenAI's Batch API, Anthropic's Message Batches) at about half the
 * price, polled until it ends, and read back as one result per request.
 * The live adapter owns each wire format: a batch line's body is the body
 * the adapter would send for the same request, captured from its fetch, and
 * a batch result is read by the same adapter from a replayed response, so a
 * batched answer is scored exactly as the live one would be. I/O: HTTP to
 * the configured base URL (the adapters' files).
 */
import { createProvider } from "./index";
import type { ChatRequest, ChatResult, ProviderConfig, ProviderKind } from "./types";

/** One request of a batch; custom_id is unique within the batch ([A-Za-z0-9_-]{1,64}, as Anthropic requires). */
export interface BatchRequest {
  custom_id: string;
  req: ChatRequest;
}

/** What became of one request when its batch ended. */
export type BatchItemResult =
  | { custom_id: string; kind: "succeeded"; result: ChatResult }
  /** The request failed inside the batch (an error status, a malformed reply): it may be tried again as a live call. */
  | { custom_id: string; kind: "errored"; error: string }
  /** The batch's window closed before this request was answered. */
  | { custom_id: string; kind: "expired" }
  | { custom_id: string; kind: "cancelled" };

export interface BatchState {
  /** The provider's own status word (in_progress, completed, expired, ended, ...). */
  status: string;
  /** No request of it will change any more: its results can be read. */
  ended: boolean;
}

export interface BatchClient {
  readonly provider: ProviderKind;
  /** Submits the requests as one batch; returns the provider's batch id. */
  submit(requests: BatchRequest[], metadata: Record<string, string>): Promise<string>;
  state(batchId: string): Promise<BatchState>;
  /** The results of an ended batch, one per request it held (a request the provider did not report is errored, or expired/cancelled with its batch). */
  results(batchId: string, requests: readonly BatchRequest[]): Promise<BatchItemResult[]>;
  /** Asks the provider to cancel; requests already answered keep their results. */
  cancel(batchId: string): Promise<void>;
}

/** Thrown by the capturing fetch: the body is taken, no request goes out. */
class Captured extends Error {}

/** The JSON body the live adapter sends for `req`, without sending it. */
export async function liveBody(config: ProviderConfig, req: ChatRequest): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> | null = null;
  const capture = (async (_url: unknown, init?: RequestInit) => {
    body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
    throw new Captured("captured");
  }) as typeof fetch;
  await createProvider(config, { fetch: capture }).chat(req).catch(() => undefined);
  if (!body) throw new Error("the provider adapter sent no request body");
  return body;
}

/** The ChatResult the live adapter reads from `response` (the body a batch result holds), as if the call had answered it. */
export async function liveResult(config: ProviderConfig, req: ChatRequest, response: unknown, latencyMs: number): Promise<ChatResult> {
  const replay = (async () => new Response(JSON.stringify(response), { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch;
  const result = await createProvider(config, { fetch: replay }).chat(req);
  return { ...result, latency_ms: latencyMs };
}

/** A short, key-free account of why a batch request failed. */
export function errorText(error: unknown): string {
  if (!error || typeof error !== "object") return "the batch request failed";
  const e = error as { message?: unknown; error?: unknown; code?: unknown; type?: unknown };
  if (typeof e.message === "string") return typeof e.code === "string" ? `${e.code}: ${e.message}` : e.message;
  if (e.error) return errorText(e.error);
  return typeof e.type === "string" ? e.type : "the batch request failed";
}
