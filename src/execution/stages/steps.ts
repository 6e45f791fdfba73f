/**
 * What every one-request stage does around its call: the phase and a
 * preview of the request before it, then the state with the reply and one
 * committed turn in the live trace after it. No I/O of its own (deltas go
 * through the live port).
 */
import type { ChatMessage } from "../../domain/prompt";
import type { Message } from "../../live/deltas";
import type { ChatResult } from "../../providers/types";
import type { ModelReply } from "../ports";
import type { AttemptState, StagePorts } from "../stage";

/** The reply as a trace message: its text, and its tool calls in the OpenAI shape traces keep. */
export function assistantMessage(result: ChatResult): Message {
  const calls = result.tool_calls?.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } }));
  return { role: "assistant", content: result.text, ...(calls ? { tool_calls: calls } : {}) };
}

const copy = (messages: readonly ChatMessage[]): Message[] => messages.map((m) => ({ role: m.role, content: m.content }));

/** The agent phase, and what is about to be sent. */
export function beginCall(state: AttemptState, ports: StagePorts): void {
  ports.live.emit({ kind: "phase", phase: "agent" });
  ports.live.emit({ kind: "preview", messages: copy(state.request.messages) });
}

/** The state once `reply` answered: the conversation (the request then the reply, unless given whole), the output and its usage. */
export function replied(state: AttemptState, reply: ModelReply, conversation?: readonly Message[]): AttemptState {
  return {
    ...state,
    messages: conversation ?? [...copy(state.request.messages), assistantMessage(reply)],
    output: reply,
    usage: { input_tokens: reply.input_tokens, output_tokens: reply.output_tokens, latency_ms: reply.latency_ms },
  };
}

/** The committed turn: the conversation so far and the call behind it. */
export function commitTurn(state: AttemptState, ports: StagePorts): void {
  const out = state.output;
  ports.live.emit({
    kind: "turn",
    messages: state.messages.map((m) => ({ ...m })),
    model: out?.model ?? null,
    usage: { input_tokens: state.usage.input_tokens, output_tokens: state.usage.output_tokens },
    latency_ms: Math.round(state.usage.latency_ms),
    reward: null,
  });
}
