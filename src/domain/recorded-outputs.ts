/**
 * Recorded outputs matched to a benchmark's tasks: which outputs row is
 * attempt i of each selected task, and the report a run shows of the match
 * (tasks matched and missing, outputs whose key matches no task). Also the
 * wording of an attempt that has no recorded output, so it counts as
 * missing (never 0) under its own error kind. Pure: no binding, no clock.
 */
import { keyText } from "../datasets/rows";
import type { JsonValue } from "../datasets/canonical-json";
import type { FieldError } from "./errors";

/** Unmatched keys listed in a report; the count says how many there are. */
export const MAX_LISTED_UNMATCHED = 20;

/** Every error of an attempt without a recorded output starts so (run-outcome.ts counts them as `no_output`). */
export const NO_OUTPUT_PREFIX = "recorded output:";

/** How one target slot's recorded outputs matched a benchmark's tasks. */
export interface OutputsMatch {
  /** `dataset`: an outputs target's revision; `run`: a re-score's source run. */
  source: "dataset" | "run";
  /** The revision `name@version` (dataset) or the source run id (run). */
  from: string;
  /** The revision id the outputs were read from (dataset only). */
  revision_id: string | null;
  /** Outputs rows read (dataset) or source attempts reused (run). */
  outputs: number;
  /** Selected tasks with at least one recorded output. */
  matched_tasks: number;
  /** Selected tasks with none: their attempts are missing, never 0. */
  missing_tasks: number;
  /** Outputs whose key matches no task of the benchmark's dataset. */
  unmatched_count: number;
  /** The first of them (at most MAX_LISTED_UNMATCHED), in file order. */
  unmatched_keys: string[];
  /** Outputs of selected tasks beyond the run's k attempts, not used. */
  beyond_k: number;
}

/** Which outputs row each attempt of each selected member takes: rows[member][attempt] (shorter than k: the rest are missing). */
export type OutputsPlan = number[][];

export interface OutputRef {
  index: number;
  data: Record<string, JsonValue>;
}

export interface MatchColumns {
  key_column?: string | undefined;
  attempt_column?: string | undefined;
}

/** Orders a task's outputs by the attempt column: numbers before text, absent last, ties in file order. */
function attemptOrder(a: { attempt: JsonValue | undefined; index: number }, b: { attempt: JsonValue | undefined; index: number }): number {
  const rank = (v: JsonValue | undefined) => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  const ra = rank(a.attempt);
  const rb = rank(b.attempt);
  if (ra !== rb) return ra - rb;
  if (ra === 0 && a.attempt !== b.attempt) return (a.attempt as number) - (b.attempt as number);
  if (ra === 1 && a.attempt !== b.attempt) return String(a.attempt) < String(b.attempt) ? -1 : 1;
  return a.index - b.index;
}

/**
 * Matches outputs rows to the selected members. With key_column an output
 * belongs to the task whose key equals its key text; without, outputs row i
 * belongs to the task at row index i. `taskIds` are every task of the
 * benchmark's dataset (an output for a task the run did not select is not
 * unmatched), `members` the selected ones in plan order.
 */
export function matchOutputs(
  members: readonly { key: string; index: number }[],
  taskIds: ReadonlySet<string>,
  outputs: Iterable<OutputRef>,
  cols: MatchColumns,
  k: number,
): { plan: OutputsPlan; match: Omit<OutputsMatch, "source" | "from" | "revision_id"> } {
  const byTask = new Map<string, { attempt: JsonValue | undefined; index: number }[]>();
  let count = 0;
  let unmatched = 0;
  const unmatchedKeys: string[] = [];
  for (const o of outputs) {
    count++;
    const id = cols.key_column ? keyText(o.data[cols.key_column]) : String(o.index);
    if (id === undefined || !taskIds.has(id)) {
      unmatched++;
      if (unmatchedKeys.length < MAX_LISTED_UNMATCHED) unmatchedKeys.push(id ?? `(row ${o.index + 1}: no key)`);
      continue;
    }
    const list = byTask.get(id) ?? [];
    list.push({ attempt: cols.attempt_column ? o.data[cols.attempt_column] : undefined, index: o.index });
    byTask.set(id, list);
  }
  let matched = 0;
  let beyond = 0;
  const plan = members.map((m) => {
    const list = byTask.get(cols.key_column ? m.key : String(m.index)) ?? [];
    if (list.length) matched++;
    beyond += Math.max(0, list.length - k);
    return list.sort(attemptOrder).slice(0, k).map((x) => x.index);
  });
  return {
    plan,
    match: { outputs: count, matched_tasks: matched, missing_tasks: members.length - matched, unmatched_count: unmatched, unmatched_keys: unmatchedKeys, beyond_k: beyond },
  };
}

/** An output cell as text: a string as is, a number or boolean as text; null or absent (or a structure) is no output. */
export function outputText(value: JsonValue | undefined): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** The error of an attempt with no recorded output (the attempt is missing, not scored 0). */
export function noOutputError(why: string): string {
  return `${NO_OUTPUT_PREFIX} ${why}`;
}

/** Whether a run slot's outputs are recorded rather than produced by a call: every slot of a re-score, or an outputs target. */
export function isRecorded(run: { sourceRunId?: string | null; target: { kind?: unknown }; compareTarget: { kind?: unknown } | null }, slot: "a" | "b"): boolean {
  const t = slot === "a" ? run.target : run.compareTarget;
  return !!t && (!!run.sourceRunId || t.kind === "outputs");
}

/** The outputs target's columns the revision lacks, each named by its field (`target.output_column`, ...). */
export function outputsColumnErrors(
  slot: string,
  t: { key_column?: string | undefined; output_column: string; attempt_column?: string | undefined },
  columns: readonly string[],
): FieldError[] {
  const have = new Set(columns);
  const shown = columns.slice(0, 30).join(", ");
  const errors: FieldError[] = [];
  for (const field of ["key_column", "output_column", "attempt_column"] as const) {
    const col = t[field];
    if (col !== undefined && !have.has(col)) errors.push({ field: `${slot}.${field}`, message: `the outputs revision has no column '${col}' (its columns: ${shown})` });
  }
  return errors;
}
