/**
 * A τ² conversation, run: the agent greets, the user simulator answers from
 * its scenario, the agent replies or calls tools, each tool call is executed
 * on the attempt's own environment and its result handed back, and so on,
 * as τ²'s orchestrator steps (agent → environment → agent → … → user),
 * until the user says a stop token (###STOP###, ###TRANSFER###,
 * ###OUT-OF-SCOPE###), a solo agent calls `done`, or a limit is reached:
 * max_steps steps (200 by default, as τ² runs) or max_errors tool errors
 * (10), or the invocation's time. A tool call with wrong arguments gets the
 * tool's error as its result and the conversation goes on, as in τ²; a tool
 * call the endpoint malformed (arguments that are not a JSON object), an
 * empty message, or a solo agent's text end the attempt with agent_error
 * (user_error for the user), with the reason, never a crash.
 *
 * Each step is a live delta (one per agent turn, per tool result, per user
 * turn; phases setup then agent). Models, deltas and time come through
 * ports; the environment is made fresh for the attempt. What the loop
 * returns is the trajectory document the tau2 scorer replays (as τ²'s
 * evaluator replays the recorded messages) and the live environment.
 * Pure apart from the ports; no I/O of its own.
 */
import type { Tau2Domain } from "./domain";
import type { Environment } from "./environment";
import type { TerminationReason } from "./evaluate";
import { FIRST_AGENT_MESSAGE, hasText, isToolCall, isUserStop, STOP_TOKEN, type ParticipantMessage, type Tau2Message, type Tau2ToolCall, type ToolMessage } from "./messages";
import { agentSystemPrompt, DONE_TOOL, userSystemPrompt } from "./prompts";
import { loadsPy } from "./py/json";
import type { PyValue } from "./py/values";
import type { Tau2Task } from "./task";
import type { ToolCall } from "../../domain/tools";
import type { ToolDefinition } from "./toolkit";

/** τ²'s defaults (DEFAULT_MAX_STEPS, DEFAULT_MAX_ERRORS). */
export const DEFAULT_LIMITS = { max_steps: 200, max_errors: 10 } as const;

/** A tool call as an endpoint sends it (the providers' ToolCall): arguments as the JSON text it returned. */
export type ModelToolCall = ToolCall;

/** A message as a model sees it (OpenAI's chat shape). */
export type TurnMessage = { role: "user" | "assistant"; content: string | null; tool_calls?: ModelToolCall[] } | { role: "tool"; tool_call_id: string; content: string };

export interface TurnRequest {
  system: string;
  messages: TurnMessage[];
  tools: ToolDefinition[] | null;
}

/** A model's reply. */
export interface ModelTurn {
  text: string | null;
  tool_calls: ModelToolCall[] | null;
  model?: string;
  usage?: { input_tokens: number | null; output_tokens: number | null };
  latency_ms?: number;
}

/** A live delta as the loop sends it (src/live/deltas.ts RunnerEvent's phase and turn). */
export type ConversationDelta =
  | { kind: "phase"; phase: "setup" | "agent" }
  | {
      kind: "turn";
      messages: Record<string, unknown>[];
      model: string | null;
      usage: { input_tokens: number | null; output_tokens: number | null } | null;
      latency_ms: number | null;
      reward: null;
    };

export interface ConversationPorts {
  /** The model under test. */
  agent(req: TurnRequest): Promise<ModelTurn>;
  /** The user simulator's model (not called in solo mode). */
  user(req: TurnRequest): Promise<ModelTurn>;
  emit(delta: ConversationDelta): void;
  /** Epoch ms now and the time the conversation must stop by; absent: no time limit. */
  clock?: { now(): number; deadline(): number };
}

export interface ConversationInput {
  domain: Tau2Domain;
  task: Tau2Task;
  /** The user simulator's guidelines (τ²'s simulation_guidelines.md; the _tools variant when the user has tools). */
  userGuidelines: string;
  /** The agent works the task's ticket alone with the user's tools too (telecom). */
  solo?: boolean;
  limits?: { max_steps?: number; max_errors?: number };
}

export interface ConversationResult {
  messages: Tau2Message[];
  termination_reason: TerminationReason | "timeout";
  /** Why it ended, in words (the stop token, the limit, the malformed call). */
  note: string;
  steps: number;
  errors: number;
  environment: Environment;
}

