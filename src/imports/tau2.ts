/**
 * Importers of τ²-bench result files (its Results JSON) and τ-bench v1
 * trajectory files (historical_trajectories/*.json). Each simulation is
 * replayed at import through Assay's own environment (src/agents/tau2):
 * its recorded tool calls executed in order, its reward computed by Assay's
 * rules (NL assertions need a judge: their verdicts are the file's, as the
 * scorer's reason says), beside the reward the file records. The import
 * reports the agreement (every simulation where Assay's reward or a
 * component differs, named), and writes per task its row (the task, its
 * domain as the subset, the slice of the database its replays touched) and
 * per simulation its trajectory document with the recorded reward, so the
 * run's `tau2` scorer replays each attempt again on its own. The domains'
 * data comes through the injected context (pinned upstream files).
 * Pure apart from the injected loaders.
 */
import { dumpsPy, loadsPy } from "../agents/tau2/py/json";
import { num } from "../agents/tau2/py/ops";
import type { PyValue } from "../agents/tau2/py/values";
import type { Tau2Domain, Tau2DomainName } from "../agents/tau2/domain";
import type { Environment } from "../agents/tau2/environment";
import { SliceCollector, trajectoryText, v1Slice, v1TrajectoryText } from "../agents/tau2/record";
import { parseTau2Results, replaySimulation, type RecordedSimulation } from "../agents/tau2/results";
import { scenarioText, Tau2FormatError, type Tau2Task } from "../agents/tau2/task";
import { readV1Trajectories, replayable, replayV1Episode, type V1Episode } from "../agents/tau2/v1/replay";
import type { V1Data } from "../agents/tau2/v1/airline";
import { ImportError, mean, type ImportAgreement, type ImportedEval, type ImportedOutput, type ImportedTask, type ImportFile } from "./types";

/** The data an import of these formats needs, loaded by the caller (the domains' pinned files). */
export interface AgentImportContext {
  tau2Domain?: (name: Tau2DomainName) => Promise<Tau2Domain>;
  tauBenchV1Airline?: () => Promise<V1Data>;
}

function readText(file: ImportFile): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(file.bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new ImportError("file", "is not UTF-8 text");
  }
}

const importError = (e: unknown): never => {
  if (e instanceof Tau2FormatError) throw new ImportError(e.field === "file" ? "file" : `file.${e.field}`, e.message);
  throw e;
};

/** A task's JSON as the row keeps it (Python's json, so 2.0 stays a float). */
function taskValue(doc: PyValue, id: string): PyValue {
  const tasks = doc instanceof Map ? doc.get("tasks") : null;
  return Array.isArray(tasks) ? (tasks.find((t) => t instanceof Map && t.get("id") === id) ?? null) : null;
}

/** Longest row key a revision takes (src/datasets/limits.ts MAX_KEY_LENGTH). */
const MAX_KEY = 200;

/**
 * A task id as a row key: as it is, or, past the limit (telecom's composed
 * ids reach 215 characters), its head and a digest of the whole, so keys
 * stay distinct; the row's task keeps the full id.
 */
export function taskKey(id: string): string {
  if (id.length <= MAX_KEY) return id;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return `${id.slice(0, MAX_KEY - 10)}~${h.toString(16).padStart(8, "0")}`;
}

/** Attempt index per task, in the file's order of trials. */
function attemptIndexes<T>(items: T[], key: (x: T) => string, trial: (x: T) => number): Map<T, number> {
  const byTask = new Map<string, T[]>();
  for (const x of items) byTask.set(key(x), [...(byTask.get(key(x)) ?? []), x]);
  const out = new Map<T, number>();
  for (const list of byTask.values()) [...list].sort((a, b) => trial(a) - trial(b)).forEach((x, i) => out.set(x, i));
  return out;
}

