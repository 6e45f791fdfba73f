/**
 * OpenAI-compatible chat completions (OpenAI, vLLM, OpenRouter, ...) through
 * the official `openai` SDK. I/O: HTTP to the configured base URL. The SDK
 * never retries (the queue does) and the request's timeout is enforced.
 */
import type OpenAI from "openai";
import { VERSION } from "openai/version";
import { completionsLoglikelihood } from "./completions";
import { ProviderError, toProviderError } from "./errors";
import { openaiWireMessage } from "./tool-messages";
import type { ChatRequest, ChatResult, ModelProvider, ProviderConfig } from "./types";

export interface ProviderOptions {
  /** Replaces the global fetch (tests, service bindings). */
  fetch?: typeof fetch;
}

/** api.openai.com refuses max_tokens for reasoning models; most compatible servers only know max_tokens. */
function capField(baseUrl: string): "max_tokens" | "max_completion_tokens" {
  return new URL(baseUrl).hostname === "api.openai.com" ? "max_completion_tokens" : "max_tokens";
}

/**
 * The SDK's client, made on the first call: `openai` is imported with
 * import(), so its modules (and the node:util its streams load) are
 * evaluated by the first model call, not at every Worker start-up
 * (e2e/worker-bundle.test.mjs checks nothing imports it statically).
 */
export function openaiClient(config: ProviderConfig, opts: ProviderOptions): () => Promise<OpenAI> {
  let made: Promise<OpenAI> | undefined;
  return () =>
    // The client module alone: the package's index would keep every export (Azure, Bedrock, helpers) in the bundle.
    (made ??= import("openai/client").then(
      ({ OpenAI }) =>
        new OpenAI({
          baseURL: config.base_url,
          // Endpoints without auth (a local vLLM): the SDK insists on a key, so give it one and drop the header.
          apiKey: config.api_key ?? "unused",
          // The SDK names itself by its class's name, which a minified bundle renames.
          defaultHeaders: { "user-agent": `OpenAI/JS ${VERSION}`, ...(config.api_key ? {} : { authorization: null }) },
          maxRetries: 0,
          fetch: opts.fetch,
        }),
    ));
}

export function openaiProvider(config: ProviderConfig, opts: ProviderOptions = {}): ModelProvider {
  const client = openaiClient(config, opts);
  const cap = capField(config.base_url);

  return {
    provider: "openai",
    warm: () => void client().catch(() => {}),
    loglikelihood: async (call) => completionsLoglikelihood(await client(), config.api_key, call),
    async chat(req: ChatRequest): Promise<ChatResult> {
      const body: Record<string, unknown> = { ...req.params, model: req.model, messages: req.messages.map(openaiWireMessage) };
      if (req.temperature !== undefined) body.temperature = req.temperature;
      if (req.top_p !== undefined) body.top_p = req.top_p;
      if (req.max_output_tokens !== undefined) body[cap] = req.max_output_tokens;
      if (req.tools?.length) body.tools = req.tools.map((t) => ({ type: "function", function: t }));
      body.stream = false;
      const sdk = await client();
      const started = Date.now();
      let res: OpenAI.Chat.Completions.ChatCompletion;
      try {
        // The client's generic post rather than chat.completions.create: create serialises the body through a
        // replacer called on every JSON value (to learn `stream`, which is always false here); the request,
        // its headers, timeout and errors are the same. About 30 µs less per call under wrangler dev (npm run bench:model-call).
        res = (await sdk.post("/chat/completions", { body, timeout: req.timeout_ms, maxRetries: 0 })) as OpenAI.Chat.Completions.ChatCompletion;
      } catch (err) {
        throw toProviderError(err, config.api_key, Date.now());
      }
      const latency_ms = Date.now() - started;
      const choice = res.choices?.[0];
      if (!choice) throw new ProviderError("transient", "model endpoint returned no choices", { status: 200 });
      const calls = (choice.message?.tool_calls ?? []).flatMap((c) =>
        c.type === "function" ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
      );
      return {
        text: choice.message?.content ?? choice.message?.refusal ?? "",
        input_tokens: res.usage?.prompt_tokens ?? null,
        output_tokens: res.usage?.completion_tokens ?? null,
        latency_ms,
        model: res.model || req.model,
        // A server that names no finish_reason says nothing about a cut: not recorded rather than "not cut".
        truncated: choice.finish_reason ? choice.finish_reason === "length" : null,
        ...(calls.length ? { tool_calls: calls } : {}),
      };
    },
  };
}
