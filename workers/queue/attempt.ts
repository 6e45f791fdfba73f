/**
 * One attempt, start to verdict: render the prompt, call the target (inside
 * a concurrency slot), score the output. Failures are data: a retryable one
 * asks for another try, a final one becomes the attempt's error. Nothing is
 * written here; the batch writes everything at once.
 */
import { examplesFor, samplingFor } from "../../src/execution/benchmark-plan";
import { endedWithoutReward, type AttemptOutcome, type AttemptSlot } from "../../src/db/attempts";
import { attemptId } from "../../src/domain/attempt-id";
import { buildMessages, expectedAnswer, type ChatMessage } from "../../src/domain/prompt";
import { rateLimitDecision, retryDecision } from "../../src/domain/retry";
import { scrub } from "../../src/domain/scrub";
import { outputWithCalls, toolsColumnOf, toolsOfRow, type ToolCall } from "../../src/domain/tools";
import { imageColumnOf, imageNote, imageOfRow, type ImageNote } from "../../src/domain/images";
import { withImages } from "../../src/providers/image-parts";
import { imageInput } from "../../src/storage/revision-images";
import { revisionFileText } from "../../src/storage/revision-files";
import { ByteGate } from "../../src/execution/byte-gate";
import { estimateCost, ProviderError, type ChatResult } from "../../src/providers";
import { BATCH_PRICE_FACTOR } from "../../src/providers/cost";
import { needsJudge, needsSandbox, scoreAttempt } from "../../src/scorers/registry";
import { ScoringSpec } from "../../src/scorers/spec";
import { keepReply, keptReply } from "../../src/storage/attempt-replies";
import { cachedModelCall } from "./cached-model-call";
import type { CallSignal } from "../../src/execution/concurrency-band";
import { loglikelihoodAttempt, loglikelihoodCall } from "./loglikelihood-call";
import { admitCall, BUDGET_REFUSED } from "./run-budget";
import { followUpTurns, turnPairs, turnsColumnOf } from "../../src/execution/multi-turn";
import { multiTurnReply, RECORDED_MULTI_TURN } from "./multi-turn-attempt";
import { rowAt, warmRows } from "../../src/storage/row-cache";
import type { DeltaEvent } from "../../src/live/deltas";
import type { LiveEmitter } from "../live/client";
import type { Env } from "../env";
import type { RunContext } from "./run-context";
import type { RunBenchmarkRow } from "../../src/db/schema";

export interface TranscriptLine {
  attempt_id: string;
  seq: number;
  messages: ChatMessage[];
  output: string | null;
  model: string | null;
  usage: { input_tokens: number | null; output_tokens: number | null } | null;
  reward: number | null;
  reason: string | null;
  error: string | null;
  /** The calls the model made, when the prompt offered tools. */
  tool_calls?: ToolCall[];
  /** The images sent with the task's message (where each came from, not its bytes). */
  images?: ImageNote[];
}

export type AttemptResult =
  | { kind: "done"; outcome: AttemptOutcome; transcript: TranscriptLine; log?: string; call?: FailedCall }
  | {
      kind: "retry";
      call?: FailedCall;
      /** Tries spent so far (a rate-limit wait spends none). */
      tries: number;
      delay_ms: number;
      log: string;
      /** When the attempt first met a rate limit that said how long to wait (epoch ms), carried to the next try. */
      limited_since?: number;
      /** The kept reply of a try whose scoring failed, carried to the next try so it scores that reply instead of calling the model again. */
      reply_key?: string;
    }
  /** Not sent: the run's budget is exhausted (workers/queue/run-budget.ts). No row is written; the attempt stays missing. */
  | { kind: "unsent"; log: string };

/** How the target's model call failed, for the run's concurrency band and timeline (workers/queue/gate-feedback.ts). */
export type FailedCall = Omit<CallSignal, "epoch">;

/** The result with the failed model call it came from, when it came from one (not a judge's, not a tool's). */
function withCall(result: AttemptResult, err: unknown, stage: string): AttemptResult {
  if (stage !== "model call" || !(err instanceof ProviderError) || result.kind === "unsent") return result;
  return { ...result, call: { status: err.status ?? (err.kind === "rate_limit" ? 429 : null), latency_ms: null, retry_after_ms: err.retry_after_ms } };
}

/** The reply as a trace message: its text, and its tool calls in the OpenAI shape the traces keep. */
function assistantMessage(result: ChatResult) {
  const calls = result.tool_calls?.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } }));
  return { role: "assistant" as const, content: result.text, ...(calls ? { tool_calls: calls } : {}) };
}

/**
 * The isolate's room for revision files a scorer holds (LiveCodeBench's hidden tests, up to about 16 MB each): three
 * copies of each (its text, the program, the request body) within 48 MB, so the attempts an invocation scores at once
 * stay well inside 128 MB; one larger than that runs alone.
 */
