/**
 * Harbor trial directories, in one ZIP: a trial (`<task>__<id>/` with
 * result.json, agent/trajectory.json in ATIF, verifier/reward.txt or
 * reward.json), several, or a job directory holding them (its own
 * result.json states the job's Mean). Each trial becomes an attempt of its
 * task (attempts in trial-name order), its output the trial's ATIF
 * trajectory (continuation files `continued_trajectory_ref` joined, their
 * copied-context steps dropped), which the trial view shows as steps and
 * GET /trajectory returns; its reward is the verifier's: result.json's
 * verifier_result (headline `reward`, else its only value), else the
 * reward files read by Harbor's rules (src/environments/harbor/reward.ts).
 *
 * Assay cannot re-run a verifier from a trial directory, so the reward is
 * kept as recorded (source_verdict). A trial whose verifier did not run
 * (result.json's exception_info, no verifier_result) has no reward: it
 * counts as missing, never 0, its exception kept beside it; Harbor's Mean
 * counts it 0, the Terminal-Bench leaderboard drops infrastructure errors,
 * and the difference is stated on the import. A trajectory that breaks
 * ATIF's rules is refused, naming the file and the rule.
 * Pure apart from the ZIP reader.
 */
import { z } from "zod";
import { dirOf, FileTreeError, treeFromZip, treeText, type FileTree } from "../environments/file-tree";
import { headlineReward, readRewardFiles } from "../environments/harbor/reward";
import { validateAtif, type AtifTrajectory } from "../trajectories/atif";
import { ImportError, type ImportedEval, type ImportedOutput, type ImportedTask, type ImportFile } from "./types";

/** Characters of a trajectory kept as a trial's output; a longer one is not kept (the trial and its reward are). */
export const MAX_TRAJECTORY_CHARS = 1_500_000;

const Reward = z.union([z.number(), z.boolean()]).transform((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v));
const TrialResult = z.object({
  task_name: z.string().min(1),
  trial_name: z.string().min(1),
  source: z.string().nullable().optional(),
  agent_info: z.object({ name: z.string(), version: z.string().nullable().optional(), model_info: z.object({ name: z.string(), provider: z.string().nullable().optional() }).nullable().optional() }).nullable().optional(),
  verifier_result: z.object({ rewards: z.record(z.string(), Reward).nullable().optional() }).nullable().optional(),
  exception_info: z.object({ exception_type: z.string(), exception_message: z.string().nullable().optional() }).nullable().optional(),
  started_at: z.string().nullable().optional(),
  finished_at: z.string().nullable().optional(),
});
type TrialResult = z.infer<typeof TrialResult>;

const JobResult = z.object({
  n_total_trials: z.number(),
  stats: z.object({ evals: z.record(z.string(), z.object({ metrics: z.array(z.record(z.string(), z.unknown())).optional() })).optional() }),
});

interface Trial {
  dir: string;
  name: string;
  task: string;
  result: TrialResult | null;
  reward: number | null;
  rewards: Record<string, number> | null;
  /** Why it has no reward. */
  missing: string | null;
  trajectory: AtifTrajectory | null;
  note: string | null;
}

function jsonOf(tree: FileTree, path: string): unknown {
  try {
    return JSON.parse(treeText(tree, path)!);
  } catch (e) {
    throw new ImportError(`file:${path}`, `is not JSON: ${(e as Error).message.slice(0, 200)}`);
  }
}

