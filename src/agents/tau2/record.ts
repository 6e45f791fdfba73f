/**
 * What an import keeps so that a run's scorer can replay a recorded
 * conversation later without the whole database:
 *
 * - per simulation, its trajectory document (the messages with every tool
 *   call and result, how it ended, the NL verdicts and the reward the file
 *   recorded), written with Python's json so 2.0 stays a float;
 * - per task, the slice of the domain's database that any of its
 *   simulations or its gold actions looked up: τ²'s DB check compares the
 *   whole database, and entries nobody touched are equal on both sides, so
 *   comparing over the slice gives the same verdict (telecom's database is
 *   small and kept whole). Searches that scan a collection read the base
 *   and write nothing; on a slice they see fewer rows, which changes no
 *   write and so no reward (the slice replay compares no tool results).
 *
 * The same for τ-bench v1 (its plain-dict data). Pure, no I/O.
 */
import { CopyOnAccessDict } from "./db";
import { loadDomain, type DomainFiles, type Tau2Domain, type Tau2DomainName } from "./domain";
import type { Environment } from "./environment";
import type { NlVerdict, TerminationReason } from "./evaluate";
import { dumpsPy, loadsPy } from "./py/json";
import type { PyValue } from "./py/values";
import type { Tau2Message } from "./messages";
import { FieldReader, readMessage, Tau2FormatError } from "./task";
import { v1Data, type V1Episode } from "./v1/replay";
import type { V1Data } from "./v1/airline";

/** One simulation as a scorer replays it. */
export interface TrajectoryDoc {
  termination_reason: TerminationReason;
  messages: Tau2Message[];
  /** The agent worked alone with the user's tools (telecom's no-user runs). */
  solo: boolean;
  /** The NL verdicts a result file recorded (imports score NL assertions from these). */
  nl_verdicts: NlVerdict[] | null;
  /** The reward a result file recorded, kept beside Assay's. */
  recorded_reward: number | null;
  /** Why the conversation ended, in words (a native run's: the stop token, the limit, the malformed call); absent in imports. */
  note?: string | null;
}

function messageValue(m: Tau2Message): PyValue {
  if (m.role === "tool") return new Map<string, PyValue>([["role", "tool"], ["id", m.id], ["content", m.content], ["requestor", m.requestor], ["error", m.error]]);
  if (m.role === "system") return new Map<string, PyValue>([["role", "system"], ["content", m.content]]);
  const calls = m.tool_calls?.map((c) => new Map<string, PyValue>([["id", c.id], ["name", c.name], ["arguments", c.arguments], ["requestor", c.requestor]])) ?? null;
  return new Map<string, PyValue>([["role", m.role], ["content", m.content], ["tool_calls", calls]]);
}

export function trajectoryText(doc: TrajectoryDoc): string {
  return dumpsPy(
    new Map<string, PyValue>([
      ["format", "tau2-trajectory"],
      ["termination_reason", doc.termination_reason],
      ["solo", doc.solo],
      ["messages", doc.messages.map(messageValue)],
      ["nl_verdicts", doc.nl_verdicts?.map((v) => new Map<string, PyValue>([["nl_assertion", v.nl_assertion], ["met", v.met], ["justification", v.justification]])) ?? null],
      ["recorded_reward", doc.recorded_reward],
      ...(doc.note ? ([["note", doc.note]] as [string, PyValue][]) : []),
    ]),
  );
}

function parseDoc(text: string, format: string): FieldReader {
  let v: PyValue;
  try {
    v = loadsPy(text);
  } catch {
    throw new Tau2FormatError("output", `is not a ${format} document (not JSON)`);
  }
  const r = new FieldReader(v, "output");
  if (!(v instanceof Map) || v.get("format") !== format) r.fail(`is not a ${format} document`);
  return r;
}

export function readTrajectory(text: string): TrajectoryDoc {
  const r = parseDoc(text, "tau2-trajectory");
  const num = (x: PyValue) => (typeof x === "number" ? x : x !== null && typeof x === "object" && "v" in x ? (x as { v: number }).v : null);
  return {
    termination_reason: r.at("termination_reason").str() as TerminationReason,
    solo: r.at("solo").bool(false),
    messages: r.at("messages").list().map(readMessage),
    nl_verdicts: r.at("nl_verdicts").optList()?.map((x) => ({ nl_assertion: x.at("nl_assertion").str(), met: x.at("met").bool(), justification: x.at("justification").optStr() ?? "" })) ?? null,
    recorded_reward: num(r.at("recorded_reward").v),
    note: r.at("note").optStr(),
  };
}

