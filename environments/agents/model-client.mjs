/**
 * The target model, called from the runner: an OpenAI-compatible chat
 * completions endpoint or Anthropic's messages API, with tools. The
 * conversation is kept in OpenAI's shape (what the runner protocol's turns
 * carry); for Anthropic it is translated on each call (system apart,
 * tool calls as tool_use blocks, tool results as a user turn of
 * tool_result blocks) and the reply translated back.
 *
 * Failures are classified as Assay's providers classify them: network
 * errors, 408, 409, 429 and 5xx are transient (retried here with backoff,
 * honouring retry-after, up to MAX_TRIES), other answers permanent (the
 * agent fails with the endpoint's answer, the API key scrubbed).
 * I/O: fetch to the endpoint.
 */

export const MAX_TRIES = 5;
const ANTHROPIC_VERSION = "2023-06-01";

export class ModelError extends Error {
  constructor(message, { status = null, transient = false } = {}) {
    super(message);
    this.status = status;
    this.transient = transient;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `text` with every secret replaced, so a key echoed in an error never reaches a trace. */
export function scrub(text, secrets) {
  let out = String(text);
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("[redacted]");
  return out;
}

/** OpenAI-shaped messages as Anthropic's: the system prompt apart, tool calls and results as blocks. */
export function toAnthropic(messages) {
  const system = messages.filter((m) => m.role === "system").map((m) => m.content).join("\n\n");
  const out = [];
  const push = (role, blocks) => {
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    if (m.role === "tool") push("user", [{ type: "tool_result", tool_use_id: m.tool_call_id, content: String(m.content ?? "") }]);
    else if (m.role === "assistant") {
      const blocks = [];
      if (m.content) blocks.push({ type: "text", text: String(m.content) });
      for (const c of m.tool_calls ?? []) {
        let input = {};
        try {
          input = JSON.parse(c.function.arguments || "{}");
        } catch {
          input = { _raw: c.function.arguments };
        }
        blocks.push({ type: "tool_use", id: c.id, name: c.function.name, input });
      }
      push("assistant", blocks.length ? blocks : [{ type: "text", text: "" }]);
    } else push("user", [{ type: "text", text: typeof m.content === "string" ? m.content : JSON.stringify(m.content) }]);
  }
  return { system, messages: out };
}

/** An Anthropic reply as an OpenAI-shaped assistant message. */
export function fromAnthropic(json) {
  const blocks = Array.isArray(json?.content) ? json.content : [];
  const text = blocks.filter((b) => b.type === "text").map((b) => b.text).join("");
  const calls = blocks.filter((b) => b.type === "tool_use").map((b) => ({ id: b.id, type: "function", function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } }));
  return { role: "assistant", content: text || null, ...(calls.length ? { tool_calls: calls } : {}) };
}

/**
 * A client for `target` ({ provider: "openai" | "anthropic", base_url, model,
 * api_key?, params? }). `chat(messages, tools)` resolves { message, usage:
 * { input_tokens, output_tokens }, latency_ms, model }.
 */
export function modelClient(target, { fetchImpl = fetch, sampling = {}, timeoutMs = 300_000, log = () => {} } = {}) {
  const base = String(target.base_url ?? "").replace(/\/+$/, "");
  if (!base || !target.model) throw new ModelError("the target needs base_url and model");
  const secrets = [target.api_key].filter(Boolean);
  const anthropic = target.provider === "anthropic";

  async function once(messages, tools) {
    let url;
    let headers = { "content-type": "application/json" };
    let body;
    const maxTokens = sampling.max_output_tokens ?? 4096;
    if (anthropic) {
      url = `${base}/v1/messages`;
      if (target.api_key) headers["x-api-key"] = target.api_key;
      headers["anthropic-version"] = ANTHROPIC_VERSION;
      const { system, messages: msgs } = toAnthropic(messages);
      body = {
        model: target.model,
        max_tokens: maxTokens,
        ...(system ? { system } : {}),
        messages: msgs,
        tools: tools.map((t) => ({ name: t.function.name, description: t.function.description, input_schema: t.function.parameters })),
        ...(sampling.temperature !== undefined && sampling.temperature !== null ? { temperature: sampling.temperature } : {}),
      };
    } else {
      url = `${base}/chat/completions`;
      if (target.api_key) headers.authorization = `Bearer ${target.api_key}`;
      body = {
        model: target.model,
        messages,
        tools,
        max_tokens: maxTokens,
        ...(sampling.temperature !== undefined && sampling.temperature !== null ? { temperature: sampling.temperature } : {}),
        ...(sampling.top_p !== undefined && sampling.top_p !== null ? { top_p: sampling.top_p } : {}),
      };
    }
    Object.assign(body, target.params ?? {});
    const started = Date.now();
    let res;
    try {
      res = await fetchImpl(url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new ModelError(scrub(`the model could not be reached: ${err?.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : err?.message ?? err}`, secrets), { transient: true });
    }
    const text = await res.text();
    if (!res.ok) {
      const transient = res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500;
      const err = new ModelError(scrub(`the model answered ${res.status}: ${text.slice(0, 300)}`, secrets), { status: res.status, transient });
      const ra = Number(res.headers.get("retry-after"));
      err.retryAfterMs = Number.isFinite(ra) && ra >= 0 ? ra * 1000 : null;
      throw err;
    }
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ModelError(scrub(`the model answered 200 with a body that is not JSON: ${text.slice(0, 200)}`, secrets), { transient: true });
    }
    const latency_ms = Date.now() - started;
    if (anthropic) {
      return { message: fromAnthropic(json), usage: { input_tokens: json.usage?.input_tokens ?? null, output_tokens: json.usage?.output_tokens ?? null }, latency_ms, model: json.model ?? target.model };
    }
    const choice = json?.choices?.[0]?.message;
    if (!choice) throw new ModelError(scrub(`the model answered without a choice: ${text.slice(0, 200)}`, secrets), { transient: true });
    const message = { role: "assistant", content: choice.content ?? null, ...(choice.tool_calls?.length ? { tool_calls: choice.tool_calls } : {}) };
    return { message, usage: { input_tokens: json.usage?.prompt_tokens ?? null, output_tokens: json.usage?.completion_tokens ?? null }, latency_ms, model: json.model ?? target.model };
  }

  return {
    secrets,
    async chat(messages, tools, { deadlineMs = Infinity } = {}) {
      for (let tries = 1; ; tries++) {
        try {
          return await once(messages, tools);
        } catch (err) {
          if (!(err instanceof ModelError) || !err.transient || tries >= MAX_TRIES) throw err;
          const wait = Math.min(err.retryAfterMs ?? 500 * 2 ** tries, 30_000);
          if (Date.now() + wait >= deadlineMs) throw err;
          log(`model call ${tries} failed (${err.message}); retrying in ${wait} ms`);
          await sleep(wait);
        }
      }
    },
  };
}