const REVISION_FILES = new ByteGate(48 * 1024 * 1024);

function choicesOf(data: Record<string, unknown>): string[] | null {
  const c = data.options ?? data.choices;
  return Array.isArray(c) && c.every((x) => typeof x === "string") ? (c as string[]) : null;
}

/** A run benchmark's scoring, parsed once per loaded run (the run context is cached), not once per attempt. */
const parsedScoring = new WeakMap<object, ScoringSpec>();
function scoringOf(rb: RunBenchmarkRow): ScoringSpec {
  let spec = parsedScoring.get(rb);
  if (!spec) parsedScoring.set(rb, (spec = ScoringSpec.parse(rb.scoring)));
  return spec;
}

/** The dataset rows an attempt reads: its task's row, then its few-shot examples'. */
function rowIndicesOf(rb: RunBenchmarkRow, att: AttemptSlot): number[] {
  return [att.rowIndex, ...examplesFor(rb.fewShot, att.subset)];
}

/**
 * Reads the dataset chunks a batch's attempts will read, each once, before
 * they start (src/storage/row-cache.ts warmRows). An attempt whose benchmark
 * or revision the context lacks is skipped: its own read reports it.
 */
export async function warmAttemptRows(env: Env, ctx: RunContext, slots: readonly AttemptSlot[]): Promise<void> {
  await warmRows(
    env.ARTIFACTS,
    slots.flatMap((att) => {
      const rb = ctx.runBenchmarks.get(att.benchmarkId);
      const rev = rb?.datasetRevisionId ? ctx.revisions.get(rb.datasetRevisionId) : undefined;
      return rb && rev ? rowIndicesOf(rb, att).map((index) => ({ rev, index })) : [];
    }),
  );
}

/** Past its start, an inline attempt's live entry is overdue after its model call and its judge call could both have timed out. */
const LIVE_DEADLINE_MARGIN_MS = 30_000;

/**
 * Runs one attempt; the caller holds one of the run's concurrency slots
 * throughout (judge calls included). Its progress goes to the run's live
 * traces as it happens: a header as its model call starts (setting up an
 * inline attempt takes no time worth showing), the request in flight, the
 * committed turn, the scoring phase when a judge is called, and its end.
 */
/** A batched reply is billed at the batch discount (src/providers/cost.ts). */
function batchedCost(cost: number | null, batched: boolean): number | null {
  return cost !== null && batched ? cost * BATCH_PRICE_FACTOR : cost;
}

export async function runAttempt(
  env: Env,
  ctx: RunContext,
  att: AttemptSlot,
  triesBefore: number,
  limitedSince: number | undefined,
  /** The calling invocation's emitter (workers/live/client.ts: never one shared across invocations). */
  live: LiveEmitter,
  /** The reply an earlier try kept when its scoring failed (src/storage/attempt-replies.ts). */
  replyKey?: string,
): Promise<AttemptResult> {
  const id = attemptId(att.runId, att.seq);
  const target = att.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  const started = Date.now();
  let announced = false;
  const emit = (e: DeltaEvent) => {
    if (!announced && e.kind !== "end") {
      announced = true;
      live.emit(id, att.seq, {
        kind: "header",
        seq: att.seq,
        benchmark_id: att.benchmarkId,
        target: att.target,
        task_key: att.memberKey,
        member_index: att.memberIndex,
        attempt_index: att.attemptIndex,
        subset: att.subset,
        try: triesBefore + 1,
        execution: "inline",
        executor: target.config.name ?? target.config.model ?? "recorded outputs",
        phase: "agent",
        started_at: new Date(started).toISOString(),
        deadline_at: new Date(started + 2 * ctx.options.timeout_s * 1000 + LIVE_DEADLINE_MARGIN_MS).toISOString(),
      });
      if (e.kind === "phase" && e.phase === "agent") return;
    }
    if (announced) live.emit(id, att.seq, e);
  };
  let result: AttemptResult;
  try {
    result = await execute(env, ctx, att, triesBefore, limitedSince, emit, replyKey);
  } catch (err) {
    emit({ kind: "end", status: "failed", reward: null, error: "internal error" });
    throw err;
  }
  if (result.kind === "retry") emit({ kind: "end", status: "retrying", reward: null, error: result.log });
  else if (result.kind === "unsent") emit({ kind: "end", status: "cancelled", reward: null, error: result.log });
  else emit({ kind: "end", status: result.outcome.status, reward: result.outcome.reward, error: result.outcome.error });
  return result;
}

