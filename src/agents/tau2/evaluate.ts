/**
 * τ²'s reward for one simulation, by its evaluator's rules (evaluate_simulation
 * with EvaluationType.ALL, as every τ² run uses):
 *
 * - a run that ended other than by the user's or the agent's stop scores 0;
 * - a task without evaluation criteria scores 1;
 * - DB: the agent's trajectory is replayed on a fresh environment, the gold
 *   actions on another (a gold action that raises is skipped, as τ² does),
 *   and the two databases' hashes (agent's and user's) must be equal;
 * - ENV_ASSERTION: each assertion run on the replayed environment must hold;
 * - ACTION: each gold action must match some tool call of the trajectory
 *   (same name; the compared arguments equal);
 * - COMMUNICATE: each required text must appear, case-insensitively and
 *   with commas removed, in some text the agent said;
 * - NL_ASSERTION: a judge says whether the conversation meets each
 *   assertion (only when the basis holds NL_ASSERTION, as τ³'s evaluator
 *   does), or the verdicts a result file recorded.
 *
 * The reward is the product of the components the task's reward basis
 * names; every component is kept in the result, whether it counts or not.
 * Differences from the reference, each said in the result: where τ² would
 * raise (a recorded tool result the replay answers differently, an
 * assertion whose function raises, an unreadable judge verdict), this
 * records it instead (mismatches listed, the assertion unmet, the NL part
 * unscored: reward null, never 0). Pure apart from the injected judge; no I/O.
 */
import { eq, PyException } from "./py/ops";
import { toPlain, type PyValue } from "./py/values";
import { hasText, toolCallsOf, type Tau2Message, type Tau2ToolCall } from "./messages";
import type { Environment, EnvAssertion, ReplayMismatch } from "./environment";
import type { GoldAction, RewardType, Tau2Task } from "./task";

export type TerminationReason = "user_stop" | "agent_stop" | "max_steps" | "too_many_errors" | "agent_error" | "user_error";
export const TERMINATION_REASONS: readonly TerminationReason[] = ["user_stop", "agent_stop", "max_steps", "too_many_errors", "agent_error", "user_error"];

export interface NlVerdict {
  nl_assertion: string;
  met: boolean;
  justification: string;
}

/** How NL assertions get their verdicts: a judge call, or the verdicts a result file recorded. */
export type NlSource = { kind: "judge"; judge: (messages: { role: "system" | "user"; content: string }[]) => Promise<{ text: string }> } | { kind: "recorded"; verdicts: NlVerdict[] | null };

export interface RewardInfo {
  /** The product over the reward basis; null when a counted component could not be scored (an NL verdict missing). */
  reward: number | null;
  db_check: { db_match: boolean; db_reward: number } | null;
  env_assertions: { env_assertion: { env_type: string; func_name: string; arguments: unknown; assert_value: boolean }; met: boolean; reward: number; error?: string }[] | null;
  action_checks: { action: { action_id: string; requestor: string; name: string; arguments: unknown; compare_args: string[] | null }; action_match: boolean; action_reward: number }[] | null;
  nl_assertions: NlVerdict[] | null;
  communicate_checks: { info: string; met: boolean; justification: string }[] | null;
  reward_basis: RewardType[] | null;
  reward_breakdown: Partial<Record<RewardType, number | null>> | null;
  /** Where each NL verdict came from, when the basis counted them. */
  nl_source: "judge" | "recorded" | null;
  /** Recorded tool results the replay answered differently (τ²'s set_state raises on the first). */
  replay_mismatches: { call_id: string; tool: string; recorded: string; replayed: string }[];
  note: string | null;
}

/** What the evaluator needs: the task, the whole trajectory, how it ended, fresh environments, and NL verdicts. */
export interface EvaluationInput {
  task: Tau2Task;
  messages: readonly Tau2Message[];
  termination: TerminationReason;
  /** A fresh environment of the task's domain; `role` separates the agent's replay from the gold one (telecom's random bill ids). */
  environment: (role: "agent" | "gold") => Environment;
  nl: NlSource;
}

const STOPS: ReadonlySet<string> = new Set(["user_stop", "agent_stop"]);

