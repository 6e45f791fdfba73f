/**
 * Scorer `tau2`: τ²-bench's reward, by its evaluator's rules
 * (src/agents/tau2/evaluate.ts; τ²-bench's evaluate_simulation with
 * EvaluationType.ALL): the attempt's conversation (its output, a trajectory
 * document) is replayed on a fresh copy of the task's domain and the gold
 * actions on another; the reward is the product over the task's reward
 * basis of DB (the two databases equal), ENV_ASSERTION, ACTION, COMMUNICATE
 * and NL_ASSERTION (the run's judge, or with `nl: "recorded"` the verdicts
 * an imported file recorded, said so in the reason); a conversation that
 * ended other than by a stop scores 0. With `rule: "tau-bench-v1"`, v1's
 * rule instead: the data after the agent's actions equals the data after
 * the gold actions, and every required output was said.
 *
 * The domain's data comes from the row (`db_slice`: the part of the
 * database an import's replays looked up, which decides the DB check as the
 * whole database does) or from the injected `tau2Domain` port (live runs).
 * Every component is kept in the structured result (`report`) and as
 * dimensions; a recorded reward rides along as `source:reward`. Differences
 * from the reference are those of evaluate.ts (recorded instead of raised).
 * Pure apart from the injected judge and domain port; no I/O.
 */
import { evaluateSimulation, type NlSource, type RewardInfo } from "../agents/tau2/evaluate";
import { isTau2Domain } from "../agents/tau2/domain";
import { readTrajectory, readV1Trajectory, sliceDomain, type DomainSlice } from "../agents/tau2/record";
import { loadsPy } from "../agents/tau2/py/json";
import { FieldReader, readTask, Tau2FormatError } from "../agents/tau2/task";
import { readV1Task, replayV1Episode, v1Data } from "../agents/tau2/v1/replay";
import type { ScoreDeps, ScoreInputOf, ScoreResult } from "./types";

const unscored = (reason: string): ScoreResult => ({ reward: null, reason });

function cell(row: Record<string, unknown> | undefined, key: string): string | null {
  const v = row?.[key];
  return typeof v === "string" ? v : v !== null && v !== undefined && typeof v === "object" ? JSON.stringify(v) : null;
}

function dimensionsOf(info: RewardInfo, recorded: number | null): Record<string, number> {
  const d: Record<string, number> = {};
  if (info.db_check) d.DB = info.db_check.db_reward;
  if (info.env_assertions?.length) d.ENV_ASSERTION = info.env_assertions.every((a) => a.met) ? 1 : 0;
  if (info.action_checks?.length) d.ACTION = info.action_checks.every((a) => a.action_match) ? 1 : 0;
  if (info.communicate_checks?.length) d.COMMUNICATE = info.communicate_checks.every((c) => c.met) ? 1 : 0;
  if (info.nl_assertions?.length) d.NL_ASSERTION = info.nl_assertions.every((v) => v.met) ? 1 : 0;
  if (recorded !== null) d["source:reward"] = recorded;
  return d;
}

function reasonOf(info: RewardInfo, recorded: number | null, ended: string | null | undefined): string {
  // A conversation that ended other than by a stop scores 0: say how it ended (a native run's trajectory says why).
  if (info.note && info.reward_basis === null) return ended ? `${info.note}: ${ended}` : info.note;
  const parts = (info.reward_basis ?? []).map((b) => `${b} ${info.reward_breakdown?.[b] ?? "unscored"}`);
  const nl = info.nl_source === "recorded" ? "; NL verdicts as the source recorded them" : info.nl_source === "judge" ? "; NL verdicts by the run's judge" : "";
  const rec = recorded === null ? "" : `; the source recorded ${recorded}`;
  const mism = info.replay_mismatches.length ? `; ${info.replay_mismatches.length} recorded tool result(s) replayed differently` : "";
  return `τ² reward ${info.reward ?? "unscored"}: ${parts.join(", ") || "no criteria"}${nl}${rec}${mism}`;
}

async function scoreV1(input: ScoreInputOf<"tau2">): Promise<ScoreResult> {
  const slice = cell(input.row, "db_slice");
  if (!slice) return unscored("τ-bench v1 needs the task's data slice (db_slice), which this row has not");
  const parts = JSON.parse(slice) as { flights: string; reservations: string; users: string };
  const task = readV1Task(new FieldReader(loadsPy(cell(input.row, "task") ?? "null"), "task"));
  const doc = readV1Trajectory(input.output);
  const r = await replayV1Episode(v1Data(parts), { task, actions: doc.actions, ended: doc.ended });
  const dimensions: Record<string, number> = {};
  if (r.data_match !== null) dimensions.DB = r.data_match ? 1 : 0;
  if (r.outputs) dimensions.OUTPUTS = Object.values(r.outputs).every(Boolean) ? 1 : 0;
  if (doc.recorded_reward !== null) dimensions["source:reward"] = doc.recorded_reward;
  const reason = r.ended
    ? `τ-bench v1 reward ${r.reward}: data ${r.data_match ? "equals" : "differs from"} the gold data${r.outputs ? `; outputs ${Object.entries(r.outputs).map(([o, ok]) => `'${o}' ${ok ? "said" : "not said"}`).join(", ")}` : ""}${doc.recorded_reward === null ? "" : `; the source recorded ${doc.recorded_reward}`}`
    : (r.note ?? "");
  return { reward: r.reward, reason, structured: { dimensions, report: r as unknown as Record<string, unknown> } };
}

export async function scoreTau2(input: ScoreInputOf<"tau2">, deps: ScoreDeps = {}): Promise<ScoreResult> {
  try {
    if (input.spec.rule === "tau-bench-v1") return await scoreV1(input);
    const domainName = cell(input.row, "domain");
    if (!isTau2Domain(domainName)) return unscored(`the row names no τ² domain (domain: ${JSON.stringify(domainName)})`);
    const taskText = cell(input.row, "task");
    if (!taskText) return unscored("the row holds no τ² task (column task)");
    const task = readTask(new FieldReader(loadsPy(taskText), "task"));
    const doc = readTrajectory(input.output);
    const sliceText = cell(input.row, "db_slice");
    const domain = sliceText ? sliceDomain(JSON.parse(sliceText) as DomainSlice) : deps.tau2Domain ? await deps.tau2Domain(domainName) : null;
    if (!domain) return unscored(`no data for the ${domainName} domain: the row has no slice and this run was given no domain`);
    let nl: NlSource;
    if (input.spec.nl === "recorded") nl = { kind: "recorded", verdicts: doc.nl_verdicts };
    else if (deps.judge) nl = { kind: "judge", judge: deps.judge };
    else nl = { kind: "recorded", verdicts: null };
    const info = await evaluateSimulation({
      task,
      messages: doc.messages,
      termination: doc.termination_reason,
      // τ² builds the gold environment without solo mode (the user's gold actions run on the user's tools).
      environment: (role) => domain.environment(role, { soloMode: role === "agent" && doc.solo }),
      nl,
    });
    // A native run's stage says how the conversation went (termination, steps, tool errors, the user simulator's spend).
    const conversation = input.store?.conversation;
    const report = { ...(info as unknown as Record<string, unknown>), ...(conversation ? { conversation } : {}) };
    return { reward: info.reward, reason: reasonOf(info, doc.recorded_reward, doc.note), structured: { dimensions: dimensionsOf(info, doc.recorded_reward), report } };
  } catch (e) {
    if (e instanceof Tau2FormatError) return unscored(`cannot read the attempt: ${e.field} ${e.message}`);
    throw e;
  }
}
