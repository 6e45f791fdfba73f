/**
 * The agent-conversation stage (τ²-bench, issue 36): an attempt is one τ²
 * conversation (src/agents/tau2/conversation.ts) on an environment made
 * fresh for it from the task's domain (ports.tau2), the target as the
 * agent with the domain's tools as real tool definitions, the run's user
 * simulator (ports.models.userSimulator: options.user_model, else the
 * judge) as the user. Every call goes through the model port (one
 * connection at a time, bounded by the invocation's time left; budget and
 * cache on the target's calls); each agent turn, tool result and user turn
 * is a live delta. What the loop returns becomes:
 *
 * - the output: the trajectory document the `tau2` scorer replays (as an
 *   import's is), so a re-score needs no model;
 * - the messages: the conversation as the trace keeps it, the agent's
 *   system prompt first;
 * - the store: how it ended (termination reason, why, steps, tool errors)
 *   and what the user simulator spent, for the scored attempt's record;
 * - the target's turns: the agent's model replies (the attempt row's
 *   turns, migration 0046).
 *
 * An attempt that cannot finish within the invocation starts over: once a
 * call was made, running out of time is a counted try (a timeout,
 * retried with backoff like any, with a fresh environment), never a
 * reward; before any call it goes back to the queue untouched. A task row
 * that does not read fails the attempt with why. I/O through ports only.
 */
import { runConversation, traceMessages, type ModelTurn, type TurnMessage, type TurnRequest } from "../../agents/tau2/conversation";
import { isTau2Domain, TAU2_DOMAINS, type Tau2DomainName } from "../../agents/tau2/domain";
import { trajectoryText } from "../../agents/tau2/record";
import { loadsPy } from "../../agents/tau2/py/json";
import { FieldReader, readTask, Tau2FormatError, type Tau2Task } from "../../agents/tau2/task";
import { agentSystemPrompt } from "../../agents/tau2/prompts";
import type { Message } from "../../live/deltas";
import { ProviderError } from "../../providers/errors";
import type { ChatMessage } from "../../providers/types";
import { OutOfTime } from "../model-port";
import type { ModelPort, ModelReply } from "../ports";
import { StageError, type AttemptState, type AttemptTask, type Stage, type StagePorts } from "../stage";

/** What the stage keeps for the attempt's record (AttemptState.store.conversation). */
export interface ConversationRecord {
  domain: Tau2DomainName;
  task_id: string;
  termination_reason: string;
  /** Why it ended, in words. */
  note: string;
  steps: number;
  tool_errors: number;
  /** The user simulator's model and what its calls spent (not counted in the attempt's tokens or cost, which are the target's). */
  user_model: string;
  user_usage: { calls: number; input_tokens: number | null; output_tokens: number | null };
}

