/**
 * The last step of an attempt: its state scored by the benchmark's scorer
 * (src/scorers/registry.ts, with the run's judge and the sandbox injected),
 * and the outcome and transcript line that record it. A scoring failure is
 * retried like a call's, keeping the reply so the retry scores it instead
 * of asking the model again. No I/O of its own.
 */
import type { Tau2DomainName } from "../agents/tau2/domain";
import type { AttemptOutcome } from "../db/attempts";
import { attemptId } from "../domain/attempt-id";
import { expectedAnswer } from "../domain/prompt";
import { outputWithCalls } from "../domain/tools";
import { BATCH_PRICE_FACTOR, estimateCost, type TokenPrice } from "../providers/cost";
import { needsJudge, needsSandbox, scoreAttempt } from "../scorers/registry";
import type { Judge, ScoreInput, ScoreResult } from "../scorers/types";
import type { KeptReply } from "../storage/attempt-replies";
import type { Message } from "../live/deltas";
import type { ModelPort } from "./ports";
import type { TranscriptLine } from "./result";
import type { AttemptState, StagePorts } from "./stage";

/** The judge as scorers take it: a chat with the judge model, deterministic, its reply's text. */
export function judgeOf(port: ModelPort | null): Judge | undefined {
  return port ? async (messages) => ({ text: (await port.chat({ messages, temperature: 0, max_output_tokens: 512 })).text }) : undefined;
}

function choicesOf(data: Readonly<Record<string, unknown>>): string[] | null {
  const c = data.options ?? data.choices;
  return Array.isArray(c) && c.every((x) => typeof x === "string") ? (c as string[]) : null;
}

export function scoreInput(state: AttemptState): ScoreInput {
  const { task, output } = state;
  const row = task.row as Record<string, unknown>;
  return {
    output: output?.text ?? "",
    ...(output?.tool_calls && { tool_calls: output.tool_calls }),
    expected: expectedAnswer(task.benchmark.prompt, row),
    choices: choicesOf(row),
    spec: task.benchmark.scoring,
    prompt: state.request.messages.at(-1)?.content,
    row,
    attempt_index: task.slot.attemptIndex,
    ...(state.turns && { turns: [...state.turns] }),
    trajectory: state.messages,
    ...(Object.keys(state.store).length && { store: state.store }),
  };
}

/** Scores the state; the scoring phase is shown when it calls a judge or the sandbox. Errors propagate (the caller retries). */
export async function scoreState(state: AttemptState, ports: StagePorts): Promise<ScoreResult> {
  const spec = state.task.benchmark.scoring;
  if (needsJudge(spec) || needsSandbox(spec)) ports.live.emit({ kind: "phase", phase: "scoring" });
  const tau2 = ports.tau2;
  return scoreAttempt(scoreInput(state), {
    judge: judgeOf(ports.models.judge),
    execute: ports.sandbox ?? undefined,
    withRevisionFile: (ref, use) => ports.rows.withFile(ref, use),
    openRevisionFile: (ref) => ports.rows.open(ref),
    // τ²'s scorer replays the conversation on the task's domain (the scorer checks the name first).
    ...(tau2 && { tau2Domain: (name: string) => tau2.domain(name as Tau2DomainName) }),
  });
}

/** What a scoring retry keeps of the state: the reply, and a multi-turn attempt's answer to each turn. */
export function keptOf(state: AttemptState): KeptReply {
  const o = state.output!;
  return {
    text: o.text,
    input_tokens: state.usage.input_tokens,
    output_tokens: state.usage.output_tokens,
    latency_ms: state.usage.latency_ms,
    model: o.model,
    truncated: o.truncated,
    ...(o.tool_calls && { tool_calls: o.tool_calls }),
    ...(state.turns && { turns: state.turns.map((t) => t.answer) }),
    ...(state.batched && { batched: true }),
    ...(state.targetTurns !== undefined && { target_turns: state.targetTurns }),
  };
}

/**
 * The messages a transcript keeps: the whole conversation, except that a
 * one-call attempt keeps its prompt alone (its reply is the line's output,
 * and the steps API adds it back: src/live/steps.ts).
 */
function transcriptMessages(state: AttemptState): Message[] {
  const oneCall = state.messages.length === state.request.messages.length + 1 && state.messages.at(-1)?.role === "assistant";
  return (oneCall ? state.request.messages : state.messages).map((m) => ({ ...m }));
}

/** The transcript line of an attempt: what was sent, and what came back or why nothing did. */
export function transcriptOf(state: AttemptState | null, slot: { runId: string; seq: number }, o: Partial<TranscriptLine>): TranscriptLine {
  return {
    attempt_id: attemptId(slot.runId, slot.seq),
    seq: slot.seq,
    messages: state ? (state.output ? transcriptMessages(state) : state.request.messages.map((m) => ({ ...m }))) : [],
    output: null,
    model: null,
    usage: null,
    reward: null,
    reason: null,
    error: null,
    ...(state?.images && { images: [...state.images] }),
    ...(state && Object.keys(state.store).length && { store: { ...state.store } }),
    ...o,
  };
}

/** A scored attempt's outcome and transcript line. */
export function scoredResult(state: AttemptState, score: ScoreResult, c: { tries: number; startedAt: string; finishedAt: string; price: TokenPrice | undefined }): { outcome: AttemptOutcome; transcript: TranscriptLine } {
  const o = state.output!;
  const { input_tokens, output_tokens, latency_ms } = state.usage;
  const listed = estimateCost(c.price, input_tokens, output_tokens);
  // A cached reply cost nothing; a batched one is billed at the batch discount (src/providers/cost.ts).
  const cost = o.cached ? 0 : listed !== null && state.batched ? listed * BATCH_PRICE_FACTOR : listed;
  const output = outputWithCalls(o.text, o.tool_calls);
  return {
    outcome: {
      seq: state.task.slot.seq,
      status: "succeeded",
      reward: score.reward,
      structured: score.structured ?? null,
      output,
      reason: score.reason,
      error: null,
      exit_code: score.exit_code ?? null,
      tries: c.tries,
      input_tokens,
      output_tokens,
      cost,
      latency_ms,
      transcript_key: null,
      started_at: c.startedAt,
      finished_at: c.finishedAt,
      ...(o.cached && { cached: true }),
      truncated: o.truncated,
      ...(state.targetTurns !== undefined && { turns: state.targetTurns }),
    },
    transcript: transcriptOf(state, state.task.slot, {
      output,
      ...(o.tool_calls && { tool_calls: o.tool_calls }),
      model: o.model,
      usage: { input_tokens, output_tokens },
      reward: score.reward,
      reason: score.reason,
    }),
  };
}