async function execute(
  env: Env,
  ctx: RunContext,
  att: AttemptSlot,
  triesBefore: number,
  limitedSince: number | undefined,
  emit: (e: DeltaEvent) => void,
  replyKey: string | undefined,
): Promise<AttemptResult> {
  const startedAt = new Date().toISOString();
  const tries = triesBefore + 1;
  const rb = ctx.runBenchmarks.get(att.benchmarkId)!;
  const bm = ctx.benchmarks.get(att.benchmarkId)!;
  const rev = ctx.revisions.get(rb.datasetRevisionId!)!;
  const spec = { prompt_template: bm.promptTemplate, prompt_column: bm.promptColumn, answer_column: bm.answerColumn };
  const [rowIndex, ...exampleIndices] = rowIndicesOf(rb, att);
  const row = await rowAt(env.ARTIFACTS, rev, rowIndex!);
  const examples = await Promise.all(exampleIndices.map((i) => rowAt(env.ARTIFACTS, rev, i)));
  // Log-likelihood mode (options.mc_mode) asks the completions endpoint instead of chatting: loglikelihood-call.ts.
  const ll = loglikelihoodAttempt(scoringOf(rb), bm, row.data, examples.map((e) => e.data));
  const messages = ll && "request" in ll ? ll.messages : buildMessages(spec, row.data, examples.map((e) => e.data));
  const target = att.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  const clean = (text: string) => scrub(text, ctx.secretValues);

  let imageNotes: ImageNote[] | undefined;
  const transcript = (o: Partial<TranscriptLine>): TranscriptLine => ({
    attempt_id: attemptId(att.runId, att.seq),
    seq: att.seq,
    messages,
    output: null,
    model: null,
    usage: null,
    reward: null,
    reason: null,
    error: null,
    ...(imageNotes ? { images: imageNotes } : {}),
    ...o,
  });
  const failure = (err: unknown, stage: string): AttemptResult => withCall(failureOf(err, stage), err, stage);
  const failureOf = (err: unknown, stage: string): AttemptResult => {
    const pe = err instanceof ProviderError ? err : null;
    const message = clean(`${stage}: ${err instanceof Error ? err.message : String(err)}`);
    if (pe?.kind === "rate_limit" && pe.retry_after_ms !== null) {
      // The endpoint said how long to wait: wait as told, spending no try, within the attempt's rate-limit wait limit.
      const now = Date.now();
      const since = limitedSince ?? now;
      const d = rateLimitDecision(pe.retry_after_ms, now - since);
      if (d.retry) {
        return { kind: "retry", tries: triesBefore, delay_ms: d.delay_ms, limited_since: since, log: `rate limited; waiting ${d.delay_ms} ms as the endpoint asked (not a failed try): ${message}` };
      }
      // Given up on waiting: missing, with the reason, never a failed try folded into the score.
      const error = `rate limited: ${message}; ${d.reason}`;
      return { kind: "done", log: error, outcome: endedWithoutReward(att.seq, "timed_out", error, tries, startedAt), transcript: transcript({ error }) };
    }
    if (pe) {
      const d = retryDecision(pe.kind, tries, pe.retry_after_ms, Math.random());
      if (d.retry) return { kind: "retry", tries, delay_ms: d.delay_ms, log: `try ${tries} failed (${pe.kind}); retrying in ${d.delay_ms} ms: ${message}` };
    }
    const timedOut = pe?.kind === "timeout";
    const error = pe && pe.kind !== "permanent" ? `${message} (gave up after ${tries} tries)` : message;
    return {
      kind: "done",
      log: error,
      outcome: endedWithoutReward(att.seq, timedOut ? "timed_out" : "failed", error, tries, startedAt),
      transcript: transcript({ error }),
    };
  };

  if (ll && "error" in ll) return failure(ll.error, "log-likelihood");
  // Tools the benchmark's rows offer (BFCL's functions): a row whose tools are unreadable fails the attempt with why.
  let tools;
  try {
    tools = toolsOfRow(toolsColumnOf(bm.options), row.data);
  } catch (err) {
    return failure(err, "tools");
  }
  // A multi-turn benchmark (MT-Bench): the later user turns, each sent after the model's reply to the one before.
  let followUps: string[] | null;
  try {
    const column = turnsColumnOf(bm.options);
    followUps = column ? followUpTurns(column, row.data) : null;
  } catch (err) {
    return failure(err, "turns");
  }
  let conversation: ChatMessage[] | null = null;
  let answers: string[] | null = null;
  // The row's image (the benchmark's image_column), read and checked before the call and sent with the task's message.
  let sent = messages;
  try {
    const image = imageOfRow(imageColumnOf(bm.options), row.data);
    if (image) {
      sent = withImages(messages, [await imageInput(env.ARTIFACTS, rev, image)]);
      imageNotes = [imageNote(image)];
    }
  } catch (err) {
    return failure(err, "image");
  }
  let result: ChatResult;
  /** The reply came from the response cache (options.cache): no model call, nothing spent. */
  let cached = false as boolean;
  /** The reply came from a provider batch (options.batch): billed at the batch discount. */
  let batched = false as boolean;
  emit({ kind: "phase", phase: "agent" });
  emit({ kind: "preview", messages: messages.map((m) => ({ ...m })) });
  try {
    // Recorded outputs (an outputs target, a re-score) take the place of the model call; none recorded is a missing attempt.
    const recorded = target.recorded && (await target.recorded(att, rb.baseSeq!));
    if (recorded && "missing" in recorded) {
      return { kind: "done", log: recorded.missing, outcome: endedWithoutReward(att.seq, "failed", recorded.missing, tries, startedAt), transcript: transcript({ error: recorded.missing }) };
    }
    // A retry after a scoring failure scores the reply its earlier try kept: the model is not asked twice.
    const kept = !recorded && replyKey ? await keptReply(env.ARTIFACTS, att.runId, replyKey) : null;
    batched = kept?.batched === true;
    const call = async () => {
      const r = await cachedModelCall(env, ctx, target, att.attemptIndex, {
        messages: sent,
        model: target.config.model,
        ...samplingFor(ctx.options, att.benchmarkId),
        timeout_ms: ctx.options.timeout_s * 1000,
        params: target.config.params,
        ...(tools ? { tools } : {}),
      });
      cached = r.cached;
      return r.result;
    };
    if (followUps && recorded) {
      return { kind: "done", log: RECORDED_MULTI_TURN, outcome: endedWithoutReward(att.seq, "failed", RECORDED_MULTI_TURN, tries, startedAt), transcript: transcript({ error: RECORDED_MULTI_TURN }) };
    }
    // A budget (options.budget) admits the call first; refused, nothing is sent and the attempt stays missing (never 0).
    if (!recorded && !kept && !(await admitCall(env, ctx, att, messages, tools))) return { kind: "unsent", log: BUDGET_REFUSED };
    if (followUps) {
      const request = { model: target.config.model, ...samplingFor(ctx.options, att.benchmarkId), timeout_ms: ctx.options.timeout_s * 1000, params: target.config.params };
      ({ result, conversation, answers } = await multiTurnReply({ first: sent, followUps, kept, send: (m) => target.provider.chat({ ...request, messages: m }) }));
    } else result = recorded || kept || (ll && "request" in ll ? await loglikelihoodCall(ctx, target, ll.request) : await call());
  } catch (err) {
    return failure(err, "model call");
  }

  emit({
    kind: "turn",
    messages: conversation ? conversation.map((m) => ({ ...m })) : [...messages.map((m) => ({ ...m })), assistantMessage(result)],
    model: result.model,
    usage: { input_tokens: result.input_tokens, output_tokens: result.output_tokens },
    latency_ms: result.latency_ms,
    reward: null,
  });
  const scoring = scoringOf(rb);
  if (needsJudge(scoring) || needsSandbox(scoring)) emit({ kind: "phase", phase: "scoring" });
  let score;
  try {
    score = await scoreAttempt(
      { output: result.text, tool_calls: result.tool_calls, expected: expectedAnswer(spec, row.data), choices: choicesOf(row.data), spec: scoring, prompt: messages.at(-1)?.content, row: row.data, attempt_index: att.attemptIndex, ...(conversation && followUps ? { turns: turnPairs(conversation, followUps.length + 1) } : {}) },
      { judge: ctx.judge, execute: ctx.execute, withRevisionFile: (ref, use) => REVISION_FILES.hold(3 * ref.bytes, async () => use(await revisionFileText(env.ARTIFACTS, rev, ref))) },
    );
  } catch (err) {
    const failed = failure(err, "scoring");
    // Retried: keep the reply, so the next try re-scores it rather than asking the model again.
    if (failed.kind === "retry") failed.reply_key = await keepReply(env.ARTIFACTS, att.runId, att.seq, tries, answers ? { ...result, turns: answers } : result);
    return failed;
  }
  const usage = { input_tokens: result.input_tokens, output_tokens: result.output_tokens };
  return {
    kind: "done",
    outcome: {
      seq: att.seq,
      status: "succeeded",
      reward: score.reward,
      structured: score.structured ?? null,
      output: outputWithCalls(result.text, result.tool_calls),
      reason: score.reason,
      error: null,
      exit_code: score.exit_code ?? null,
      tries,
      ...usage,
      cost: cached ? 0 : batchedCost(estimateCost(target.config.price, result.input_tokens, result.output_tokens), batched),
      latency_ms: result.latency_ms,
      transcript_key: null,
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      ...(cached && { cached: true }),
      truncated: result.truncated,
    },
    transcript: transcript({ ...(conversation ? { messages: conversation } : {}), output: outputWithCalls(result.text, result.tool_calls), ...(result.tool_calls ? { tool_calls: result.tool_calls } : {}), model: result.model, usage, reward: score.reward, reason: score.reason }),
  };
}