function emptyInfo(reward: number, note: string): RewardInfo {
  return {
    reward,
    db_check: null,
    env_assertions: null,
    action_checks: null,
    nl_assertions: null,
    communicate_checks: null,
    reward_basis: null,
    reward_breakdown: null,
    nl_source: null,
    replay_mismatches: [],
    note,
  };
}

/** A value as plain JSON for the stored result (Python floats as numbers). */
const plain = (v: PyValue) => toPlain(v);

/** Action.compare_with_tool_call */
export function actionMatches(gold: GoldAction, call: Tau2ToolCall): boolean {
  if (gold.name !== call.name) return false;
  const keys = gold.compare_args ?? [...call.arguments.keys()];
  if (keys.length === 0) return true;
  const pick = (m: Map<string, PyValue>) => new Map([...m].filter(([k]) => keys.includes(k)));
  return eq(pick(call.arguments), pick(gold.arguments));
}

/** CommunicateEvaluator: each text must be in some agent text, lower-cased, commas removed. */
export function communicateChecks(messages: readonly Tau2Message[], infos: readonly string[]): RewardInfo["communicate_checks"] {
  return infos.map((info) => {
    const said = messages.find((m) => m.role === "assistant" && hasText(m) && (m.content ?? "").toLowerCase().replace(/,/g, "").includes(info.toLowerCase()));
    return said
      ? { info, met: true, justification: `Information '${info}' communicated in the message:\n '${(said as { content: string }).content}'` }
      : { info, met: false, justification: `Information '${info}' not communicated.` };
  });
}

function mismatchView(m: ReplayMismatch): RewardInfo["replay_mismatches"][number] {
  return { call_id: m.call.id, tool: m.call.name, recorded: m.recorded.content.slice(0, 2000), replayed: m.replayed.content.slice(0, 2000) };
}

function envComponent(input: EvaluationInput) {
  const crit = input.task.evaluation_criteria!;
  const init = input.task.initial_state;
  const setup = { data: init?.initialization_data ?? null, actions: init?.initialization_actions ?? null };
  if (crit.actions === null && crit.env_assertions === null) {
    return { db_check: { db_match: true, db_reward: 1 }, assertions: [] as RewardInfo["env_assertions"] & object, mismatches: [] as ReplayMismatch[], note: "No expected actions or env assertions" };
  }
  const agent = input.environment("agent");
  const mismatches = agent.setState(setup, input.messages);
  const gold = input.environment("gold");
  gold.setState(setup, init?.message_history ?? []);
  for (const action of crit.actions ?? []) {
    try {
      gold.makeToolCall(action.name, action.requestor, action.arguments);
    } catch (e) {
      if (!(e instanceof PyException)) throw e;
      // τ² logs a gold action that raises and goes on.
    }
  }
  // Equal databases are equal hashes; comparing what either touched spares dumping 7 MB twice per conversation.
  const match = agent.sameDatabases(gold);
  const assertions = (crit.env_assertions ?? []).map((a: EnvAssertion) => {
    const view = { env_type: a.env_type, func_name: a.func_name, arguments: plain(a.arguments), assert_value: a.assert_value };
    try {
      const met = agent.runAssertion(a);
      return { env_assertion: view, met, reward: met ? 1 : 0 };
    } catch (e) {
      if (!(e instanceof PyException)) throw e;
      return { env_assertion: view, met: false, reward: 0, error: `${e.pyType}: ${e.message}` };
    }
  });
  return { db_check: { db_match: match, db_reward: match ? 1 : 0 }, assertions, mismatches, note: null };
}

/** The conversation as τ²'s NL judge reads it: one "role: content" line per message. */
export function conversationText(messages: readonly Tau2Message[]): string {
  return messages.map((m) => `${m.role}: ${m.content === null ? "None" : m.content}`).join("\n");
}

const NL_JUDGE_SYSTEM = [
  "You grade a customer-service conversation between an agent and a customer against a list of expected outcomes.",
  "Judge each expected outcome on its own: did the agent's behaviour in the conversation satisfy it?",
  'Answer with JSON only: {"results": [{"expectedOutcome": "<the outcome as given>", "reasoning": "<one or two sentences>", "metExpectation": true or false}, ...]}, one entry per expected outcome, in the order given.',
].join("\n");

