/**
 * The body of one attempt's dispatch to its runner (protocol
 * assay.runner.v1): the attempt and its deadline, the task (the row, the
 * benchmark's prompt as chat messages, the expected answer), the scoring
 * spec, the target's params and secrets, sampling, callbacks and token.
 * Assembled from what the dispatcher loaded; no I/O.
 */
import type { AttemptSlot } from "../db/attempts";
import type { BenchmarkRow, RunBenchmarkRow } from "../db/schema";
import { buildMessages, expectedAnswer, type ChatMessage, type PromptSpec } from "../domain/prompt";
import type { RunOptions } from "../domain/run-options";
import { PROTOCOL, type AttemptDispatch } from "./protocol";

/** One dispatch of an attempt: its ids, try, deadline, token and callbacks. */
export interface DispatchOf {
  id: string;
  dispatch: string;
  tries: number;
  deadlineMs: number;
  token: string;
  callbacks: AttemptDispatch["callbacks"];
}

/** The task of an attempt: its slot in the plan, its benchmark, and its dataset row. */
export interface AttemptTask {
  runId: string;
  options: RunOptions;
  slot: AttemptSlot;
  runBenchmark: RunBenchmarkRow;
  benchmark: BenchmarkRow | undefined;
  /** The row's columns. */
  row: Record<string, unknown>;
  /** The few-shot examples' columns; null when they could not be loaded. */
  examples: Record<string, unknown>[] | null;
}

/** The target side of a dispatch. */
export interface DispatchTarget {
  params: Record<string, unknown>;
  secrets: Record<string, string>;
  profile: string;
}

/** The benchmark's prompt spec (all null for a benchmark that is gone). */
export function promptSpecOf(bm: BenchmarkRow | undefined): PromptSpec {
  return { prompt_template: bm?.promptTemplate ?? null, prompt_column: bm?.promptColumn ?? null, answer_column: bm?.answerColumn ?? null };
}

/** The JSON body Assay signs and POSTs to the runner for one dispatch of an attempt. */
export function attemptBody(task: AttemptTask, target: DispatchTarget, base: DispatchOf): AttemptDispatch {
  const { slot, benchmark: bm, options } = task;
  const spec = promptSpecOf(bm);
  let messages: ChatMessage[] = [];
  try {
    if (task.examples) messages = buildMessages(spec, task.row, task.examples);
  } catch {
    // A runner benchmark without a prompt: the runner builds its own from the row.
  }
  return {
    protocol: PROTOCOL,
    attempt: {
      id: base.id,
      run_id: task.runId,
      seq: slot.seq,
      dispatch_id: base.dispatch,
      try: base.tries,
      attempt_index: slot.attemptIndex,
      target: slot.target,
      timeout_s: options.timeout_s,
      deadline_at: new Date(base.deadlineMs).toISOString(),
    },
    task: {
      benchmark_id: slot.benchmarkId,
      benchmark_name: bm?.name ?? slot.benchmarkId,
      key: slot.memberKey,
      digest: slot.taskDigest,
      row_index: slot.rowIndex,
      subset: slot.subset,
      messages,
      expected: expectedAnswer(spec, task.row),
      data: task.row,
    },
    scoring: task.runBenchmark.scoring ?? null,
    params: target.params,
    secrets: target.secrets,
    profile: target.profile,
    sampling: { temperature: options.temperature, top_p: options.top_p ?? null, max_output_tokens: options.max_output_tokens },
    callbacks: base.callbacks,
    token: base.token,
  };
}
