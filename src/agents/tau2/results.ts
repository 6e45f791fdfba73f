/**
 * τ²'s result files (its `Results` JSON: info, tasks, simulations) read
 * into Assay's terms, and each simulation replayed through Assay's own
 * environment and scored by Assay's rules (evaluate.ts) beside the reward
 * the file records: the recorded tool calls are executed in order, the NL
 * assertions take the file's recorded verdicts (they need a judge; this is
 * said in each result), and the agreement lists every simulation whose
 * reward or whose DB, environment-assertion, action or communicate
 * component differs from the recording. Pure, no I/O.
 */
import { loadsPy } from "./py/json";
import { eq, num } from "./py/ops";
import type { PyValue } from "./py/values";
import { TERMINATION_REASONS, evaluateSimulation, type NlVerdict, type RewardInfo, type TerminationReason } from "./evaluate";
import { isTau2Domain, TAU2_DOMAINS, type Tau2Domain, type Tau2DomainName } from "./domain";
import type { Tau2Message } from "./messages";
import { FieldReader, readMessage, readTask, Tau2FormatError, type Tau2Task } from "./task";

/** What a result file recorded about one simulation's reward. */
export interface RecordedReward {
  reward: number;
  db_match: boolean | null;
  env_assertions: boolean[] | null;
  action_matches: boolean[] | null;
  /** The gold actions the recorded action checks name (id, name, arguments), in order. */
  actions: { action_id: string; name: string; arguments: Map<string, PyValue> }[] | null;
  communicate: boolean[] | null;
  /** The texts the recorded communicate checks looked for. */
  communicate_infos: string[] | null;
  nl_assertions: NlVerdict[] | null;
  reward_basis: string[] | null;
}

export interface RecordedSimulation {
  id: string;
  /** The task the simulation was evaluated on (see resolveTask: not always the file's label). */
  task_id: string;
  /** The file's task_id when its recorded evaluation is another task's (then task_id is that task). */
  labelled_task_id: string | null;
  trial: number;
  termination_reason: TerminationReason;
  messages: Tau2Message[];
  recorded: RecordedReward;
}

export interface Tau2ResultsFile {
  domain: Tau2DomainName;
  /** The agent worked alone with the user's tools (telecom's no-user runs). */
  solo: boolean;
  agent_model: string | null;
  user_model: string | null;
  /** The τ² code version the file names. */
  git_commit: string | null;
  num_trials: number | null;
  tasks: Map<string, Tau2Task>;
  simulations: RecordedSimulation[];
}

function numberOf(r: FieldReader): number {
  const v = r.v;
  if (typeof v === "number" || (typeof v === "object" && v !== null && "v" in v)) return num(v as PyValue);
  return r.fail("must be a number");
}

function recordedReward(r: FieldReader): RecordedReward {
  if (r.v === null) return { reward: 0, db_match: null, env_assertions: null, action_matches: null, actions: null, communicate: null, communicate_infos: null, nl_assertions: null, reward_basis: null };
  const mets = (key: string, field: string) => r.at(key).optList()?.map((x) => x.at(field).bool()) ?? null;
  return {
    reward: numberOf(r.at("reward")),
    db_match: r.at("db_check").v === null ? null : r.at("db_check").at("db_match").bool(),
    env_assertions: mets("env_assertions", "met"),
    action_matches: mets("action_checks", "action_match"),
    actions: r.at("action_checks").optList()?.map((x) => ({ action_id: x.at("action").at("action_id").str(), name: x.at("action").at("name").str(), arguments: x.at("action").at("arguments").args() })) ?? null,
    communicate: mets("communicate_checks", "met"),
    communicate_infos: r.at("communicate_checks").optList()?.map((x) => x.at("info").str()) ?? null,
    nl_assertions:
      r.at("nl_assertions").optList()?.map((x) => ({ nl_assertion: x.at("nl_assertion").str(), met: x.at("met").bool(), justification: x.at("justification").optStr() ?? "" })) ?? null,
    reward_basis: r.at("reward_basis").v === null ? null : r.at("reward_basis").strList(),
  };
}

