/**
 * One τ² environment: a domain's policy, the agent's toolkit over its
 * database and, in telecom, the user's toolkit over the device and its
 * surroundings; tool calls routed by requestor (solo mode gives the agent
 * the user's tools too); every call answered with a tool message whose
 * content is the reference's string, or "Error: ..." with error set;
 * initialization actions and assertions run on either toolkit; the state
 * set from initialization data, actions and a recorded message history
 * (each recorded tool result compared with the one this environment
 * gives); and τ²'s DB hashes. Made fresh for every attempt, never shared.
 * Pure apart from the hashes' digest call; no I/O.
 */
import { dbHash, sameData } from "./db";
import { loadsPy } from "./py/json";
import { updateModel } from "./py/model";
import { eq, PyException, typeName, valueError } from "./py/ops";
import type { PyModelObject, PyValue } from "./py/values";
import { isToolCall, type Requestor, type Tau2Message, type Tau2ToolCall, type ToolMessage } from "./messages";
import { toolErrorText, toolResultText, type Toolkit, type ToolDefinition } from "./toolkit";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolkit = Toolkit<any, any>;

/** A call of an environment function (an initialization action) on the agent's or the user's toolkit. */
export interface EnvFunctionCall {
  env_type: Requestor;
  func_name: string;
  arguments: Map<string, PyValue>;
}

/** An assertion on the environment: the function's bool must equal assert_value. */
export interface EnvAssertion extends EnvFunctionCall {
  assert_value: boolean;
  message: string | null;
}

/** A recorded tool result that this environment answers differently. */
export interface ReplayMismatch {
  call: Tau2ToolCall;
  recorded: ToolMessage;
  replayed: ToolMessage;
}

export interface EnvironmentParts {
  domain: string;
  policy: string;
  tools: AnyToolkit;
  userTools: AnyToolkit | null;
  soloMode?: boolean;
  /** The domain's sync between the two toolkits after every step (telecom: line status, roaming, bills into the device's world). */
  sync?: (env: Environment) => void;
}

export class Environment {
  readonly domain: string;
  readonly policy: string;
  readonly tools: AnyToolkit;
  readonly userTools: AnyToolkit | null;
  readonly soloMode: boolean;
  private readonly syncFn?: (env: Environment) => void;

  constructor(parts: EnvironmentParts) {
    this.domain = parts.domain;
    this.policy = parts.policy;
    this.tools = parts.tools;
    this.userTools = parts.userTools;
    this.soloMode = parts.soloMode === true;
    this.syncFn = parts.sync;
    if (this.soloMode && this.userTools) {
      const overlap = this.tools.spec.tools.filter((t) => this.userTools!.hasTool(t.name)).map((t) => t.name);
      if (overlap.length) throw valueError(`Tool names overlap: ${overlap.join(", ")}`);
    }
    this.sync();
  }

  sync(): void {
    this.syncFn?.(this);
  }

  /** The agent's tools as a provider offers them (in solo mode, the user's tools too). */
  agentToolDefinitions(): ToolDefinition[] {
    const own = this.tools.definitions();
    return this.soloMode && this.userTools ? [...own, ...this.userTools.definitions()] : own;
  }

  /** The user simulator's tools, when the domain gives the user any. */
  userToolDefinitions(): ToolDefinition[] | null {
    return this.userTools && !this.soloMode ? this.userTools.definitions() : null;
  }

  /** Environment.make_tool_call: routes by requestor; raises what the tool raises. */
  makeToolCall(name: string, requestor: Requestor, kwargs: Map<string, PyValue>): PyValue {
    if (requestor === "user") {
      if (this.soloMode) throw valueError("User tool calls are not allowed in solo mode");
      if (!this.userTools) throw valueError("User tools not available");
      return this.userTools.useTool(name, kwargs);
    }
    if (this.soloMode && this.userTools?.hasTool(name)) return this.userTools.useTool(name, kwargs);
    return this.tools.useTool(name, kwargs);
  }

