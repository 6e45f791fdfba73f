/**
 * A conversation with tool calls and their results in each wire format, so
 * an agent's later turns can be sent back (τ²'s agent and user simulator):
 * OpenAI's chat messages keep an assistant turn's `tool_calls` and a
 * `tool` message per result; Anthropic's messages API takes the calls as
 * `tool_use` blocks of the assistant turn and the results as `tool_result`
 * blocks of the next user turn, consecutive turns of one role joined into
 * one (the API wants them alternating), the system prompt apart. A
 * conversation whose first turn is the assistant's (τ²'s agent greets
 * first) opens with a "." user turn on Anthropic, which wants a user turn
 * first: LiteLLM, which τ²'s own harness calls models through, inserts the
 * same placeholder. Messages without tools or images keep their plain
 * shape, so other requests are unchanged. Pure, no I/O.
 */
import { anthropicMessage, openaiMessage } from "./image-parts";
import type { ChatMessage, ToolCall } from "./types";

/** The user turn LiteLLM puts before a conversation that starts with the assistant's, for Anthropic. */
export const ANTHROPIC_OPENING = ".";

const openaiCall = (c: ToolCall) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } });

/** One message as OpenAI's chat completions take it. */
export function openaiWireMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.tool_call_id ?? "", content: m.content };
  if (m.role === "assistant" && m.tool_calls?.length) return { role: "assistant", content: m.content || null, tool_calls: m.tool_calls.map(openaiCall) };
  return openaiMessage(m as ChatMessage & { role: "system" | "user" | "assistant" });
}

/** A call's arguments as the object a tool_use block holds (they are JSON text; anything else is sent as an empty object). */
function inputOf(c: ToolCall): Record<string, unknown> {
  try {
    const v = JSON.parse(c.arguments || "{}") as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type Block = Record<string, unknown>;
type Turn = { role: "user" | "assistant"; content: string | Block[] };

const blocksOf = (content: string | Block[] | unknown): Block[] => (typeof content === "string" ? (content ? [{ type: "text", text: content }] : []) : (content as Block[]));

/** The system prompt and the turns of a conversation as Anthropic's messages API takes them. */
export function anthropicConversation(messages: readonly ChatMessage[]): { system: string[]; messages: Turn[] } {
  const system = messages.filter((m) => m.role === "system").map((m) => m.content);
  const out: Turn[] = [];
  const push = (turn: Turn) => {
    const last = out.at(-1);
    if (last && last.role === turn.role) last.content = [...blocksOf(last.content), ...blocksOf(turn.content)];
    else out.push(turn);
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    if (m.role === "tool") push({ role: "user", content: [{ type: "tool_result", tool_use_id: m.tool_call_id ?? "", content: m.content }] });
    else if (m.role === "assistant" && m.tool_calls?.length) {
      push({ role: "assistant", content: [...blocksOf(m.content), ...m.tool_calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: inputOf(c) }))] });
    } else push(anthropicMessage({ ...m, role: m.role }) as Turn);
  }
  if (out[0]?.role === "assistant") out.unshift({ role: "user", content: ANTHROPIC_OPENING });
  return { system, messages: out };
}
