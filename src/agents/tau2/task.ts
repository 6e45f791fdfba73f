/**
 * A τ² task as Assay reads it from a tasks file or a result file's
 * `tasks[]`: the user scenario (what the user simulator is told), the
 * initial state (initialization data and actions, message history), and
 * the evaluation criteria (gold actions, environment assertions,
 * communicate info, NL assertions, reward basis; τ²'s default basis is
 * DB + COMMUNICATE). Values stay Python values (a gold argument of 2.0 is a
 * float). A malformed task is a Tau2FormatError naming the field.
 * Pure, no I/O.
 */
import { str as pyStr } from "./py/ops";
import type { PyValue } from "./py/values";
import type { EnvAssertion, EnvFunctionCall } from "./environment";
import type { Requestor, Tau2Message, Tau2ToolCall } from "./messages";

export const REWARD_TYPES = ["DB", "ENV_ASSERTION", "NL_ASSERTION", "ACTION", "COMMUNICATE"] as const;
export type RewardType = (typeof REWARD_TYPES)[number];
export const DEFAULT_REWARD_BASIS: readonly RewardType[] = ["DB", "COMMUNICATE"];

/** A file that is not what it claims: `field` says where, as `tasks[3].evaluation_criteria.actions[0].name`. */
export class Tau2FormatError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

export interface GoldAction {
  action_id: string;
  requestor: Requestor;
  name: string;
  arguments: Map<string, PyValue>;
  /** Arguments compared with the agent's call; null: all the call's arguments. */
  compare_args: string[] | null;
}

export interface EvaluationCriteria {
  actions: GoldAction[] | null;
  env_assertions: EnvAssertion[] | null;
  communicate_info: string[] | null;
  nl_assertions: string[] | null;
  reward_basis: RewardType[];
}

export interface Tau2Task {
  id: string;
  /** The user scenario as the task states it (persona, instructions: text or structured). */
  user_scenario: PyValue;
  /** The ticket a solo agent works from (telecom). */
  ticket: string | null;
  initial_state: {
    initialization_data: { agent_data: PyValue; user_data: PyValue } | null;
    initialization_actions: EnvFunctionCall[] | null;
    message_history: Tau2Message[] | null;
  } | null;
  evaluation_criteria: EvaluationCriteria | null;
}

/** Reading helpers over a parsed JSON value, each failure naming its field. */
export class FieldReader {
  readonly v: PyValue;
  readonly path: string;
  constructor(v: PyValue, path: string) {
    this.v = v;
    this.path = path;
  }
  fail(message: string): never {
    throw new Tau2FormatError(this.path, message);
  }
  dict(): Map<string, PyValue> {
    if (!(this.v instanceof Map)) this.fail("must be an object");
    return this.v as Map<string, PyValue>;
  }
  has(key: string): boolean {
    return this.dict().has(key) && this.dict().get(key) !== null;
  }
  /** The field `key`; null (absent) when this value is absent, so only what must be there is checked. */
  at(key: string): FieldReader {
    const v = this.v === null ? null : (this.dict().get(key) ?? null);
    return new FieldReader(v, this.path ? `${this.path}.${key}` : key);
  }
  str(): string {
    if (typeof this.v !== "string") this.fail("must be a string");
    return this.v as string;
  }
  optStr(): string | null {
    return this.v === null ? null : this.str();
  }
  bool(dflt?: boolean): boolean {
    if (this.v === null && dflt !== undefined) return dflt;
    if (typeof this.v !== "boolean") this.fail("must be true or false");
    return this.v as boolean;
  }
  list(): FieldReader[] {
    if (!Array.isArray(this.v)) this.fail("must be a list");
    return (this.v as PyValue[]).map((x, i) => new FieldReader(x, `${this.path}[${i}]`));
  }
  optList(): FieldReader[] | null {
    return this.v === null ? null : this.list();
  }
  strList(): string[] {
    return this.list().map((r) => r.str());
  }
  args(): Map<string, PyValue> {
    return this.v === null ? new Map() : this.dict();
  }
  requestor(dflt: Requestor = "assistant"): Requestor {
    if (this.v === null) return dflt;
    if (this.v !== "assistant" && this.v !== "user") this.fail("must be 'assistant' or 'user'");
    return this.v as Requestor;
  }
}

function functionCall(r: FieldReader): EnvFunctionCall {
  return { env_type: r.at("env_type").requestor(), func_name: r.at("func_name").str(), arguments: r.at("arguments").args() };
}