/**
 * Whether a simulation's recorded evaluation is of this task. τ²'s
 * evaluators leave a trace of the criteria they ran on: the gold actions
 * (no action checks at all when the task has none), the NL assertions
 * judged, the communicate infos checked (none when the task has none).
 */
function evaluatedOn(task: Tau2Task, rec: RecordedReward): boolean {
  const crit = task.evaluation_criteria;
  const gold = crit?.actions ?? [];
  if (rec.actions === null ? gold.length !== 0 : rec.actions.length !== gold.length) return false;
  if (rec.actions && !rec.actions.every((a, i) => a.action_id === gold[i]!.action_id && a.name === gold[i]!.name && eq(a.arguments, gold[i]!.arguments))) return false;
  if (rec.nl_assertions?.length && !sameStrings(rec.nl_assertions.map((n) => n.nl_assertion), crit?.nl_assertions ?? [])) return false;
  const infos = crit?.communicate_info ?? [];
  if (rec.communicate_infos === null ? infos.length !== 0 : !sameStrings(rec.communicate_infos, infos)) return false;
  return true;
}

const sameStrings = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A recorded evaluation that says nothing about its task (a run that ended early has none). */
const silent = (rec: RecordedReward) => rec.db_match === null && rec.actions === null && rec.nl_assertions === null && rec.communicate_infos === null;

/**
 * The task each simulation was evaluated on: its label, unless its recorded
 * evaluation does not fit the labelled task. Then the task whose criteria it
 * fits; when several fit, the one left after the simulations resolved
 * without doubt have taken theirs (each task is run num_trials times). The
 * leaderboard's ToolOrchestra files need this: nearly every simulation
 * there carries another task's id, while its conversation and its recorded
 * reward are of the task its evaluation names.
 */
function resolveTasks(tasks: Map<string, Tau2Task>, sims: { label: string; rec: RecordedReward }[], trials: number): string[] {
  const all = [...tasks.values()];
  const out: (string | null)[] = [];
  const pending: [number, string[]][] = [];
  for (const [i, { label, rec }] of sims.entries()) {
    if (silent(rec) || evaluatedOn(tasks.get(label)!, rec)) out.push(label);
    else {
      const fits = all.filter((t) => evaluatedOn(t, rec)).map((t) => t.id);
      out.push(fits.length === 1 ? fits[0]! : null);
      if (fits.length !== 1) pending.push([i, fits]);
    }
  }
  const used = new Map<string, number>();
  for (const id of out) if (id !== null) used.set(id, (used.get(id) ?? 0) + 1);
  for (const [i, fits] of pending) {
    const free = fits.filter((id) => (used.get(id) ?? 0) < trials);
    const pick = free.length === 1 ? free[0]! : sims[i]!.label;
    out[i] = pick;
    used.set(pick, (used.get(pick) ?? 0) + 1);
  }
  return out as string[];
}