/** The part of a domain's data a task's replays need, as text. */
export interface DomainSlice {
  domain: Tau2DomainName;
  /** airline/retail: a db.json holding only the looked-up entries; telecom: db.toml whole. */
  db: string;
  /** telecom: user_db.toml whole. */
  user_db?: string;
}

/** Collects, over environments made from one domain, every collection key they looked up, wrote or removed. */
export class SliceCollector {
  private readonly keys = new Map<string, Set<string>>();
  private readonly bases = new Map<string, CopyOnAccessDict>();

  add(env: Environment): void {
    for (const [name, v] of Object.entries(env.tools.db as Record<string, PyValue>)) {
      if (!(v instanceof CopyOnAccessDict)) continue;
      const set = this.keys.get(name) ?? new Set<string>();
      for (const k of v.touched) set.add(k);
      this.keys.set(name, set);
      this.bases.set(name, v);
    }
  }

  /** The slice of `domain` these environments need. */
  slice(domain: Tau2Domain): DomainSlice {
    if (domain.name === "telecom") return { domain: domain.name, db: domain.files.db, user_db: domain.files.user_db! };
    const out = new Map<string, PyValue>();
    for (const [name, keys] of this.keys) {
      const dict = this.bases.get(name)!;
      const part = new Map<string, PyValue>();
      for (const k of [...keys].sort()) {
        const base = dict.baseEntry(k);
        if (base !== undefined) part.set(k, base);
      }
      out.set(name, part);
    }
    return { domain: domain.name, db: dumpsPy(out) };
  }
}

/** A domain whose database is a slice: enough to replay what the slice was cut for. */
export function sliceDomain(slice: DomainSlice): Tau2Domain {
  const files: DomainFiles = { db: slice.db, policy: "", ...(slice.user_db !== undefined ? { user_db: slice.user_db, tech_support: "", policy_solo: "" } : {}) };
  return loadDomain(slice.domain, files);
}

/** One v1 episode as a scorer replays it. */
export interface V1TrajectoryDoc {
  actions: V1Episode["actions"];
  ended: boolean;
  recorded_reward: number | null;
}

export function v1TrajectoryText(ep: Pick<V1Episode, "actions" | "reward_info" | "reward">): string {
  return dumpsPy(
    new Map<string, PyValue>([
      ["format", "tau-bench-v1-trajectory"],
      ["ended", ep.reward_info !== null],
      ["actions", ep.actions.map((a) => new Map<string, PyValue>([["name", a.name], ["kwargs", a.kwargs], ["call_id", a.call_id], ["recorded", a.recorded]]))],
      ["recorded_reward", ep.reward],
    ]),
  );
}

export function readV1Trajectory(text: string): V1TrajectoryDoc {
  const r = parseDoc(text, "tau-bench-v1-trajectory");
  const reward = r.at("recorded_reward").v;
  return {
    ended: r.at("ended").bool(),
    actions: r.at("actions").list().map((a) => ({ name: a.at("name").str(), kwargs: a.at("kwargs").args(), call_id: a.at("call_id").optStr(), recorded: a.at("recorded").optStr() })),
    recorded_reward: typeof reward === "number" ? reward : reward !== null && typeof reward === "object" && "v" in reward ? (reward as { v: number }).v : null,
  };
}

/** v1's three collections restricted to the keys these copies touched, as JSON texts v1Data reads back. */
export function v1Slice(copies: V1Data[]): { flights: string; reservations: string; users: string } {
  const out: Record<string, string> = {};
  for (const name of ["flights", "reservations", "users"] as const) {
    const part = new Map<string, PyValue>();
    const keys = new Set<string>();
    let base: CopyOnAccessDict | null = null;
    for (const c of copies) {
      const d = c.get(name);
      if (d instanceof CopyOnAccessDict) {
        for (const k of d.touched) keys.add(k);
        base = d;
      }
    }
    for (const k of [...keys].sort()) {
      const e = base?.baseEntry(k);
      if (e !== undefined) part.set(k, e);
    }
    out[name] = dumpsPy(part);
  }
  return out as { flights: string; reservations: string; users: string };
}

export { v1Data };