function criteria(r: FieldReader): EvaluationCriteria {
  const basis = r.at("reward_basis").v === null ? [...DEFAULT_REWARD_BASIS] : r.at("reward_basis").strList();
  for (const [i, b] of basis.entries()) {
    if (!(REWARD_TYPES as readonly string[]).includes(b)) throw new Tau2FormatError(`${r.path}.reward_basis[${i}]`, `must be one of ${REWARD_TYPES.join(", ")}`);
  }
  return {
    actions:
      r.at("actions").optList()?.map((a) => ({
        action_id: a.at("action_id").str(),
        requestor: a.at("requestor").requestor(),
        name: a.at("name").str(),
        arguments: a.at("arguments").args(),
        compare_args: a.at("compare_args").v === null ? null : a.at("compare_args").strList(),
      })) ?? null,
    env_assertions:
      r.at("env_assertions").optList()?.map((a) => ({ ...functionCall(a), assert_value: a.at("assert_value").bool(true), message: a.at("message").optStr() })) ?? null,
    communicate_info: r.at("communicate_info").v === null ? null : r.at("communicate_info").strList(),
    nl_assertions: r.at("nl_assertions").v === null ? null : r.at("nl_assertions").strList(),
    reward_basis: basis as RewardType[],
  };
}

/** A message of τ²'s format (a task's message history, a simulation's messages). */
export function readMessage(r: FieldReader): Tau2Message {
  const role = r.at("role").str();
  if (role === "tool") {
    const error = r.at("error").v === null ? null : r.at("error").bool();
    return { role: "tool", id: r.at("id").str(), content: r.at("content").optStr() ?? "", requestor: r.at("requestor").requestor(), error };
  }
  if (role === "system") return { role: "system", content: r.at("content").optStr() ?? "" };
  if (role !== "assistant" && role !== "user") r.at("role").fail("must be assistant, user, tool or system");
  const calls: Tau2ToolCall[] | null =
    r.at("tool_calls").optList()?.map((c) => ({
      id: c.at("id").v === null ? "" : c.at("id").str(),
      name: c.at("name").str(),
      arguments: c.at("arguments").args(),
      requestor: c.at("requestor").requestor(role as Requestor),
    })) ?? null;
  const content = r.at("content").v;
  return { role: role as Requestor, content: content === null ? null : typeof content === "string" ? content : pyStr(content), tool_calls: calls && calls.length ? calls : null };
}

/** Reads one task of τ²'s format. */
export function readTask(r: FieldReader): Tau2Task {
  const st = r.at("initial_state");
  const init = st.v === null ? null : st;
  const data = init?.at("initialization_data");
  return {
    id: r.at("id").str(),
    user_scenario: r.at("user_scenario").dict(),
    ticket: r.at("ticket").optStr(),
    initial_state: init
      ? {
          initialization_data: data && data.v !== null ? { agent_data: data.at("agent_data").v, user_data: data.at("user_data").v } : null,
          initialization_actions: init.at("initialization_actions").optList()?.map(functionCall) ?? null,
          message_history: init.at("message_history").optList()?.map(readMessage) ?? null,
        }
      : null,
    evaluation_criteria: r.at("evaluation_criteria").v === null ? null : criteria(r.at("evaluation_criteria")),
  };
}

/** Reads a tasks file: a list of tasks, or `{"tasks": [...]}` as telecom's loader also accepts. */
export function readTasks(doc: PyValue, path = "tasks"): Tau2Task[] {
  const top = new FieldReader(doc, "");
  const list = doc instanceof Map && doc.has("tasks") ? top.at("tasks") : new FieldReader(doc, path);
  return list.list().map(readTask);
}

/** The scenario as τ²'s str(UserScenario) renders it for the user simulator's system prompt. */
export function scenarioText(scenario: PyValue): string {
  const indent = (s: string) =>
    s
      .split("\n")
      .map((l) => (l.trim() ? `\t${l}` : l))
      .join("\n");
  const sc = new FieldReader(scenario, "user_scenario");
  const lines: string[] = [];
  const persona = sc.at("persona").optStr();
  if (persona !== null) lines.push("Persona:", indent(persona));
  lines.push("Instructions:");
  const ins = sc.at("instructions");
  if (typeof ins.v === "string") lines.push(indent(ins.v));
  else {
    const parts = [`Domain: ${ins.at("domain").str()}`, `Reason for call:\n${indent(ins.at("reason_for_call").str())}`];
    const known = ins.at("known_info").optStr();
    if (known !== null) parts.push(`Known info:\n${indent(known)}`);
    const unknown = ins.at("unknown_info").optStr();
    if (unknown !== null) parts.push(`Unknown info:\n${indent(unknown)}`);
    parts.push(`Task instructions:\n${indent(ins.at("task_instructions").str())}`);
    lines.push(indent(parts.join("\n")));
  }
  return lines.join("\n");
}