/** Reads a τ² Results file, or says which field makes it something else. */
export function parseTau2Results(text: string): Tau2ResultsFile {
  let doc: PyValue;
  try {
    doc = loadsPy(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new Tau2FormatError("file", `is not JSON: ${(e as Error).message.slice(0, 200)}`);
  }
  if (Array.isArray(doc)) throw new Tau2FormatError("file", "is a list (τ-bench v1's trajectories have that shape): a τ² Results file is an object with info, tasks and simulations");
  const top = new FieldReader(doc, "");
  top.dict();
  for (const key of ["info", "tasks", "simulations"]) {
    if (!top.has(key)) throw new Tau2FormatError(key, "is required: a τ² Results file has info, tasks and simulations");
  }
  const info = top.at("info");
  const rawDomain = info.at("environment_info").at("domain_name").str();
  // telecom-workflow is telecom with the workflow manual as policy: the same tools and data.
  const domain = rawDomain === "telecom-workflow" ? "telecom" : rawDomain;
  if (!isTau2Domain(domain)) throw new Tau2FormatError("info.environment_info.domain_name", `unknown domain '${rawDomain}': Assay runs ${TAU2_DOMAINS.join(", ")}`);
  const agentImpl = info.at("agent_info").at("implementation").optStr();
  const userImpl = info.at("user_info").at("implementation").optStr();
  const tasks = new Map<string, Tau2Task>();
  for (const t of top.at("tasks").list()) {
    const task = readTask(t);
    tasks.set(task.id, task);
  }
  const simulations = top.at("simulations").list().map((s, i): RecordedSimulation => {
    const taskId = s.at("task_id").str();
    if (!tasks.has(taskId)) throw new Tau2FormatError(`simulations[${i}].task_id`, `names task '${taskId}', which the file's tasks do not hold`);
    const reason = s.at("termination_reason").str();
    if (!(TERMINATION_REASONS as readonly string[]).includes(reason)) throw new Tau2FormatError(`simulations[${i}].termination_reason`, `must be one of ${TERMINATION_REASONS.join(", ")}`);
    return {
      id: s.at("id").str(),
      task_id: taskId,
      labelled_task_id: null,
      trial: s.at("trial").v === null ? 0 : numberOf(s.at("trial")),
      termination_reason: reason as TerminationReason,
      messages: s.at("messages").list().map(readMessage),
      recorded: recordedReward(s.at("reward_info")),
    };
  });
  const trials = info.at("num_trials").v === null ? 1 : numberOf(info.at("num_trials"));
  const resolved = resolveTasks(tasks, simulations.map((x) => ({ label: x.task_id, rec: x.recorded })), trials);
  for (const [i, sim] of simulations.entries()) {
    if (resolved[i] !== sim.task_id) {
      sim.labelled_task_id = sim.task_id;
      sim.task_id = resolved[i]!;
    }
  }
  const llm = (r: FieldReader) => (typeof r.v === "string" ? r.v : null);
  return {
    domain,
    solo: agentImpl === "llm_agent_solo" || userImpl === "dummy_user",
    agent_model: llm(info.at("agent_info").at("llm")),
    user_model: llm(info.at("user_info").at("llm")),
    git_commit: llm(info.at("git_commit")),
    num_trials: info.at("num_trials").v === null ? null : trials,
    tasks,
    simulations,
  };
}

/** The components Assay's and the file's rewards are compared on. */
export type Component = "reward" | "DB" | "ENV_ASSERTION" | "ACTION" | "COMMUNICATE";

export interface SimulationReplay {
  simulation: RecordedSimulation;
  assay: RewardInfo;
  /** Components where Assay's verdict differs from the file's (empty: they agree). */
  differing: Component[];
}

const sameList = (a: boolean[] | null, b: boolean[] | null) => a === null || b === null || (a.length === b.length && a.every((x, i) => x === b[i]));

/** Replays one recorded simulation through Assay's environment and compares the verdicts. */
export async function replaySimulation(domain: Tau2Domain, file: Pick<Tau2ResultsFile, "tasks" | "solo">, sim: RecordedSimulation): Promise<SimulationReplay> {
  const task = file.tasks.get(sim.task_id)!;
  const assay = await evaluateSimulation({
    task,
    messages: sim.messages,
    termination: sim.termination_reason,
    // τ² builds the gold environment without solo mode: the gold actions of the user's side run as the user's.
    environment: (role) => domain.environment(role, { soloMode: role === "agent" && file.solo }),
    nl: { kind: "recorded", verdicts: sim.recorded.nl_assertions },
  });
  const rec = sim.recorded;
  const differing: Component[] = [];
  if (assay.reward === null || Math.abs(assay.reward - rec.reward) > 1e-9) differing.push("reward");
  if (rec.db_match !== null && assay.db_check !== null && rec.db_match !== assay.db_check.db_match) differing.push("DB");
  if (!sameList(rec.env_assertions, assay.env_assertions?.map((a) => a.met) ?? null)) differing.push("ENV_ASSERTION");
  if (!sameList(rec.action_matches, assay.action_checks?.map((a) => a.action_match) ?? null)) differing.push("ACTION");
  if (!sameList(rec.communicate, assay.communicate_checks?.map((c) => c.met) ?? null)) differing.push("COMMUNICATE");
  return { simulation: sim, assay, differing };
}