async function judgeNl(messages: readonly Tau2Message[], assertions: readonly string[], judge: Extract<NlSource, { kind: "judge" }>["judge"]): Promise<NlVerdict[] | null> {
  const user = `conversation:\n${conversationText(messages)}\n\nexpectedOutcomes:\n${assertions.map((a, i) => `${i + 1}. ${a}`).join("\n")}`;
  const reply = await judge([
    { role: "system", content: NL_JUDGE_SYSTEM },
    { role: "user", content: user },
  ]);
  const text = reply.text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const results = (parsed as { results?: unknown }).results;
  if (!Array.isArray(results) || results.length !== assertions.length) return null;
  const out: NlVerdict[] = [];
  for (const [i, r] of results.entries()) {
    const met = (r as { metExpectation?: unknown }).metExpectation;
    if (typeof met !== "boolean") return null;
    const why = (r as { reasoning?: unknown }).reasoning;
    out.push({ nl_assertion: assertions[i]!, met, justification: typeof why === "string" ? why : "" });
  }
  return out;
}

/** evaluate_simulation(…, EvaluationType.ALL): the reward and every component. */
export async function evaluateSimulation(input: EvaluationInput): Promise<RewardInfo> {
  if (!STOPS.has(input.termination)) return emptyInfo(0, `Simulation terminated prematurely. Termination reason: ${input.termination}`);
  const crit = input.task.evaluation_criteria;
  if (crit === null) return emptyInfo(1, "No evaluation criteria");
  const basis = new Set(crit.reward_basis);

  const env = envComponent(input);
  let envReward = 1;
  const breakdown: Partial<Record<RewardType, number | null>> = {};
  if (basis.has("DB")) {
    breakdown.DB = env.db_check.db_reward;
    envReward *= env.db_check.db_reward;
  }
  const assertionReward = env.assertions.every((a) => a.met) ? 1 : 0;
  if (basis.has("ENV_ASSERTION")) {
    breakdown.ENV_ASSERTION = assertionReward;
    envReward *= assertionReward;
  }

  const calls = toolCallsOf(input.messages);
  const gold = crit.actions ?? [];
  const actionChecks = gold.map((a) => {
    const match = calls.some((c) => actionMatches(a, c));
    return { action: { action_id: a.action_id, requestor: a.requestor, name: a.name, arguments: plain(a.arguments), compare_args: a.compare_args }, action_match: match, action_reward: match ? 1 : 0 };
  });
  const actionReward = actionChecks.every((c) => c.action_match) ? 1 : 0;

  const infos = crit.communicate_info ?? [];
  const comm = infos.length ? communicateChecks(input.messages, infos) : null;
  const commReward = comm === null || comm.every((c) => c.met) ? 1 : 0;

  const nlAssertions = crit.nl_assertions ?? [];
  let nl: NlVerdict[] | null = null;
  let nlReward: number | null = 1;
  let nlSource: RewardInfo["nl_source"] = null;
  if (basis.has("NL_ASSERTION") && nlAssertions.length) {
    nlSource = input.nl.kind;
    nl = input.nl.kind === "judge" ? await judgeNl(input.messages, nlAssertions, input.nl.judge) : input.nl.verdicts;
    nlReward = nl === null ? null : nl.every((v) => v.met) ? 1 : 0;
  }

  let reward: number | null = 1;
  const times = (x: number | null) => {
    reward = reward === null || x === null ? null : reward * x;
  };
  if (basis.has("DB") || basis.has("ENV_ASSERTION")) times(envReward);
  if (basis.has("ACTION")) {
    breakdown.ACTION = actionReward;
    times(actionReward);
  }
  if (basis.has("NL_ASSERTION")) {
    breakdown.NL_ASSERTION = nlReward;
    times(nlReward);
  }
  if (basis.has("COMMUNICATE")) {
    breakdown.COMMUNICATE = commReward;
    times(commReward);
  }
  return {
    reward,
    db_check: env.db_check,
    env_assertions: env.assertions,
    action_checks: actionChecks,
    nl_assertions: nl,
    communicate_checks: comm,
    reward_basis: [...crit.reward_basis],
    reward_breakdown: breakdown,
    nl_source: nlSource,
    replay_mismatches: env.mismatches.map(mismatchView),
    note: nlSource !== null && nlReward === null ? "The judge gave no readable verdict for the NL assertions: unscored, not 0" : env.note,
  };
}
