/**
 * What makes results comparable, and how they are ranked. A board holds
 * results of one benchmark on the same frozen dataset revision and digest,
 * scoring spec (or runner reference, for runner benchmarks), task names and
 * digests, attempts per task and missing-reward policy; the model or
 * profile may differ. Its key is the SHA-256 of that spec's canonical
 * JSON. Drift compares runs of the same benchmark, dataset digest and
 * scorer on the same model. Web Crypto digests only; no other I/O.
 */
import { sha256Hex } from "../crypto/hash";
import { canonicalJson, type JsonValue } from "../datasets/canonical-json";
import type { StoredTarget } from "../domain/run-target";

export interface BoardSpec {
  benchmark_id: string;
  dataset_revision_id: string;
  dataset_digest: string;
  /** The scorer spec as run (inline benchmarks). */
  scoring: JsonValue | null;
  /** The runner the attempts ran on (runner benchmarks). */
  runner: string | null;
  k: number;
  missing_policy: string;
  task_count: number;
  /** SHA-256 over the sorted "key<TAB>digest" lines of the tasks. */
  tasks_digest: string;
}

export interface TaskRef {
  key: string;
  digest: string;
}

/** The digest of a task set: names and digests, order-free. */
export async function tasksDigest(tasks: readonly TaskRef[]): Promise<string> {
  const lines = tasks.map((t) => `${t.key}\t${t.digest}`).sort();
  return sha256Hex(lines.join("\n"));
}

export async function boardKey(spec: BoardSpec): Promise<string> {
  return sha256Hex(canonicalJson(spec as unknown as JsonValue));
}

/** What drift compares on: the benchmark, its dataset digest and its scorer. */
export async function driftKey(benchmarkId: string, datasetDigest: string, scoring: JsonValue | null): Promise<string> {
  return sha256Hex(canonicalJson({ benchmark_id: benchmarkId, dataset_digest: datasetDigest, scoring }));
}

/** What makes two targets "the same model": provider and model name, or runner and profile. */
export function modelKey(target: StoredTarget): string {
  if (target.kind === "outputs") return `outputs:${target.dataset}:${target.output_column}`;
  return target.kind === "agent" ? `agent:${target.runner_url}:${target.profile}` : `model:${target.provider}:${target.model}`;
}

/** The label a row shows: the target's name, else its model or profile. */
export function modelLabel(target: StoredTarget): string {
  return target.name ?? (target.kind === "outputs" ? `outputs ${target.dataset}` : target.kind === "agent" ? target.profile : target.model);
}

/** The runner reference of a target on a runner benchmark. */
export function runnerOf(target: StoredTarget): string | null {
  return target.kind === "agent" ? target.runner_url : null;
}

/** How rows are ordered, said in the API so equal scores rank the same way every time. */
export const TIE_BREAK =
  "score descending (no score last); ties go to more scored attempts, then fewer missing, then the earlier submission or finish, then the id";

export interface Rankable {
  score: number | null;
  scored: number;
  missing: number;
  /** Submission (entries) or finish (runs) time, ISO. */
  at: string;
  /** The row's unique id: entry id, or run id and target. */
  id: string;
}

/** The comparator TIE_BREAK describes; SQL orders the same way (see RANK_ORDER_*). */
export function compareRank(a: Rankable, b: Rankable): number {
  if ((a.score === null) !== (b.score === null)) return a.score === null ? 1 : -1;
  if (a.score !== null && b.score !== null && a.score !== b.score) return b.score - a.score;
  if (a.scored !== b.scored) return b.scored - a.scored;
  if (a.missing !== b.missing) return a.missing - b.missing;
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const RANK_ORDER_ENTRIES = "score IS NULL, score DESC, scored DESC, missing ASC, submitted_at ASC, id ASC";
export const RANK_ORDER_RUNS = "score IS NULL, score DESC, scored DESC, missing ASC, finished_at ASC, run_id ASC, target ASC";