/** The task a τ² row holds: its domain (the row's `domain`) and its task (`task`, τ²'s JSON). */
export function tau2TaskOf(row: Readonly<Record<string, unknown>>): { domain: Tau2DomainName; task: Tau2Task } {
  const domain = row.domain;
  if (!isTau2Domain(domain)) throw new StageError("τ² task", `the row's domain ${JSON.stringify(domain)} is not one of ${TAU2_DOMAINS.join(", ")}`);
  const text = typeof row.task === "string" ? row.task : row.task !== null && typeof row.task === "object" ? JSON.stringify(row.task) : null;
  if (text === null) throw new StageError("τ² task", "the row holds no task (column task)");
  try {
    return { domain, task: readTask(new FieldReader(loadsPy(text), "task")) };
  } catch (e) {
    if (e instanceof Tau2FormatError) throw new StageError("τ² task", `${e.field} ${e.message}`);
    throw new StageError("τ² task", `the row's task is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** A turn's request as the model port sends it: the system prompt, then the conversation as this side sees it. */
function callMessages(req: TurnRequest): ChatMessage[] {
  const out: ChatMessage[] = [{ role: "system", content: req.system }];
  for (const m of req.messages as TurnMessage[]) {
    if (m.role === "tool") out.push({ role: "tool", tool_call_id: m.tool_call_id, content: m.content });
    else out.push({ role: m.role, content: m.content ?? "", ...(m.tool_calls?.length ? { tool_calls: m.tool_calls } : {}) });
  }
  return out;
}

/** Tokens summed over calls; null once a call reported none. */
class Tally {
  calls = 0;
  cachedCalls = 0;
  input: number | null = 0;
  output: number | null = 0;
  latency = 0;
  model: string | null = null;
  add(r: ModelReply): void {
    this.calls += 1;
    if (r.cached) this.cachedCalls += 1;
    this.input = this.input === null || r.input_tokens === null ? null : this.input + r.input_tokens;
    this.output = this.output === null || r.output_tokens === null ? null : this.output + r.output_tokens;
    this.latency += r.latency_ms;
    this.model = r.model;
  }
}

/** One side of the conversation: a model port called with the turn's request, its reply as the loop reads it. */
function side(port: ModelPort, tally: Tally, sampling: { temperature: number; top_p?: number | undefined; max_output_tokens: number }) {
  return async (req: TurnRequest): Promise<ModelTurn> => {
    const r = await port.chat({ messages: callMessages(req), ...(req.tools?.length ? { tools: req.tools } : {}), ...sampling });
    tally.add(r);
    return {
      text: r.text === "" ? null : r.text,
      tool_calls: r.tool_calls?.length ? r.tool_calls : null,
      model: r.model,
      usage: { input_tokens: r.input_tokens, output_tokens: r.output_tokens },
      latency_ms: Math.round(r.latency_ms),
    };
  };
}

const outOfTime = (calls: number) =>
  new ProviderError("timeout", `the invocation's time ran out after ${calls} model calls of this conversation; it starts over with a fresh environment on the next try`);

export const agentConversationStage: Stage = {
  name: "agent conversation",
  conversation: true,
  render(task: AttemptTask) {
    // What the trace shows before the conversation starts; the agent's real system prompt needs the domain's policy.
    const domain = typeof task.row.domain === "string" ? task.row.domain : "?";
    const id = typeof task.row.id === "string" ? task.row.id : "?";
    return { messages: [{ role: "system", content: `τ²-bench ${domain} task ${id}: the agent (the target) talks with a simulated user and acts through the domain's tools` }] };
  },
  async run(state: AttemptState, ports: StagePorts): Promise<AttemptState> {
    const { domain: name, task } = tau2TaskOf(state.task.row);
    if (!ports.tau2) throw new StageError("τ² data", "this deployment cannot load τ² domains");
    const user = ports.models.userSimulator;
    if (!user) throw new StageError("user simulator", "the run has no user model: set options.user_model, or a judge (the default user model)");
    ports.live.emit({ kind: "phase", phase: "setup" });
    let domain, guidelines;
    try {
      domain = await ports.tau2.domain(name);
      guidelines = await ports.tau2.userGuidelines(domain.userTools);
    } catch (e) {
      throw new StageError("τ² data", e instanceof Error ? e.message : String(e));
    }
    const agent = new Tally();
    const simulator = new Tally();
    const { temperature, top_p, max_output_tokens } = state.task.sampling;
    let result;
    try {
      result = await runConversation(
        { domain, task, userGuidelines: guidelines },
        {
          agent: side(ports.models.target, agent, { temperature, ...(top_p !== undefined && { top_p }), max_output_tokens }),
          // τ²'s user simulator runs at temperature 0 whatever the agent's sampling.
          user: side(user, simulator, { temperature: 0, max_output_tokens }),
          // The loop's own setup phase is this stage's, sent above before the domain loaded.
          emit: (d) => (d.kind === "phase" && d.phase === "setup" ? undefined : ports.live.emit(d as Parameters<StagePorts["live"]["emit"]>[0])),
          clock: ports.clock,
        },
      );
    } catch (e) {
      // Out of the invocation's time mid-conversation: a counted try, started over; before any call, back untouched.
      if (e instanceof OutOfTime && agent.calls + simulator.calls > 0) throw outOfTime(agent.calls + simulator.calls);
      throw e;
    }
    if (result.termination_reason === "timeout") throw outOfTime(agent.calls + simulator.calls);
    const record: ConversationRecord = {
      domain: name,
      task_id: task.id,
      termination_reason: result.termination_reason,
      note: result.note,
      steps: result.steps,
      tool_errors: result.errors,
      user_model: simulator.model ?? user.model,
      user_usage: { calls: simulator.calls, input_tokens: simulator.input, output_tokens: simulator.output },
    };
    const doc = trajectoryText({ termination_reason: result.termination_reason, messages: result.messages, solo: false, nl_verdicts: null, recorded_reward: null, note: result.note });
    const system = { role: "system" as const, content: agentSystemPrompt(domain.policy()) };
    return {
      ...state,
      request: { messages: [system] },
      messages: [system, ...traceMessages(result.messages)] as Message[],
      output: {
        text: doc,
        input_tokens: agent.input,
        output_tokens: agent.output,
        latency_ms: agent.latency,
        model: agent.model ?? ports.models.target.model,
        truncated: null,
        cached: agent.calls > 0 && agent.cachedCalls === agent.calls,
      },
      usage: { input_tokens: agent.input, output_tokens: agent.output, latency_ms: agent.latency },
      store: { ...state.store, conversation: record },
      // Every reply the target gave (the one that ended an agent_error conversation too): not τ²'s fixed greeting, not the user simulator's turns.
      targetTurns: agent.calls,
    };
  },
};