/** The trial's trajectory with its continuation files joined (copied-context steps dropped, steps renumbered). */
function trajectoryOf(tree: FileTree, dir: string): AtifTrajectory | null {
  const first = `${dir ? `${dir}/` : ""}agent/trajectory.json`;
  if (!tree.has(first)) return null;
  const parts: AtifTrajectory[] = [];
  let path: string | null = first;
  const seen = new Set<string>();
  while (path !== null) {
    if (seen.has(path) || seen.size >= 100) throw new ImportError(`file:${path}`, "continues a trajectory in a loop");
    seen.add(path);
    const v = validateAtif(jsonOf(tree, path));
    if (!v.valid) throw new ImportError(`file:${path}`, `is not a valid ATIF trajectory: ${v.errors.slice(0, 3).join("; ")}`);
    parts.push(v.trajectory!);
    const next = v.trajectory!.continued_trajectory_ref;
    path = next ? `${dirOf(path) ? `${dirOf(path)}/` : ""}${next}` : null;
    if (path !== null && !tree.has(path)) throw new ImportError(`file:${[...seen].at(-1)}`, `continues in ${next}, which the upload does not hold`);
  }
  if (parts.length === 1) return parts[0]!;
  const steps = parts.flatMap((p, i) => (i === 0 ? p.steps : p.steps.filter((s) => !s.is_copied_context)));
  const last = parts.at(-1)!;
  const { continued_trajectory_ref: _ref, ...head } = parts[0]!;
  return { ...head, steps: steps.map((s, i) => ({ ...s, step_id: i + 1 })), ...(last.final_metrics ? { final_metrics: last.final_metrics } : {}), notes: [head.notes, `joined from ${parts.length} files; copied-context steps of the continuations dropped`].filter(Boolean).join("; ") };
}

function readTrial(tree: FileTree, dir: string): Trial {
  const at = (p: string) => `${dir ? `${dir}/` : ""}${p}`;
  let result: TrialResult | null = null;
  if (tree.has(at("result.json"))) {
    const parsed = TrialResult.safeParse(jsonOf(tree, at("result.json")));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ImportError(`file:${at("result.json")}${issue.path.length ? `.${issue.path.join(".")}` : ""}`, issue.message);
    }
    result = parsed.data;
  }
  const folder = dir.split("/").at(-1) ?? "";
  const name = result?.trial_name ?? (folder || "trial");
  let reward: number | null = null;
  let rewards: Record<string, number> | null = null;
  let missing: string | null = null;
  if (result) {
    rewards = result.verifier_result?.rewards ?? null;
    reward = rewards ? headlineReward(rewards) : null;
    if (rewards && reward === null) missing = `the verifier gave several rewards (${Object.keys(rewards).join(", ")}) and none named 'reward'`;
    else if (!rewards) missing = result.exception_info ? `${result.exception_info.exception_type}: ${result.exception_info.exception_message ?? ""}`.trim() : "the verifier did not run";
  } else {
    const read = readRewardFiles({ txt: tree.get(at("verifier/reward.txt")) ?? null, json: tree.get(at("verifier/reward.json")) ?? null });
    if (read.ok) {
      rewards = read.rewards;
      reward = read.reward;
      if (reward === null) missing = "reward.json gives several rewards and none named 'reward'";
    } else missing = `${read.kind}: ${read.message}`;
  }
  let trajectory = trajectoryOf(tree, dir);
  let note: string | null = null;
  if (trajectory && JSON.stringify(trajectory).length > MAX_TRAJECTORY_CHARS) {
    note = `its trajectory is over ${MAX_TRAJECTORY_CHARS} characters and was not kept`;
    trajectory = null;
  }
  // A trial named `<task>__<id>` (Harbor's default) without result.json names its task.
  const task = result?.task_name ?? name.replace(/__[A-Za-z0-9]{7}$/, "");
  return { dir, name, task, result, reward, rewards, missing, trajectory, note };
}