export async function parseTau2Import(file: ImportFile, ctx: AgentImportContext): Promise<ImportedEval> {
  const text = readText(file);
  let results;
  try {
    results = parseTau2Results(text);
  } catch (e) {
    return importError(e);
  }
  if (!ctx.tau2Domain) throw new ImportError("file", "this deployment cannot load τ² domains to replay it");
  const domain = await ctx.tau2Domain(results.domain);
  const doc = loadsPy(text);
  const agreement: ImportAgreement = { simulations: 0, agree: 0, differing: [], db: { compared: 0, agree: 0 }, tool_results: { replayed: 0, differing: 0 }, relabelled: [], notes: [] };
  const slices = new Map<string, SliceCollector>();
  const recordedByTask = new Map<string, number[]>();
  const sims: RecordedSimulation[] = results.simulations;
  for (const sim of sims) {
    const envs: Environment[] = [];
    const watched: Tau2Domain = { ...domain, environment: (role, o) => (envs.push(domain.environment(role, o)), envs.at(-1)!) };
    const r = await replaySimulation(watched, results, sim);
    const collector = slices.get(sim.task_id) ?? new SliceCollector();
    for (const e of envs) collector.add(e);
    slices.set(sim.task_id, collector);
    agreement.simulations += 1;
    agreement.tool_results.replayed += sim.messages.reduce((n, m) => n + (m.role === "tool" ? 1 : 0), 0);
    agreement.tool_results.differing += r.assay.replay_mismatches.length;
    if (r.differing.length) agreement.differing.push({ simulation: sim.id, task: sim.task_id, trial: sim.trial, recorded: sim.recorded.reward, assay: r.assay.reward, components: r.differing });
    else agreement.agree += 1;
    if ((sim.termination_reason === "user_stop" || sim.termination_reason === "agent_stop") && sim.recorded.db_match !== null) {
      agreement.db.compared += 1;
      if (r.assay.db_check?.db_match === sim.recorded.db_match) agreement.db.agree += 1;
    }
    if (sim.labelled_task_id !== null) agreement.relabelled.push({ simulation: sim.id, labelled: sim.labelled_task_id, task: sim.task_id });
    recordedByTask.set(sim.task_id, [...(recordedByTask.get(sim.task_id) ?? []), sim.recorded.reward]);
  }
  agreement.notes.push("NL assertions need a judge: Assay scores them from the verdicts the file recorded; every other component is recomputed.");
  if (agreement.relabelled.length) {
    agreement.notes.push(`${agreement.relabelled.length} simulation(s) carry another task's id; each is matched to the one task whose criteria its recorded evaluation names.`);
  }
  const tasks: ImportedTask[] = [...recordedByTask.keys()].map((id) => {
    const task = results.tasks.get(id) as Tau2Task;
    return {
      key: taskKey(id),
      prompt: scenarioText(task.user_scenario),
      expected: null,
      verdicts: { reward: mean(recordedByTask.get(id)!) },
      meta: { domain: results.domain },
      columns: { domain: results.domain, task: dumpsPy(taskValue(doc, id)), db_slice: JSON.stringify(slices.get(id)!.slice(domain)) },
    };
  });
  const index = attemptIndexes(sims, (s) => s.task_id, (s) => s.trial);
  const outputs: ImportedOutput[] = sims.map((s) => ({
    key: taskKey(s.task_id),
    attempt: index.get(s)!,
    output: trajectoryText({ termination_reason: s.termination_reason, messages: s.messages, solo: results.solo, nl_verdicts: s.recorded.nl_assertions, recorded_reward: s.recorded.reward }),
  }));
  return {
    tool: "tau2",
    task: `τ²-bench ${results.domain}${results.solo ? " (solo)" : ""}`,
    model: results.agent_model,
    tool_version: results.git_commit,
    tasks,
    outputs,
    scores: [
      {
        name: "reward",
        source_scorer: "τ²-bench evaluator (DB, ENV_ASSERTION, ACTION, COMMUNICATE, NL_ASSERTION over each task's reward basis)",
        assay: { type: "tau2", rule: "tau2", nl: "recorded" },
        note: "Assay replays each simulation's tool calls through its own environment and recomputes the reward by τ²'s rules; NL assertions (which need a judge) take the file's recorded verdicts",
        stated: mean(sims.map((s) => s.recorded.reward)),
        stated_from: "the mean of simulations[].reward_info.reward",
        verdicts: sims.length,
      },
    ],
    subset_column: "domain",
    agreement,
  };
}

const RETAIL_V1_TOOLS = new Set(["find_user_id_by_email", "find_user_id_by_name_zip", "get_order_details", "get_product_details", "cancel_pending_order", "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items"]);

