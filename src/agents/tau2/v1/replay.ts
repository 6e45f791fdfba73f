/**
 * τ-bench v1's reward and the replay of its recorded trajectories (the
 * historical_trajectories files: a list of {task_id, trial, reward, info,
 * traj}). The rule, as v1's Env.calculate_reward states it: the reward is 1
 * when the data's hash after the agent's actions equals the hash after the
 * task's gold actions on a fresh copy (sha256 of str() of the data made
 * hashable: dicts as key-sorted tuples of pairs, lists as tuples), and, when
 * the task lists outputs, every output appears (case-insensitively, commas
 * removed) in something the agent said; 0 otherwise. A conversation that
 * never ended (no stop, no transfer, within v1's 30 steps) has no reward
 * info and scores 0. Replaying a trajectory executes each assistant tool
 * call, in order, through Assay's v1 tools. Pure apart from the digest
 * call; no I/O.
 */
import { sha256Hex } from "../../../crypto/hash";
import { CopyOnAccessDict, sameData } from "../db";
import { loadsPy } from "../py/json";
import { floatRepr, PyException, strRepr } from "../py/ops";
import { isModel, PyFloat, type PyValue } from "../py/values";
import { bindArgs } from "../toolkit";
import { FieldReader, Tau2FormatError } from "../task";
import { V1_AIRLINE_TOOLS, type V1Data, type V1Tool } from "./airline";

const BASE_ENTRIES = new WeakSet<object>();
const HASH_TEXT = new WeakMap<object, string>();

/** The v1 airline data (flights, reservations, users) as its loader returns it, kept as the base every replay copies from. */
export function v1Data(parts: { flights: string; reservations: string; users: string }): V1Data {
  const data = new Map<string, PyValue>([
    ["flights", loadsPy(parts.flights)],
    ["reservations", loadsPy(parts.reservations)],
    ["users", loadsPy(parts.users)],
  ]);
  for (const v of data.values()) if (v instanceof Map) for (const e of v.values()) if (typeof e === "object" && e !== null) BASE_ENTRIES.add(e);
  return data;
}

/** A copy for one episode: each top-level collection copies an entry when it is first looked up. */
export function freshV1Data(base: V1Data): V1Data {
  return new Map([...base].map(([k, v]) => [k, v instanceof Map ? new CopyOnAccessDict(v) : v]));
}

function hashText(v: PyValue, out: string[]): void {
  if (typeof v === "object" && v !== null && BASE_ENTRIES.has(v)) {
    let t = HASH_TEXT.get(v);
    if (t === undefined) {
      const sub: string[] = [];
      hashTextOf(v, sub);
      t = sub.join("");
      HASH_TEXT.set(v, t);
    }
    out.push(t);
    return;
  }
  hashTextOf(v, out);
}

function tuple(items: (() => void)[], out: string[]): void {
  out.push("(");
  items.forEach((write, i) => {
    if (i) out.push(", ");
    write();
  });
  out.push(items.length === 1 ? ",)" : ")");
}