export async function parseHarborTrials(file: ImportFile): Promise<ImportedEval> {
  let tree: FileTree;
  try {
    tree = await treeFromZip(file.bytes, (p) => /(?:^|\/)(result|config)\.json$/.test(p) || /(?:^|\/)agent\/[^/]*\.json$/.test(p) || /(?:^|\/)verifier\/reward\.(txt|json)$/.test(p));
  } catch (e) {
    if (e instanceof FileTreeError) throw new ImportError(e.field, `${e.message}${e.message.startsWith("is not a ZIP") ? ": send the trial (or job) directory as one ZIP" : ""}`);
    throw e;
  }
  // A trial directory: one with agent/ or verifier/ beside it, or a result.json that is a trial's.
  const dirs = new Set<string>();
  for (const p of tree.keys()) {
    const m = /^(?:(.*)\/)?(?:agent|verifier)\/[^/]+$/.exec(p);
    if (m) dirs.add(m[1] ?? "");
  }
  let job: { path: string; mean: number | null; key: string | null } | null = null;
  for (const p of [...tree.keys()].filter((x) => x === "result.json" || x.endsWith("/result.json"))) {
    const json = jsonOf(tree, p) as Record<string, unknown>;
    if (typeof json?.trial_name === "string") dirs.add(dirOf(p));
    else {
      const parsed = JobResult.safeParse(json);
      if (parsed.success && !job) {
        const evals = Object.entries(parsed.data.stats.evals ?? {});
        const mean = evals.length === 1 ? evals[0]![1].metrics?.find((m) => typeof m.mean === "number")?.mean : undefined;
        job = { path: p, mean: typeof mean === "number" ? mean : null, key: evals.length === 1 ? evals[0]![0] : null };
      }
    }
  }
  if (!dirs.size) throw new ImportError("file", "holds no Harbor trial directory (result.json, agent/trajectory.json, verifier/reward.txt)");

  const trials = [...dirs].sort().map((d) => readTrial(tree, d));
  const seenNames = new Map<string, string>();
  for (const t of trials) {
    const other = seenNames.get(t.name);
    if (other !== undefined) throw new ImportError(`file:${t.dir}/result.json`, `is trial ${t.name}, as ${other || "the root"} is`);
    seenNames.set(t.name, t.dir);
  }
  trials.sort((a, b) => (a.task === b.task ? (a.name < b.name ? -1 : 1) : a.task < b.task ? -1 : 1));

  const tasks = new Map<string, ImportedTask>();
  const outputs: ImportedOutput[] = [];
  const attempts = new Map<string, number>();
  for (const t of trials) {
    const attempt = attempts.get(t.task) ?? 0;
    attempts.set(t.task, attempt + 1);
    const prompt = t.trajectory?.steps.find((s) => s.source === "user")?.message ?? t.task;
    if (!tasks.has(t.task)) tasks.set(t.task, { key: t.task, prompt, expected: null, verdicts: {}, columns: {} });
    // One task row per task: the verdict column holds the mean over its trials (the per-attempt reward is the output's).
    outputs.push({ key: t.task, output: t.trajectory ? JSON.stringify(t.trajectory) : "", attempt });
  }
  // The source's verdict is per trial: a task row keeps its trials' rewards in attempt order, and source_verdict reads the attempt's.
  for (const [task, row] of tasks) {
    const mine = trials.filter((t) => t.task === task);
    row.verdicts.reward = mine.map((t) => t.reward);
    row.columns = {
      harbor_trials: mine.map((t) => t.name),
      harbor_missing: mine.map((t) => t.missing ?? t.note),
      harbor_source: mine[0]!.result?.source ?? null,
    };
  }
  const models = new Set(trials.map((t) => t.result?.agent_info?.model_info?.name).filter(Boolean));
  const agents = new Set(trials.map((t) => t.result?.agent_info && `${t.result.agent_info.name}${t.result.agent_info.version ? ` ${t.result.agent_info.version}` : ""}`).filter(Boolean));
  const rewarded = trials.filter((t) => t.reward !== null).length;
  return {
    tool: "harbor",
    task: trials[0]!.result?.source ?? "Harbor trials",
    model: models.size === 1 ? [...models][0]! : null,
    tool_version: agents.size === 1 ? [...agents][0]! : null,
    tasks: [...tasks.values()],
    outputs,
    scores: [
      {
        name: "reward",
        source_scorer: "Harbor verifier (tests/test.sh → /logs/verifier/reward.*)",
        assay: null,
        note:
          `Assay cannot re-run a verifier from a trial directory, so each trial keeps the reward its verifier wrote (${rewarded} of ${trials.length} trials have one). ` +
          "A trial whose verifier did not run has no reward: missing, not 0 (Harbor's Mean counts it 0; the Terminal-Bench leaderboard drops infrastructure errors)",
        stated: job?.mean ?? null,
        stated_from: job ? `${job.path}: stats.evals${job.key ? `.${job.key}` : ""} mean (a trial without a reward counts 0)` : "no job result.json in the upload",
        verdicts: rewarded,
      },
    ],
  };
}