export async function parseTauBenchImport(file: ImportFile, ctx: AgentImportContext): Promise<ImportedEval> {
  const text = readText(file);
  let episodes: V1Episode[];
  try {
    let doc: PyValue;
    try {
      doc = loadsPy(text);
    } catch (e) {
      throw new Tau2FormatError("file", `is not JSON: ${(e as Error).message.slice(0, 200)}`);
    }
    if (doc instanceof Map) throw new Tau2FormatError("file", "is an object (τ²-bench's Results files have that shape): a τ-bench trajectories file is a list of episodes");
    episodes = readV1Trajectories(doc);
  } catch (e) {
    return importError(e);
  }
  if (!episodes.length) throw new ImportError("file", "holds no episodes");
  if (episodes.some((e) => e.actions.some((a) => RETAIL_V1_TOOLS.has(a.name)) || e.task.actions.some((a) => RETAIL_V1_TOOLS.has(a.name)))) {
    throw new ImportError("file", "is a τ-bench retail run: Assay replays τ-bench v1's airline domain only (τ²-bench's retail is supported)");
  }
  if (!ctx.tauBenchV1Airline) throw new ImportError("file", "this deployment cannot load τ-bench's airline data to replay it");
  const base = await ctx.tauBenchV1Airline();
  const agreement: ImportAgreement = { simulations: 0, agree: 0, differing: [], db: { compared: 0, agree: 0 }, tool_results: { replayed: 0, differing: 0 }, relabelled: [], notes: [] };
  const copies = new Map<number, V1Data[]>();
  const recordedByTask = new Map<number, number[]>();
  for (const ep of episodes) {
    const mine = copies.get(ep.task_id) ?? [];
    const r = await replayV1Episode(base, replayable(ep), { copies: mine });
    copies.set(ep.task_id, mine);
    agreement.simulations += 1;
    agreement.tool_results.replayed += ep.actions.filter((a) => a.recorded !== null).length;
    agreement.tool_results.differing += r.replay_mismatches.length;
    // v1 records r_actions (the data matched) unless the task lists outputs, whose check then replaces it.
    const rec = ep.reward_info?.info?.get("r_actions");
    const recordedMatch = rec === undefined || rec === null ? null : num(rec) === 1;
    const dbDiffers = recordedMatch !== null && r.data_match !== null && recordedMatch !== r.data_match;
    const components = [...(r.reward !== ep.reward ? ["reward"] : []), ...(dbDiffers ? ["DB"] : [])];
    if (components.length) agreement.differing.push({ simulation: `${ep.task_id}/${ep.trial}`, task: String(ep.task_id), trial: ep.trial, recorded: ep.reward, assay: r.reward, components });
    else agreement.agree += 1;
    if (recordedMatch !== null && r.data_match !== null) {
      agreement.db.compared += 1;
      if (!dbDiffers) agreement.db.agree += 1;
    }
    recordedByTask.set(ep.task_id, [...(recordedByTask.get(ep.task_id) ?? []), ep.reward]);
  }
  agreement.notes.push("τ-bench v1's rule: the data after the agent's actions equals the data after the gold actions, and every required output was said; both recomputed.");
  const taskOf = new Map(episodes.map((e) => [e.task_id, e]));
  const tasks: ImportedTask[] = [...recordedByTask.keys()].map((id) => {
    const ep = taskOf.get(id)!;
    const taskDoc = new Map<string, PyValue>([
      ["user_id", ep.task.user_id],
      ["instruction", ep.task.instruction],
      ["actions", ep.task.actions.map((a) => new Map<string, PyValue>([["name", a.name], ["kwargs", a.kwargs]]))],
      ["outputs", ep.task.outputs],
    ]);
    return {
      key: String(id),
      prompt: ep.task.instruction,
      expected: null,
      verdicts: { reward: mean(recordedByTask.get(id)!) },
      meta: { domain: "airline" },
      columns: { domain: "airline", task: dumpsPy(taskDoc), db_slice: JSON.stringify(v1Slice(copies.get(id)!)) },
    };
  });
  const index = attemptIndexes(episodes, (e) => String(e.task_id), (e) => e.trial);
  return {
    tool: "tau-bench",
    task: "τ-bench airline",
    model: null,
    tool_version: null,
    tasks,
    outputs: episodes.map((e) => ({ key: String(e.task_id), attempt: index.get(e)!, output: v1TrajectoryText(e) })),
    scores: [
      {
        name: "reward",
        source_scorer: "τ-bench v1 Env.calculate_reward (data hash against the gold actions' data, required outputs)",
        assay: { type: "tau2", rule: "tau-bench-v1", nl: "recorded" },
        note: "Assay replays each episode's tool calls through its own v1 airline tools and recomputes the reward by v1's rule",
        stated: mean(episodes.map((e) => e.reward)),
        stated_from: "the mean of the episodes' reward",
        verdicts: episodes.length,
      },
    ],
    subset_column: "domain",
    agreement,
  };
}
