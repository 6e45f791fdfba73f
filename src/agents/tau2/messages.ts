/**
 * τ²'s conversation messages and tool calls as Assay holds them: the agent
 * (assistant) and the user simulator speak text or make tool calls (routed
 * by requestor: the agent's tools or, in telecom, the user's own device
 * tools); a tool message answers one call by id. Arguments keep Python's
 * values (src/agents/tau2/py) so a replay passes the tools what the
 * reference passed. Pure, no I/O.
 */
import type { PyValue } from "./py/values";

export type Requestor = "assistant" | "user";

export interface Tau2ToolCall {
  id: string;
  name: string;
  arguments: Map<string, PyValue>;
  requestor: Requestor;
}

export interface ParticipantMessage {
  role: "assistant" | "user";
  content: string | null;
  tool_calls: Tau2ToolCall[] | null;
}

export interface ToolMessage {
  role: "tool";
  /** The id of the call it answers. */
  id: string;
  content: string;
  requestor: Requestor;
  /** Whether the call raised; null in files written before τ² recorded it. */
  error: boolean | null;
}

export interface SystemMessage {
  role: "system";
  content: string;
}

export type Tau2Message = ParticipantMessage | ToolMessage | SystemMessage;

/** Whether a message carries text (τ²'s has_text_content: a non-blank string). */
export function hasText(m: ParticipantMessage): boolean {
  return typeof m.content === "string" && m.content.trim() !== "";
}

export function isToolCall(m: Tau2Message): m is ParticipantMessage & { tool_calls: Tau2ToolCall[] } {
  return (m.role === "assistant" || m.role === "user") && Array.isArray(m.tool_calls) && m.tool_calls.length > 0;
}

/** Every tool call of the agent's and the user's messages, in order. */
export function toolCallsOf(messages: readonly Tau2Message[]): Tau2ToolCall[] {
  return messages.flatMap((m) => (isToolCall(m) ? m.tool_calls : []));
}

/** The user simulator's stop tokens: the scenario is done, the user was transferred, or the scenario cannot go on. */
export const STOP_TOKEN = "###STOP###";
export const TRANSFER_TOKEN = "###TRANSFER###";
export const OUT_OF_SCOPE_TOKEN = "###OUT-OF-SCOPE###";

/** τ²'s UserSimulator.is_stop: a text message holding one of the stop tokens. */
export function isUserStop(m: ParticipantMessage): boolean {
  if (isToolCall(m)) return false;
  const text = m.content ?? "";
  return text.includes(STOP_TOKEN) || text.includes(TRANSFER_TOKEN) || text.includes(OUT_OF_SCOPE_TOKEN);
}

/** The first message of every conversation, said by the agent before the user speaks. */
export const FIRST_AGENT_MESSAGE = "Hi! How can I help you today?";
