/**
 * The model-provider contract: one chat call to a target or judge model,
 * with the run's sampling settings and timeout, and what it returns.
 * Adapters implement it over the official SDKs; failures are thrown as a
 * classified ProviderError (see errors.ts). No I/O here.
 */
import { z } from "zod";
import type { ImageInput } from "../domain/images";
import type { ToolCall, ToolDefinition } from "../domain/tools";
import type { LoglikelihoodCall, LoglikelihoodResult } from "./completions";

export type { ImageInput } from "../domain/images";
export type { ToolCall, ToolDefinition } from "../domain/tools";
export type { LoglikelihoodCall, LoglikelihoodResult } from "./completions";

export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  /** Images sent with a user message, before its text (OpenAI image_url parts, Anthropic image blocks). */
  images?: ImageInput[];
  /** An assistant turn's tool calls, sent back as a conversation goes on (OpenAI tool_calls, Anthropic tool_use blocks: src/providers/tool-messages.ts). */
  tool_calls?: ToolCall[];
  /** A tool result (role "tool"): the id of the call it answers (Anthropic: a tool_result block in a user turn). */
  tool_call_id?: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** The model name the endpoint knows. */
  model: string;
  temperature?: number;
  top_p?: number;
  /** Output cap; Anthropic requires one, so it defaults to 1024 there. */
  max_output_tokens?: number;
  /** Give up on the call after this long (a timeout ProviderError). */
  timeout_ms: number;
  /** Extra body fields passed through as-is (e.g. vLLM's top_k, seed, stop). They never replace model or messages. */
  params?: Record<string, unknown>;
  /** Tools offered to the model (OpenAI `tools` of type function, Anthropic `tools` with input_schema); the model chooses whether to call them. */
  tools?: ToolDefinition[];
}

export interface ChatResult {
  /** The reply's text (all text parts joined). */
  text: string;
  /** Prompt tokens as the endpoint reported them; null when it reported none. */
  input_tokens: number | null;
  output_tokens: number | null;
  /** Wall time of the call. */
  latency_ms: number;
  /** The model the endpoint says answered (falls back to the requested name). */
  model: string;
  /** The tool calls of the reply, in order; absent when it made none. */
  tool_calls?: ToolCall[];
  /** The reply was cut by the output-token limit (OpenAI finish_reason "length", Anthropic stop_reason "max_tokens"); null when nothing says why it ended (recorded outputs, log-likelihood). */
  truncated: boolean | null;
}

export interface ModelProvider {
  readonly provider: ProviderKind;
  chat(req: ChatRequest): Promise<ChatResult>;
  /** Starts loading the SDK and making its client, so that a batch's first call need not wait for them (errors surface on that call). */
  warm?(): void;
  /** Per-choice log-likelihoods from an OpenAI-compatible /v1/completions endpoint (src/providers/completions.ts); absent for Anthropic. */
  loglikelihood?(call: LoglikelihoodCall): Promise<LoglikelihoodResult>;
}

export const ProviderKind = z.enum(["openai", "anthropic"]);
export type ProviderKind = z.infer<typeof ProviderKind>;

/** Where a target or judge lives. `openai` covers every OpenAI-compatible endpoint (vLLM, OpenRouter, ...). */
export const ProviderConfig = z.strictObject({
  provider: ProviderKind,
  /** OpenAI-compatible: the base including /v1 (https://openrouter.ai/api/v1); Anthropic: https://api.anthropic.com. */
  base_url: z.url({ protocol: /^https?$/ }),
  /** Sent as the bearer token (OpenAI) or x-api-key (Anthropic); omitted when absent. */
  api_key: z.string().min(1).optional(),
});
export type ProviderConfig = z.infer<typeof ProviderConfig>;