function hashTextOf(v: PyValue, out: string[]): void {
  if (v instanceof Map) {
    // Entries, not get(): a copy-on-access collection hands out its untouched base entries without copying them.
    const entries = [...v.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return tuple(
      entries.map(([k, x]) => () => {
        out.push("(", strRepr(k), ", ");
        hashText(x, out);
        out.push(")");
      }),
      out,
    );
  }
  if (Array.isArray(v)) return tuple(v.map((x) => () => hashText(x, out)), out);
  if (v === null) return void out.push("None");
  if (typeof v === "boolean") return void out.push(v ? "True" : "False");
  if (typeof v === "number") return void out.push(Number.isInteger(v) ? String(v) : floatRepr(v));
  if (v instanceof PyFloat) return void out.push(floatRepr(v.v));
  if (typeof v === "string") return void out.push(strRepr(v));
  if (isModel(v)) throw new Error("v1 data holds no models");
  out.push(String(v));
}

/** str(to_hashable(data)), the text v1's data hash digests. */
export function v1HashText(data: V1Data): string {
  const out: string[] = [];
  hashText(data, out);
  return out.join("");
}

/** v1's Env.get_data_hash. */
export function v1DataHash(data: V1Data): Promise<string> {
  return sha256Hex(v1HashText(data));
}

const TOOLS = new Map<string, V1Tool>(V1_AIRLINE_TOOLS.map((t) => [t.name, t]));
const TERMINATE_TOOLS = new Set(["transfer_to_human_agents"]);

/** v1's Env.step for a tool action: the tool's text, "Error: ..." for what it raised, "Unknown action ..." for a name it lacks. */
export function v1Step(data: V1Data, name: string, kwargs: Map<string, PyValue>): string {
  const t = TOOLS.get(name);
  if (!t) return `Unknown action ${name}`;
  try {
    const out = t.run(data, bindArgs(`${t.className}.invoke`, t.params, kwargs));
    return typeof out === "string" ? out : String(out);
  } catch (e) {
    if (e instanceof PyException) return `Error: ${e.message}`;
    throw e;
  }
}

export interface V1Action {
  name: string;
  kwargs: Map<string, PyValue>;
}

export interface V1Task {
  user_id: string;
  instruction: string;
  actions: V1Action[];
  outputs: string[];
}

export interface V1Episode {
  task_id: number;
  trial: number;
  /** The reward the file records. */
  reward: number;
  task: V1Task;
  /** The file's reward info ({r_actions, gt_data_hash} or {r_outputs, outputs}); null when the run never ended. */
  reward_info: { info: Map<string, PyValue> | null } | null;
  /** The agent's actions in order: tool calls, and "respond" with the text said to the user. */
  actions: { name: string; kwargs: Map<string, PyValue>; call_id: string | null; recorded: string | null }[];
  /** The OpenAI-format messages as recorded (system, user, assistant, tool). */
  messages: { role: string; content: string | null; tool_calls?: { id: string; name: string; arguments: string }[]; tool_call_id?: string }[];
}

function readAction(r: FieldReader): V1Action {
  return { name: r.at("name").str(), kwargs: r.at("kwargs").args() };
}

/** A v1 task: {user_id, instruction, actions [{name, kwargs}], outputs}. */
export function readV1Task(t: FieldReader): V1Task {
  return { user_id: t.at("user_id").str(), instruction: t.at("instruction").str(), actions: t.at("actions").list().map(readAction), outputs: t.at("outputs").v === null ? [] : t.at("outputs").strList() };
}

/** Reads a v1 trajectories file: a list of episodes. */
export function readV1Trajectories(doc: PyValue): V1Episode[] {
  const top = new FieldReader(doc, "file");
  if (!Array.isArray(doc)) top.fail("must be a list of episodes ({task_id, trial, reward, info, traj})");
  return top.list().map((e) => {
    const info = e.at("info");
    const t = info.at("task");
    const traj = e.at("traj").list();
    const messages: V1Episode["messages"] = [];
    const actions: V1Episode["actions"] = [];
    for (const [i, m] of traj.entries()) {
      const role = m.at("role").str();
      const content = m.at("content").optStr();
      if (role === "assistant") {
        const calls = m.at("tool_calls").optList();
        if (calls && calls.length) {
          // v1 executes the first call of a message only (and records only it).
          const c = calls[0]!;
          const fn = c.at("function");
          const argsText = fn.at("arguments").str();
          let kwargs: Map<string, PyValue>;
          try {
            kwargs = new FieldReader(loadsPy(argsText), `${c.path}.function.arguments`).dict();
          } catch (err) {
            if (err instanceof Tau2FormatError) throw err;
            throw new Tau2FormatError(`${c.path}.function.arguments`, "is not JSON");
          }
          const id = c.at("id").str();
          // The call's result is the tool message right after it (ids repeat across a file's messages).
          const next = traj[i + 1];
          const recorded = next && next.at("role").str() === "tool" ? (next.at("content").optStr() ?? "") : null;
          actions.push({ name: fn.at("name").str(), kwargs, call_id: id, recorded });
          messages.push({ role, content, tool_calls: calls.map((x) => ({ id: x.at("id").str(), name: x.at("function").at("name").str(), arguments: x.at("function").at("arguments").str() })) });
          continue;
        }
        actions.push({ name: "respond", kwargs: new Map([["content", content]]), call_id: null, recorded: null });
      }
      messages.push({ role, content, ...(role === "tool" ? { tool_call_id: m.at("tool_call_id").str() } : {}) });
    }
    const ri = info.at("reward_info");
    return {
      task_id: Number(e.at("task_id").v),
      trial: Number(e.at("trial").v ?? 0),
      reward: Number(e.at("reward").v instanceof PyFloat ? (e.at("reward").v as PyFloat).v : e.at("reward").v),
      task: readV1Task(t),
      reward_info: ri.v === null ? null : { info: ri.at("info").v instanceof Map ? (ri.at("info").v as Map<string, PyValue>) : null },
      actions,
      messages,
    };
  });
}

export interface V1Reward {
  reward: number;
  /** Whether the agent's data hash equals the gold one (r_actions); null when the run never ended. */
  data_match: boolean | null;
  /** v1's hashes of the agent's and the gold data, when asked for (`hashes`): the gold one is what v1 records as gt_data_hash. */
  data_hash: string | null;
  gt_data_hash: string | null;
  /** Each required output and whether the agent said it (task outputs only). */
  outputs: Record<string, boolean> | null;
  /** Recorded tool results this replay answers differently. */
  replay_mismatches: { call_id: string; tool: string; recorded: string; replayed: string }[];
  ended: boolean;
  note: string | null;
}

/** What a replay needs of an episode: its task, the agent's actions, whether the conversation ended. */
export type V1Replayable = Pick<V1Episode, "task" | "actions"> & { ended: boolean };

/** An episode of a trajectories file as a replay takes it. */
export const replayable = (ep: V1Episode): V1Replayable => ({ task: ep.task, actions: ep.actions, ended: ep.reward_info !== null });

/** Replays one episode through Assay's v1 tools and computes v1's reward (`copies` receives the agent's and the gold data, for slicing). */
export async function replayV1Episode(base: V1Data, ep: V1Replayable, opts: { hashes?: boolean; copies?: V1Data[] } = {}): Promise<V1Reward> {
  const data = freshV1Data(base);
  const mismatches: V1Reward["replay_mismatches"] = [];
  for (const a of ep.actions) {
    if (a.name === "respond") continue;
    const out = v1Step(data, a.name, a.kwargs);
    if (a.recorded !== null && out !== a.recorded) mismatches.push({ call_id: a.call_id ?? "", tool: a.name, recorded: a.recorded.slice(0, 2000), replayed: out.slice(0, 2000) });
  }
  opts.copies?.push(data);
  if (!ep.ended) {
    return { reward: 0, data_match: null, data_hash: null, gt_data_hash: null, outputs: null, replay_mismatches: mismatches, ended: false, note: "The conversation never ended (v1's step limit): no reward info, reward 0" };
  }
  const gold = freshV1Data(base);
  opts.copies?.push(gold);
  for (const g of ep.task.actions) if (!TERMINATE_TOOLS.has(g.name) && g.name !== "respond") v1Step(gold, g.name, g.kwargs);
  // Equal data is equal hashes; the hashes themselves (5 MB of text each) only when asked for.
  const match = sameData(data, gold, (v) => {
    const out: string[] = [];
    hashText(v, out);
    return out.join("");
  });
  const [dataHash, gtHash] = opts.hashes ? await Promise.all([v1DataHash(data), v1DataHash(gold)]) : [null, null];
  let reward = match ? 1 : 0;
  let outputs: Record<string, boolean> | null = null;
  if (ep.task.outputs.length) {
    outputs = {};
    const said = ep.actions.filter((a) => a.name === "respond").map((a) => String(a.kwargs.get("content") ?? "").toLowerCase().replace(/,/g, ""));
    for (const o of ep.task.outputs) {
      outputs[o] = said.some((s) => s.includes(o.toLowerCase()));
      if (!outputs[o]) reward = 0;
    }
  }
  return { reward, data_match: match, data_hash: dataHash, gt_data_hash: gtHash, outputs, replay_mismatches: mismatches, ended: true, note: null };
}