class ConversationEnd extends Error {
  readonly reason: TerminationReason;
  constructor(reason: TerminationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

let callSeq = 0;

/** A model's tool calls as the environment takes them; a call whose arguments are not a JSON object ends the conversation. */
function toToolCalls(calls: ModelToolCall[] | null, requestor: "assistant" | "user"): Tau2ToolCall[] | null {
  if (!calls || !calls.length) return null;
  return calls.map((c, i) => {
    let args: PyValue;
    try {
      args = c.arguments.trim() === "" ? new Map() : loadsPy(c.arguments);
    } catch {
      throw new ConversationEnd(requestor === "user" ? "user_error" : "agent_error", `malformed tool call ${i + 1} (${c.name}): its arguments are not JSON: ${c.arguments.slice(0, 200)}`);
    }
    if (!(args instanceof Map)) throw new ConversationEnd(requestor === "user" ? "user_error" : "agent_error", `malformed tool call ${i + 1} (${c.name}): its arguments are not a JSON object`);
    if (typeof c.name !== "string" || !c.name) throw new ConversationEnd(requestor === "user" ? "user_error" : "agent_error", `malformed tool call ${i + 1}: it names no tool`);
    return { id: c.id || `call_${++callSeq}`, name: c.name, arguments: args, requestor };
  });
}

const wireCall = (c: Tau2ToolCall): ModelToolCall => ({ id: c.id, name: c.name, arguments: jsonArgs(c.arguments) });

function jsonArgs(m: Map<string, PyValue>): string {
  return JSON.stringify(Object.fromEntries([...m].map(([k, v]) => [k, plain(v)])));
}

function plain(v: PyValue): unknown {
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === "object" && "v" in v) return (v as { v: number }).v;
  return v;
}

/** The conversation as the agent sees it: its own messages, the user's text, the results of its own calls. */
function agentView(history: readonly Tau2Message[]): TurnMessage[] {
  const out: TurnMessage[] = [];
  for (const m of history) {
    if (m.role === "assistant") out.push({ role: "assistant", content: m.content, ...(m.tool_calls ? { tool_calls: m.tool_calls.map(wireCall) } : {}) });
    else if (m.role === "user" && !isToolCall(m)) out.push({ role: "user", content: m.content });
    else if (m.role === "tool" && m.requestor === "assistant") out.push({ role: "tool", tool_call_id: m.id, content: m.content });
  }
  return out;
}

/** The conversation as the user simulator sees it, roles flipped (τ²'s flip_roles): the agent's text as the user's, its own turns as the assistant's. */
function userView(history: readonly Tau2Message[]): TurnMessage[] {
  const out: TurnMessage[] = [];
  for (const m of history) {
    if (m.role === "user") out.push({ role: "assistant", content: m.content, ...(m.tool_calls ? { tool_calls: m.tool_calls.map(wireCall) } : {}) });
    else if (m.role === "assistant" && !isToolCall(m)) out.push({ role: "user", content: m.content });
    else if (m.role === "tool" && m.requestor === "user") out.push({ role: "tool", tool_call_id: m.id, content: m.content });
  }
  return out;
}

/**
 * A message as the live trace shows it (OpenAI's shape: tool calls as such,
 * not as text): a tool result names its tool and whose call it answers
 * (`requestor`: the agent's, or the user's on their phone), and says when
 * it is the tool's error.
 */
function deltaMessage(m: Tau2Message, toolName?: string): Record<string, unknown> {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.id, content: m.content, ...(toolName ? { name: toolName } : {}), requestor: m.requestor, ...(m.error ? { error: true } : {}) };
  if (m.role === "system") return { role: "system", content: m.content };
  return {
    role: m.role,
    content: m.content,
    ...(m.tool_calls ? { tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: jsonArgs(c.arguments) } })) } : {}),
  };
}

/** A whole conversation as the trace keeps it (the messages the live deltas carried, in order). */
export function traceMessages(history: readonly Tau2Message[]): Record<string, unknown>[] {
  const names = new Map<string, string>();
  return history.map((m) => {
    if (isToolCall(m)) for (const c of m.tool_calls) names.set(c.id, c.name);
    return deltaMessage(m, m.role === "tool" ? names.get(m.id) : undefined);
  });
}

