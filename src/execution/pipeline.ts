/**
 * One attempt, start to verdict: its rows read, its task rendered, its
 * stage run (src/execution/stages/), its state scored, and the result as
 * data (src/execution/result.ts): nothing is written here; the invocation
 * that ran it writes, re-sends or lets go. Its live trace shows the
 * stage's deltas between a header and an end. Failures are classified
 * (src/execution/failure.ts): a budget refusal leaves the attempt unsent,
 * too little time sends it back untouched, a failed call or scorer is
 * retried or recorded, trouble on our side is retried. I/O through the
 * ports only.
 */
import type { AttemptSlot } from "../db/attempts";
import { buildMessages } from "../domain/prompt";
import type { RunOptions } from "../domain/run-options";
import type { DeltaEvent } from "../live/deltas";
import type { TokenPrice } from "../providers/cost";
import type { KeptReply } from "../storage/attempt-replies";
import { failureResult, internalFailure, type FailureContext } from "./failure";
import { attemptTrace, type AttemptTrace } from "./live-trace";
import { BudgetRefused, OutOfTime } from "./model-port";
import type { AttemptResult } from "./result";
import { StageError, type AttemptState, type AttemptTask, type Sampling, type Stage, type StagePorts } from "./stage";
import { chooseStage } from "./stages";
import type { RecordedReply } from "./stages/recorded";
import { keptOf, scoredResult, scoreState, transcriptOf } from "./verdict";

/** What the invocation knows of an attempt before running it (its message and the run's frozen plan). */
export interface AttemptInput {
  slot: AttemptSlot;
  /** Tries spent before this one. */
  tries: number;
  /** When it first met a rate limit that said how long to wait (epoch ms), carried from try to try. */
  limitedSince?: number;
  /** A reply an earlier try kept (src/storage/attempt-replies.ts). */
  replyKey?: string;
  benchmark: AttemptTask["benchmark"];
  /** Row indices of the task's few-shot examples. */
  examples: readonly number[];
  sampling: Sampling;
  options: RunOptions;
  /** The target's price, for the attempt's cost. */
  price: TokenPrice | undefined;
  /** The target as the live trace names it (its name, model or "recorded outputs"). */
  executor: string;
}

export interface PipelinePorts extends Omit<StagePorts, "live"> {
  /** Where the attempt's deltas go. */
  deltas(event: DeltaEvent): void;
  /** The attempt's recorded output (an outputs target, a re-score); null for a live target. */
  recorded: (() => Promise<RecordedReply>) | null;
  /** Replies kept from one try for the next. */
  replies: { read(key: string): Promise<KeptReply | null>; keep(reply: KeptReply, tries: number): Promise<string> };
  /** Values scrubbed from every error kept. */
  secrets: readonly string[];
  /** In [0, 1): spreads retries apart. */
  random(): number;
}

export async function runAttempt(input: AttemptInput, ports: PipelinePorts): Promise<AttemptResult> {
  const startedMs = ports.clock.now();
  const trace = attemptTrace(ports.deltas, { slot: input.slot, try: input.tries + 1, executor: input.executor, startedMs, timeoutS: input.options.timeout_s });
  const seen: { state: AttemptState | null } = { state: null };
  const failure: FailureContext = {
    seq: input.slot.seq,
    triesBefore: input.tries,
    limitedSince: input.limitedSince,
    startedAt: new Date(startedMs).toISOString(),
    now: startedMs,
    secrets: ports.secrets,
    jitter: ports.random(),
    transcript: (error) => transcriptOf(seen.state, input.slot, { error }),
  };
  let result: AttemptResult;
  try {
    result = await attempt(input, { ...ports, live: trace }, ports, failure, seen, trace);
  } catch (err) {
    // Trouble on our side (R2, a Durable Object, a bug): retried within the attempt's tries.
    trace.end({ status: "failed", reward: null, error: "internal error" });
    return internalFailure(err, { ...failure, now: ports.clock.now(), ...(input.replyKey !== undefined && { replyKey: input.replyKey }) });
  }
  endTrace(trace, result);
  return result;
}

async function attempt(input: AttemptInput, stagePorts: StagePorts, ports: PipelinePorts, failure: FailureContext, seen: { state: AttemptState | null }, trace: AttemptTrace): Promise<AttemptResult> {
  const [row, ...examples] = await Promise.all([input.slot.rowIndex, ...input.examples].map((i) => ports.rows.row(i)));
  const task: AttemptTask = { slot: input.slot, try: input.tries + 1, row: row!, examples, benchmark: input.benchmark, sampling: input.sampling, options: input.options };
  const kept = input.replyKey ? await ports.replies.read(input.replyKey) : null;
  const stage = chooseStage(task, { kept, recorded: ports.recorded });
  // A conversation of many calls may take the invocation's time, not one call's: its live entry is not overdue before.
  if (stage.conversation) trace.until(ports.clock.deadline());
  const at = () => ({ ...failure, now: ports.clock.now() });
  let state: AttemptState;
  try {
    seen.state = state = render(task, stage);
    seen.state = state = await stage.run(state, stagePorts);
  } catch (err) {
    if (err instanceof BudgetRefused) return { kind: "unsent", log: err.message };
    if (err instanceof OutOfTime) return { kind: "back", log: err.message };
    return failureResult(err, "model call", at());
  }
  if (state.handedOff) return { kind: "handed_off", log: state.handedOff };
  const tries = input.tries + 1;
  try {
    const score = await scoreState(state, stagePorts);
    return { kind: "done", ...scoredResult(state, score, { tries, startedAt: failure.startedAt, finishedAt: new Date(ports.clock.now()).toISOString(), price: input.price }) };
  } catch (err) {
    // Retried, or out of time: keep the reply, so the next try scores it rather than asking the model again.
    if (err instanceof OutOfTime) return { kind: "retry", tries: input.tries, delay_ms: 0, log: err.message, reply_key: await ports.replies.keep(keptOf(state), tries), ...(input.limitedSince !== undefined && { limited_since: input.limitedSince }) };
    const failed = failureResult(err, "scoring", at());
    if (failed.kind === "retry") failed.reply_key = await ports.replies.keep(keptOf(state), tries);
    return failed;
  }
}

/** The task rendered for its stage: the stage's own request, else the benchmark's prompt. */
function render(task: AttemptTask, stage: Stage): AttemptState {
  let request;
  try {
    request = stage.render?.(task) ?? { messages: buildMessages(task.benchmark.prompt, task.row as Record<string, unknown>, task.examples as Record<string, unknown>[]) };
  } catch (err) {
    throw new StageError("prompt", err instanceof Error ? err.message : String(err));
  }
  return { task, request, messages: [], output: null, usage: { input_tokens: null, output_tokens: null, latency_ms: 0 }, store: {} };
}

function endTrace(trace: AttemptTrace, r: AttemptResult): void {
  if (r.kind === "done") trace.end({ status: r.outcome.status, reward: r.outcome.reward, error: r.outcome.error });
  else if (r.kind === "retry" || r.kind === "back") trace.end({ status: "retrying", reward: null, error: r.log });
  else if (r.kind === "unsent") trace.end({ status: "cancelled", reward: null, error: r.log });
}
