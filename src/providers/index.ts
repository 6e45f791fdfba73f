/**
 * Model providers: createProvider picks the adapter for a target or judge
 * config; makeJudge turns a provider into the judge the LLM-judge scorer
 * takes. I/O happens only when chat is called.
 */
import { anthropicProvider } from "./anthropic";
import { openaiProvider, type ProviderOptions } from "./openai";
import type { ChatMessage, ChatResult, ModelProvider, ProviderConfig } from "./types";

export { estimateCost, type TokenPrice } from "./cost";
export { kindOfStatus, parseRetryAfter, ProviderError, type ProviderErrorKind } from "./errors";
export type { ProviderOptions } from "./openai";
export * from "./types";

export function createProvider(config: ProviderConfig, opts: ProviderOptions = {}): ModelProvider {
  return config.provider === "anthropic" ? anthropicProvider(config, opts) : openaiProvider(config, opts);
}

export interface JudgeSettings {
  model: string;
  timeout_ms: number;
  /** Default 0: the same answer should get the same grade. */
  temperature?: number;
  max_output_tokens?: number;
}

/**
 * The run's judge: each call is one chat with the judge model, returning the
 * whole ChatResult (tokens for cost accounting). ProviderErrors propagate for
 * the queue to retry. Assignable to the scorers' Judge.
 */
export function makeJudge(provider: ModelProvider, settings: JudgeSettings): (messages: ChatMessage[]) => Promise<ChatResult> {
  return (messages) =>
    provider.chat({
      messages,
      model: settings.model,
      temperature: settings.temperature ?? 0,
      max_output_tokens: settings.max_output_tokens ?? 512,
      timeout_ms: settings.timeout_ms,
    });
}
