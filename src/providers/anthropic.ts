/**
 * Anthropic messages through the official `@anthropic-ai/sdk`. System
 * messages go into `system`; max_tokens is required there, so it defaults.
 * I/O: HTTP to the configured base URL. The SDK never retries (the queue
 * does) and the request's timeout is enforced.
 */
import type { Message, MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import { isDict, parsePyJson, toJsonText } from "../scorers/function-call/py-values";
import { toProviderError } from "./errors";
import type { MessagesClient } from "./anthropic-client";
import type { ProviderOptions } from "./openai";
import { anthropicConversation } from "./tool-messages";
import type { ChatRequest, ChatResult, ModelProvider, ProviderConfig } from "./types";

export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;

/** Each tool_use block's input as JSON text with its floats written as floats, by content index; empty when the body does not read so. */
function toolInputTexts(body: string): Map<number, string> {
  const out = new Map<number, string>();
  try {
    const parsed = parsePyJson(body);
    const content = isDict(parsed) && Array.isArray(parsed.content) ? parsed.content : [];
    content.forEach((b, i) => {
      if (isDict(b) && b.type === "tool_use" && b.input !== undefined) out.set(i, toJsonText(b.input));
    });
  } catch {
    // Too deep or not JSON for the exact reader: the SDK's parse stands.
  }
  return out;
}

/** The SDK appends /v1/messages itself, so a base given as ".../v1" loses that suffix. */
function sdkBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
}

/** The SDK's client (./anthropic-client), made on the first call: the SDK is imported then, not at start-up. */
export function anthropicClient(config: ProviderConfig, opts: ProviderOptions): () => Promise<MessagesClient> {
  let made: Promise<MessagesClient> | undefined;
  return () =>
    (made ??= import("./anthropic-client").then(
      ({ MessagesClient }) =>
        new MessagesClient({
          baseURL: sdkBase(config.base_url),
          // Without a key, send no auth header rather than let the SDK look for credentials elsewhere.
          apiKey: config.api_key ?? "",
          defaultHeaders: config.api_key ? {} : { "x-api-key": null, authorization: null },
          maxRetries: 0,
          // No OpenTelemetry spans: a Worker registers no tracer provider, so they would be no-ops (and the
          // deploy build leaves @opentelemetry/api out: workers/bundle/opentelemetry-api.js).
          openTelemetry: false,
          fetch: opts.fetch,
        }),
    ));
}

export function anthropicProvider(config: ProviderConfig, opts: ProviderOptions = {}): ModelProvider {
  const client = anthropicClient(config, opts);

  return {
    provider: "anthropic",
    warm: () => void client().catch(() => {}),
    async chat(req: ChatRequest): Promise<ChatResult> {
      const { system, messages } = anthropicConversation(req.messages);
      const body: Record<string, unknown> = {
        ...req.params,
        model: req.model,
        messages,
        max_tokens: req.max_output_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
      };
      if (system.length) body.system = system.join("\n\n");
      if (req.temperature !== undefined) body.temperature = req.temperature;
      if (req.top_p !== undefined) body.top_p = req.top_p;
      if (req.tools?.length) body.tools = req.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
      body.stream = false;
      const sdk = await client();
      const started = Date.now();
      let res: Message;
      let raw: string;
      try {
        // The raw body, so tool input keeps its JSON text (2.0 stays a float; the SDK's parse would make it 2).
        const response = await sdk.messages
          .create(body as unknown as MessageCreateParamsNonStreaming, { timeout: req.timeout_ms, maxRetries: 0 })
          .asResponse();
        raw = await response.text();
        res = JSON.parse(raw) as Message;
      } catch (err) {
        throw toProviderError(err, config.api_key, Date.now());
      }
      const latency_ms = Date.now() - started;
      const usage = res.usage;
      const input = usage
        ? (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0)
        : null;
      // The exact reader runs over the whole body: only worth it when the reply called a tool.
      const inputs = (res.content ?? []).some((b) => b.type === "tool_use") ? toolInputTexts(raw) : new Map<number, string>();
      const calls = (res.content ?? []).flatMap((b, i) => (b.type === "tool_use" ? [{ id: b.id, name: b.name, arguments: inputs.get(i) ?? JSON.stringify(b.input ?? {}) }] : []));
      return {
        ...(calls.length ? { tool_calls: calls } : {}),
        text: (res.content ?? []).flatMap((b) => (b.type === "text" ? [b.text] : [])).join(""),
        input_tokens: input,
        output_tokens: usage?.output_tokens ?? null,
        latency_ms,
        model: res.model || req.model,
        truncated: res.stop_reason ? res.stop_reason === "max_tokens" : null,
      };
    },
  };
}
