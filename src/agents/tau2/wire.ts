/**
 * A τ² conversation turn on OpenAI's chat wire: the loop's request (system
 * prompt, the conversation as the model sees it, tools) as a
 * /v1/chat/completions body, and the reply's first choice back as a turn
 * (text and tool calls, arguments as the text the endpoint sent). What the
 * fixture-backed tests and the demo speak; the attempt pipeline's model port
 * carries the same turns through the providers. Pure, no I/O.
 */
import type { ModelToolCall, ModelTurn, TurnRequest } from "./conversation";

export function openAiChatBody(model: string, req: TurnRequest, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const messages = [
    { role: "system", content: req.system },
    ...req.messages.map((m) =>
      m.role === "tool"
        ? { role: "tool", tool_call_id: m.tool_call_id, content: m.content }
        : { role: m.role, content: m.content, ...(m.tool_calls?.length ? { tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })) } : {}) },
    ),
  ];
  return {
    ...extra,
    model,
    messages,
    ...(req.tools?.length ? { tools: req.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } })) } : {}),
  };
}

/** The first choice of a chat completion as a turn; a shape it cannot read is an Error saying so. */
export function openAiTurn(json: unknown): ModelTurn {
  const body = json as { model?: unknown; choices?: { message?: { content?: unknown; tool_calls?: unknown } }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  const message = body?.choices?.[0]?.message;
  if (!message) throw new Error("the endpoint's reply has no choices[0].message");
  const calls: ModelToolCall[] = Array.isArray(message.tool_calls)
    ? message.tool_calls.map((c: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }) => ({
        id: typeof c?.id === "string" ? c.id : "",
        name: typeof c?.function?.name === "string" ? c.function.name : "",
        arguments: typeof c?.function?.arguments === "string" ? c.function.arguments : JSON.stringify(c?.function?.arguments ?? {}),
      }))
    : [];
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  return {
    text: typeof message.content === "string" ? message.content : null,
    tool_calls: calls.length ? calls : null,
    ...(typeof body.model === "string" ? { model: body.model } : {}),
    usage: { input_tokens: num(body.usage?.prompt_tokens), output_tokens: num(body.usage?.completion_tokens) },
  };
}
