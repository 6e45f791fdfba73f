/**
 * A trial's trajectory in ATIF and back: Assay's committed turns (the
 * OpenAI-shaped messages each model call added, with the call's model,
 * usage and time) become ATIF steps, and an ATIF trajectory (an imported
 * Harbor trial's) becomes turns the steps view and run page show.
 *
 * Export: system and developer messages are system steps, user messages
 * user steps, assistant messages agent steps (their tool calls with JSON
 * arguments parsed; arguments that are not a JSON object are kept as
 * `{"input": "<text>"}`, since ATIF requires an object); a tool message is
 * an observation result on the agent step whose call it answers, or on a
 * system step of its own when no step made that call. The turn's usage is
 * the metrics of its last agent step. final_metrics sums the steps.
 * Always valid under validateAtif (the tests hold every export to it).
 * Pure, no I/O.
 */
import type { Message, Usage } from "../live/deltas";
import type { TurnRecord } from "../live/steps";
import { ATIF_VERSION, type AtifStep, type AtifTrajectory } from "./atif";

export interface TrajectoryMeta {
  /** The ATIF session: the trial's id. */
  session_id: string;
  agent: { name: string; version: string; model_name?: string | null };
  /** Root `extra`: Assay's own facts about the trial (run, reward, status). */
  extra?: Record<string, unknown>;
  notes?: string;
}

/** A message's text: a string, or its text parts joined (other parts named in brackets). */
export function messageText(content: Message["content"]): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p) => {
      if (typeof p === "string") return p;
      const part = p as { type?: unknown; text?: unknown };
      return typeof part.text === "string" ? part.text : `[${typeof part.type === "string" ? part.type : "part"}]`;
    })
    .join("");
}

function parseArguments(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v === "object" && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // not JSON: kept as text below
  }
  return { input: raw };
}

const metricsOf = (usage: Usage | null): AtifStep["metrics"] =>
  usage && (usage.input_tokens !== null || usage.output_tokens !== null)
    ? { ...(usage.input_tokens !== null ? { prompt_tokens: usage.input_tokens } : {}), ...(usage.output_tokens !== null ? { completion_tokens: usage.output_tokens } : {}) }
    : undefined;

/** Committed turns → an ATIF trajectory; null when there is not one message (ATIF needs a step). */
export function turnsToAtif(turns: readonly TurnRecord[], meta: TrajectoryMeta): AtifTrajectory | null {
  const steps: AtifStep[] = [];
  const push = (s: Omit<AtifStep, "step_id">) => steps.push({ step_id: steps.length + 1, ...s } as AtifStep);
  for (const turn of turns) {
    let lastAgent: AtifStep | null = null;
    const at = turn.at ?? undefined;
    for (const m of turn.messages) {
      if (m.role === "assistant") {
        const calls = (m.tool_calls ?? []).map((c) => ({ tool_call_id: c.id, function_name: c.function.name, arguments: parseArguments(c.function.arguments) }));
        const reasoning = typeof m.reasoning_content === "string" ? m.reasoning_content : undefined;
        push({
          source: "agent",
          message: messageText(m.content),
          ...(at ? { timestamp: at } : {}),
          ...(turn.model ? { model_name: turn.model } : {}),
          ...(reasoning ? { reasoning_content: reasoning } : {}),
          ...(calls.length ? { tool_calls: calls } : {}),
        });
        lastAgent = steps.at(-1)!;
      } else if (m.role === "tool") {
        // The result goes to the step whose call it answers, else stands alone (a system step may carry an observation).
        const owner = [...steps].reverse().find((s) => s.source === "agent" && s.tool_calls?.some((c) => c.tool_call_id === m.tool_call_id));
        const result = { ...(owner ? { source_call_id: m.tool_call_id! } : {}), content: messageText(m.content) };
        if (owner) owner.observation = { results: [...(owner.observation?.results ?? []), result] };
        else push({ source: "system", message: "", ...(at ? { timestamp: at } : {}), observation: { results: [result] }, extra: { tool_call_id: m.tool_call_id ?? null } });
      } else {
        push({ source: m.role === "user" ? "user" : "system", message: messageText(m.content), ...(at ? { timestamp: at } : {}) });
      }
    }
    const metrics = metricsOf(turn.usage);
    if (lastAgent && metrics) lastAgent.metrics = metrics;
  }
  if (!steps.length) return null;
  const total = (k: "prompt_tokens" | "completion_tokens") => {
    const v = steps.map((s) => s.metrics?.[k]).filter((x): x is number => typeof x === "number");
    return v.length ? v.reduce((a, b) => a + b, 0) : undefined;
  };
  const prompt = total("prompt_tokens");
  const completion = total("completion_tokens");
  return {
    schema_version: ATIF_VERSION,
    session_id: meta.session_id,
    agent: { name: meta.agent.name, version: meta.agent.version, ...(meta.agent.model_name ? { model_name: meta.agent.model_name } : {}) },
    steps,
    ...(meta.notes ? { notes: meta.notes } : {}),
    final_metrics: { ...(prompt !== undefined ? { total_prompt_tokens: prompt } : {}), ...(completion !== undefined ? { total_completion_tokens: completion } : {}), total_steps: steps.length },
    ...(meta.extra ? { extra: meta.extra } : {}),
  };
}

/**
 * An ATIF trajectory → turns: one turn per agent step (the user and system
 * steps before it, then its reply with its tool calls, then its
 * observations as tool messages); steps after the last agent step make a
 * turn of their own. Usage from the step's metrics.
 */
export function atifToTurns(t: AtifTrajectory): TurnRecord[] {
  const turns: TurnRecord[] = [];
  let pending: Message[] = [];
  const flush = (extra: Partial<TurnRecord> = {}) => {
    if (!pending.length) return;
    turns.push({ messages: pending, model: null, usage: null, latency_ms: null, reward: null, at: null, ...extra });
    pending = [];
  };
  for (const s of t.steps) {
    const observations = (s.observation?.results ?? []).map((r, i) => ({ role: "tool" as const, content: r.content ?? "", tool_call_id: r.source_call_id ?? `observation-${s.step_id}-${i + 1}` }));
    if (s.source !== "agent") {
      pending.push({ role: s.source === "user" ? "user" : "system", content: s.message });
      // An observation on a system step has no call: shown as the system's message.
      for (const o of observations) pending.push({ role: "system", content: o.content });
      continue;
    }
    const calls = (s.tool_calls ?? []).map((c) => ({ id: c.tool_call_id, type: "function", function: { name: c.function_name, arguments: JSON.stringify(c.arguments) } }));
    pending.push({ role: "assistant", content: s.message, ...(calls.length ? { tool_calls: calls } : {}) });
    const unanswered = observations.filter((o) => !calls.some((c) => c.id === o.tool_call_id));
    pending.push(...observations.filter((o) => !unanswered.includes(o)), ...unanswered.map((o) => ({ role: "system" as const, content: o.content })));
    const m = s.metrics;
    flush({
      model: s.model_name ?? t.agent.model_name ?? null,
      usage: m && (m.prompt_tokens != null || m.completion_tokens != null) ? { input_tokens: m.prompt_tokens ?? null, output_tokens: m.completion_tokens ?? null } : null,
      at: s.timestamp ?? null,
    });
  }
  flush();
  return turns;
}