export async function runConversation(input: ConversationInput, ports: ConversationPorts): Promise<ConversationResult> {
  const { domain, task } = input;
  const solo = input.solo === true;
  const maxSteps = input.limits?.max_steps ?? DEFAULT_LIMITS.max_steps;
  const maxErrors = input.limits?.max_errors ?? DEFAULT_LIMITS.max_errors;
  if (solo && !domain.solo) throw new Error(`the ${domain.name} domain has no solo mode`);
  if (solo && !task.ticket) throw new Error(`task ${task.id} has no ticket for a solo agent`);
  if (task.initial_state?.message_history?.length) throw new Error(`task ${task.id} starts from a message history, which Assay's loop does not resume yet`);

  ports.emit({ kind: "phase", phase: "setup" });
  const env = domain.environment("agent", { soloMode: solo });
  const init = task.initial_state;
  env.setState({ data: init?.initialization_data ?? null, actions: init?.initialization_actions ?? null }, []);
  const agentTools = solo ? [...env.agentToolDefinitions(), DONE_TOOL] : env.agentToolDefinitions();
  const userTools = env.userToolDefinitions();
  const agentSystem = agentSystemPrompt(domain.policy(solo), solo ? { ticket: task.ticket! } : null);
  const userSystem = userSystemPrompt(input.userGuidelines, task);

  const history: Tau2Message[] = [];
  let steps = 0;
  let errors = 0;
  const turn = (m: Tau2Message, reply: ModelTurn | null, toolName?: string) =>
    ports.emit({ kind: "turn", messages: [deltaMessage(m, toolName)], model: reply?.model ?? null, usage: reply?.usage ?? null, latency_ms: reply?.latency_ms ?? null, reward: null });
  const end = (reason: TerminationReason | "timeout", note: string): ConversationResult => ({ messages: history, termination_reason: reason, note, steps, errors, environment: env });

  ports.emit({ kind: "phase", phase: "agent" });
  type Next = "agent" | "user" | "env";
  let next: Next;
  let pending: ParticipantMessage;
  if (!solo) {
    pending = { role: "assistant", content: FIRST_AGENT_MESSAGE, tool_calls: null };
    history.push(pending);
    turn(pending, null);
    next = "user";
  } else {
    next = "agent";
    pending = { role: "assistant", content: null, tool_calls: null };
  }

  try {
    for (;;) {
      if (next !== "env") {
        if (steps >= maxSteps) return end("max_steps", `stopped after ${maxSteps} steps`);
        if (errors >= maxErrors) return end("too_many_errors", `stopped after ${errors} tool errors`);
        if (ports.clock && ports.clock.now() >= ports.clock.deadline()) return end("timeout", "the attempt ran out of time");
      }
      if (next === "user") {
        const reply = await ports.user({ system: userSystem, messages: userView(history), tools: userTools });
        const msg: ParticipantMessage = { role: "user", content: reply.text, tool_calls: toToolCalls(reply.tool_calls, "user") };
        if (!hasText(msg) && !isToolCall(msg)) throw new ConversationEnd("user_error", "the user simulator sent an empty message");
        history.push(msg);
        turn(msg, reply);
        steps += 1;
        if (isUserStop(msg)) return end("user_stop", "the user simulator ended the conversation");
        pending = msg;
        next = isToolCall(msg) ? "env" : "agent";
      } else if (next === "agent") {
        const reply = await ports.agent({ system: agentSystem, messages: agentView(history), tools: agentTools });
        let msg: ParticipantMessage = { role: "assistant", content: reply.text, tool_calls: toToolCalls(reply.tool_calls, "assistant") };
        if (solo && msg.tool_calls?.some((c) => c.name === DONE_TOOL.name)) msg = { role: "assistant", content: STOP_TOKEN, tool_calls: null };
        if (!hasText(msg) && !isToolCall(msg)) throw new ConversationEnd("agent_error", "the agent sent an empty message");
        history.push(msg);
        turn(msg, reply);
        steps += 1;
        if (solo && msg.content === STOP_TOKEN) return end("agent_stop", "the agent called done");
        if (solo && !isToolCall(msg)) throw new ConversationEnd("agent_error", "a solo agent may only make tool calls");
        pending = msg;
        next = isToolCall(msg) ? "env" : "user";
      } else {
        const results: ToolMessage[] = [];
        for (const call of pending.tool_calls ?? []) {
          const r = env.getResponse(call);
          if (r.error) errors += 1;
          results.push(r);
          history.push(r);
          turn(r, null, call.name);
        }
        steps += 1;
        next = pending.role === "assistant" ? "agent" : "user";
      }
    }
  } catch (e) {
    if (e instanceof ConversationEnd) return end(e.reason, e.message);
    throw e;
  }
}