  /** Environment.get_response: the tool's result as the tool message the caller reads; an exception is its "Error: ..." text. */
  getResponse(call: Tau2ToolCall): ToolMessage {
    let content: string;
    let error = false;
    try {
      const result = this.makeToolCall(call.name, call.requestor, call.arguments);
      this.sync();
      content = toolResultText(result);
    } catch (e) {
      if (!(e instanceof PyException)) throw e;
      content = toolErrorText(e);
      error = true;
    }
    return { role: "tool", id: call.id, content, requestor: call.requestor, error };
  }

  /** run_env_function_call: any method of either toolkit, then a sync. */
  runFunctionCall(call: EnvFunctionCall): PyValue {
    const kit = call.env_type === "user" ? this.userTools : this.tools;
    if (!kit) throw new PyException("AttributeError", `'NoneType' object has no attribute '${call.func_name}'`);
    const result = kit.call(call.func_name, call.arguments);
    this.sync();
    return result;
  }

  /** run_env_assertion: whether the function's bool equals the assertion's value. */
  runAssertion(a: EnvAssertion): boolean {
    const result = this.runFunctionCall(a);
    if (typeof result !== "boolean") throw valueError(`Function ${a.func_name} returned <class '${typeName(result)}'> instead of bool`);
    return result === a.assert_value;
  }

  /**
   * set_state: initialization data merged into the databases, initialization
   * actions run, then every tool call of the message history executed in
   * order. τ² stops at the first recorded result its replay answers
   * differently; this returns them all instead (empty: the replay agrees).
   */
  setState(init: { data?: { agent_data: PyValue; user_data: PyValue } | null; actions?: EnvFunctionCall[] | null }, history: readonly Tau2Message[]): ReplayMismatch[] {
    if (init.data?.agent_data instanceof Map) this.tools.db = updateModel(this.tools.db as PyModelObject, init.data.agent_data);
    if (init.data?.user_data instanceof Map && this.userTools) this.userTools.db = updateModel(this.userTools.db as PyModelObject, init.data.user_data);
    for (const action of init.actions ?? []) this.runFunctionCall(action);
    const mismatches: ReplayMismatch[] = [];
    for (const [call, recorded] of pairedCalls(history)) {
      const replayed = this.getResponse(call);
      if (!sameContent(replayed.content, recorded.content)) mismatches.push({ call, recorded, replayed });
    }
    this.sync();
    return mismatches;
  }

  /** Whether this environment's databases (agent's and user's) equal another's, i.e. τ²'s two DB hashes are equal. */
  sameDatabases(other: Environment): boolean {
    const users = this.userTools === null || other.userTools === null ? this.userTools === other.userTools : sameData(this.userTools.db as PyValue, other.userTools.db as PyValue);
    return users && sameData(this.tools.db as PyValue, other.tools.db as PyValue);
  }

  agentDbHash(): Promise<string> {
    return dbHash(this.tools.db as PyValue);
  }

  /** The user database's hash, or null when the domain has no user tools. */
  userDbHash(): Promise<string | null> {
    return this.userTools ? dbHash(this.userTools.db as PyValue) : Promise.resolve(null);
  }
}

/** Each tool call of the history with the tool message answering it (by id, following it as τ² requires). */
export function pairedCalls(history: readonly Tau2Message[]): [Tau2ToolCall, ToolMessage][] {
  const out: [Tau2ToolCall, ToolMessage][] = [];
  const answers = new Map<string, ToolMessage>();
  for (const m of history) if (m.role === "tool") answers.set(m.id, m);
  for (const m of history) {
    if (!isToolCall(m)) continue;
    for (const call of m.tool_calls) {
      const answer = answers.get(call.id);
      if (answer) out.push([call, answer]);
    }
  }
  return out;
}

/** τ²'s comparison of a replayed result with the recorded one: as JSON when both parse, else as text. */
export function sameContent(a: string, b: string): boolean {
  if (a === b) return true;
  const parse = (s: string): PyValue | undefined => {
    try {
      return loadsPy(s);
    } catch {
      return undefined;
    }
  };
  const x = parse(a);
  const y = parse(b);
  return x !== undefined && y !== undefined ? eq(x, y) : false;
}
