/**
 * The agent path: attempts of a run whose target is an agent runner. The
 * consumer does not execute them; it dispatches each one, signed, to the
 * target's runner_url and lets go. The attempt then belongs to the live
 * object that owns it (workers/durable/run-live.ts): the runner's events,
 * artifacts and verifier result arrive there with the attempt's token, and
 * it ends the attempt on the result or, failing that, at its timeout
 * (timed_out, no reward).
 *
 * Concurrency: each dispatched attempt holds one of the run's RunGate
 * slots under a holder of its own (`agent:<attempt id>`) whose lease
 * outlives its timeout, released when the attempt ends; so at most
 * `concurrency` attempts run on the runner at once, across invocations,
 * without a consumer waiting for them. Messages that find the run at its
 * limit wait here a while, then go back to the queue with a delay.
 *
 * Dispatch failures are classified like model-call failures: network
 * errors, 408, 429 and 5xx are retried with backoff (a new dispatch, a new
 * token); other 4xx end the attempt failed with the runner's answer.
 */
import { examplesFor } from "../../src/execution/benchmark-plan";
import { eq, inArray } from "drizzle-orm";
import { recordOutcomes, type AttemptOutcome, type AttemptSlot } from "../../src/db/attempts";
import { openDb } from "../../src/db/client";
import { findProfileByRef, resolveProfileSecrets } from "../../src/db/profiles";
import { listRunBenchmarks } from "../../src/db/run-benchmarks";
import { appendLogs } from "../../src/db/run-logs";
import { readRunStatus } from "../../src/db/run-status";
import { benchmarks, datasetRevisions, evalRuns, type BenchmarkRow, type DatasetRevisionRow, type EvalRunRow, type RunBenchmarkRow } from "../../src/db/schema";
import { attemptId } from "../../src/domain/attempt-id";
import { buildMessages, expectedAnswer, type ChatMessage } from "../../src/domain/prompt";
import { retryDecision } from "../../src/domain/retry";
import type { RunOptions } from "../../src/domain/run-options";
import type { StoredAgentTarget } from "../../src/domain/run-target";
import { scrub } from "../../src/domain/scrub";
import { benchmarkOf, slotAt } from "../../src/execution/plan-layout";
import { PROTOCOL, type AttemptDispatch } from "../../src/runner/protocol";
import { signedHeaders, SIGNING_SECRET_PARAM, MIN_SIGNING_SECRET_CHARS } from "../../src/runner/signing";
import { issueRunnerToken } from "../../src/runner/tokens";
import { readPlan } from "../../src/storage/run-plans";
import { rowAt } from "../../src/storage/row-cache";
import { liveStub, ownerOf, shardsFor } from "../durable/live-client";
import { readConfig, type Env } from "../env";
import type { Delivered } from "./execute";
import { sendAttempts } from "./attempt-queues";
import { gateFor } from "./gate";
import { finalize } from "./plan";

/** How long an invocation keeps messages waiting for a slot before handing them back. */
export const AGENT_WAIT_MS = 60_000;
/** Between tries for a slot while the run is at its limit. */
const SLOT_POLL_MS = 250;
/** Delay of a message handed back because the run stayed at its limit. */
const HAND_BACK_S = 5;
/** A runner must accept (2xx) an attempt within this long. */
export const DISPATCH_TIMEOUT_MS = 15_000;
/** A slot's lease outlives the attempt's timeout by this much, then frees itself if the end was lost. */
const LEASE_GRACE_MS = 60_000;
const MAX_LEASE_MS = 3_600_000;
const STATUS_EVERY_MS = 1_000;

/** The RunGate holder of one dispatched agent attempt. */
export function agentHolder(id: string): string {
  return `agent:${id}`;
}

export function leaseMs(timeoutS: number): number {
  return Math.min(MAX_LEASE_MS, timeoutS * 1000 + LEASE_GRACE_MS);
}

// ---------------------------------------------------------------- run context

export interface AgentTarget {
  config: StoredAgentTarget;
  /** Profile params under the target's params. */
  params: Record<string, unknown>;
  /** Profile secrets in clear, the signing secret excepted. */
  secrets: Record<string, string>;
  signingSecret: string | undefined;
  /** Why this target cannot be dispatched to, if it cannot. */
  problem: string | null;
}

export interface AgentContext {
  run: EvalRunRow;
  options: RunOptions;
  shards: number;
  targets: { a: AgentTarget; b: AgentTarget | null };
  /** Every secret value of the run, for scrubbing. */
  secretValues: string[];
  runBenchmarks: Map<string, RunBenchmarkRow>;
  benchmarks: Map<string, BenchmarkRow>;
  revisions: Map<string, DatasetRevisionRow>;
}

const kinds = new Map<string, boolean>();
const KINDS_MAX = 1_000;

/** Whether a run's target is an agent (a run's targets are frozen once it starts, so this is cached). */
export async function isAgentRun(env: Env, runId: string): Promise<boolean> {
  const hit = kinds.get(runId);
  if (hit !== undefined) return hit;
  const row = await env.DB.prepare(`SELECT target, compare_target FROM eval_runs WHERE id = ?1`).bind(runId).first<{ target: string; compare_target: string | null }>();
  if (!row) return false;
  const kind = (t: string | null) => (t ? (JSON.parse(t) as { kind?: string }).kind : undefined);
  const agent = kind(row.target) === "agent" || kind(row.compare_target) === "agent";
  if (kinds.size >= KINDS_MAX) kinds.delete(kinds.keys().next().value!);
  kinds.set(runId, agent);
  return agent;
}

async function agentTarget(env: Env, secretKey: string, run: EvalRunRow, stored: StoredAgentTarget): Promise<AgentTarget> {
  const db = openDb(env.DB);
  const profile = await findProfileByRef(db, run.projectId, stored.profile);
  if (!profile) return { config: stored, params: {}, secrets: {}, signingSecret: undefined, problem: `the profile ${stored.profile} no longer exists` };
  const { [SIGNING_SECRET_PARAM]: signingSecret, ...secrets } = await resolveProfileSecrets(secretKey, profile);
  const problem =
    !signingSecret || signingSecret.length < MIN_SIGNING_SECRET_CHARS
      ? `the profile ${stored.profile} needs a secret parameter '${SIGNING_SECRET_PARAM}' (at least ${MIN_SIGNING_SECRET_CHARS} characters) shared with the runner, which verifies Assay's signature with it`
      : null;
  return { config: stored, params: { ...profile.params, ...stored.params }, secrets, signingSecret, problem };
}

const TTL_MS = 60_000;
const contexts = new Map<string, { at: number; ctx: Promise<AgentContext | null> }>();

async function load(env: Env, runId: string): Promise<AgentContext | null> {
  const db = openDb(env.DB);
  const run = await db.select().from(evalRuns).where(eq(evalRuns.id, runId)).get();
  if (!run) return null;
  const secretKey = readConfig(env).secretKey;
  const options = run.options as RunOptions;
  const a = run.target as unknown as StoredAgentTarget;
  const b = run.compareTarget as unknown as StoredAgentTarget | null;
  const targets = {
    a: await agentTarget(env, secretKey, run, a),
    b: b ? await agentTarget(env, secretKey, run, b) : null,
  };
  for (const t of [targets.a, targets.b]) {
    if (t && t.config.kind !== "agent") t.problem = "an agent and a model target cannot be compared in one run";
  }
  const rbs = await listRunBenchmarks(db, runId);
  const bms = run.benchmarkIds.length ? await db.select().from(benchmarks).where(inArray(benchmarks.id, run.benchmarkIds)).all() : [];
  const revIds = rbs.map((rb) => rb.datasetRevisionId).filter((id): id is string => !!id);
  const revs = revIds.length ? await db.select().from(datasetRevisions).where(inArray(datasetRevisions.id, revIds)).all() : [];
  const secretValues = [targets.a, targets.b].flatMap((t) => (t ? [...Object.values(t.secrets), t.signingSecret ?? ""] : [])).filter((s) => s.length >= 4);
  return {
    run,
    options,
    shards: shardsFor(env, options.concurrency),
    targets,
    secretValues,
    runBenchmarks: new Map(rbs.map((rb) => [rb.benchmarkId, rb])),
    benchmarks: new Map(bms.map((bm) => [bm.id, bm])),
    revisions: new Map(revs.map((r) => [r.id, r])),
  };
}

/** The run's agent context, cached per isolate; reloaded when stale or missing a benchmark planned since. */
export async function agentContext(env: Env, runId: string, seqs: number[] = []): Promise<AgentContext | null> {
  const hit = contexts.get(runId);
  if (hit && Date.now() - hit.at < TTL_MS) {
    const ctx = await hit.ctx;
    if (ctx && seqs.every((s) => benchmarkOf(ctx.runBenchmarks.values(), s))) return ctx;
  }
  const ctx = load(env, runId);
  contexts.set(runId, { at: Date.now(), ctx });
  ctx.catch(() => contexts.delete(runId));
  return ctx;
}

async function slotOf(env: Env, ctx: AgentContext, seq: number): Promise<AttemptSlot | undefined> {
  const rb = benchmarkOf(ctx.runBenchmarks.values(), seq);
  if (!rb || rb.baseSeq === null) return undefined;
  const members = await readPlan(env.ARTIFACTS, ctx.run.id, rb.benchmarkId);
  return slotAt(members, { runId: ctx.run.id, benchmarkId: rb.benchmarkId, base: rb.baseSeq, k: rb.k ?? 1, targets: ctx.targets.b ? 2 : 1 }, seq);
}

// ---------------------------------------------------------------- callback URL

/**
 * Where runners call back: ASSAY_PUBLIC_URL when set, else the origin the
 * run was started from (recorded by recordPublicOrigin).
 */
export async function callbackBase(env: Env, runId: string): Promise<string | null> {
  const fixed = env.ASSAY_PUBLIC_URL?.trim();
  if (fixed) return fixed.replace(/\/+$/, "");
  const hit = origins.get(runId);
  if (hit) return hit;
  const origin = await liveStub(env, runId).origin();
  if (origin) {
    if (origins.size >= KINDS_MAX) origins.delete(origins.keys().next().value!);
    origins.set(runId, origin);
  }
  return origin;
}

/** A run's recorded origin never changes once its attempts are dispatched. */
const origins = new Map<string, string>();

/** Remembers the origin a run was started from, for its runners' callbacks (call from the start route). */
export async function recordPublicOrigin(env: Env, runId: string, origin: string): Promise<void> {
  await liveStub(env, runId).rememberOrigin({ run_id: runId, origin });
}

export function callbackUrls(base: string, id: string): AttemptDispatch["callbacks"] {
  const at = `${base}/api/runner/attempts/${id}`;
  return { events: `${at}/events`, artifacts: `${at}/artifacts/{name}`, result: `${at}/result` };
}

// ---------------------------------------------------------------- dispatch

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function handBack(env: Env, msgs: Delivered[], delayS: number, tries?: (m: Delivered) => number): Promise<void> {
  for (let i = 0; i < msgs.length; i += 100) {
    const part = msgs.slice(i, i + 100);
    await sendAttempts(env, part.map((m) => ({ body: { ...m.body, tries: tries ? tries(m) : m.body.tries }, delaySeconds: delayS })));
    for (const m of part) m.raw.ack();
  }
}

/**
 * Dispatches a batch of one agent run's open attempts: each waits for a
 * slot (a while), then goes to its runner; the invocation returns once
 * every runner accepted or refused its attempt.
 */
export async function dispatchAgentAttempts(env: Env, runId: string, msgs: Delivered[]): Promise<void> {
  const ctx = await agentContext(env, runId, msgs.map((m) => m.body.seq));
  if (!ctx) {
    for (const m of msgs) m.raw.ack();
    return;
  }
  const queue: { msg: Delivered; slot: AttemptSlot }[] = [];
  for (const m of msgs) {
    const slot = await slotOf(env, ctx, m.body.seq);
    if (slot) queue.push({ msg: m, slot });
    else m.raw.ack();
  }
  const gate = gateFor(env, runId);
  const limit = ctx.options.concurrency;
  const lease = leaseMs(ctx.options.timeout_s);
  const until = Date.now() + AGENT_WAIT_MS;
  const inflight: Promise<void>[] = [];
  let checked = Date.now();
  while (queue.length && Date.now() < until) {
    if (Date.now() - checked > STATUS_EVERY_MS) {
      checked = Date.now();
      const s = await readRunStatus(env.DB, runId);
      if (s !== "running" && s !== "queued") {
        for (const w of queue.splice(0)) w.msg.raw.ack();
        break;
      }
    }
    const { msg, slot } = queue[0]!;
    const id = attemptId(runId, slot.seq);
    const { granted } = await gate.claim({ holder: agentHolder(id), attempts: [id], want: 1, limit, lease_ms: lease });
    if (!granted) {
      await sleep(SLOT_POLL_MS);
      continue;
    }
    queue.shift();
    inflight.push(dispatchOne(env, ctx, msg, slot));
  }
  await Promise.all(inflight);
  if (queue.length) await handBack(env, queue.map((w) => w.msg), HAND_BACK_S);
}

type Outcome = { kind: "accepted" } | { kind: "transient"; error: string; retryAfterMs: number | null } | { kind: "permanent"; error: string };

async function post(url: string, headers: Record<string, string>, body: string, secrets: string[]): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body, signal: AbortSignal.timeout(DISPATCH_TIMEOUT_MS) });
  } catch (err) {
    const what = err instanceof Error && err.name === "TimeoutError" ? `no answer within ${DISPATCH_TIMEOUT_MS / 1000} s` : err instanceof Error ? err.message : String(err);
    return { kind: "transient", error: scrub(`the runner could not be reached: ${what}`, secrets), retryAfterMs: null };
  }
  const text = scrub((await res.text().catch(() => "")).slice(0, 500), secrets);
  if (res.ok) return { kind: "accepted" };
  const error = `the runner answered ${res.status}${text ? `: ${text}` : ""}`;
  if (res.status === 408 || res.status === 429 || res.status >= 500) {
    const ra = Number(res.headers.get("retry-after"));
    return { kind: "transient", error, retryAfterMs: Number.isFinite(ra) && ra >= 0 ? ra * 1000 : null };
  }
  return { kind: "permanent", error };
}

async function buildDispatch(env: Env, ctx: AgentContext, target: AgentTarget, slot: AttemptSlot, base: {
  id: string;
  dispatch: string;
  tries: number;
  deadlineMs: number;
  token: string;
  callbacks: AttemptDispatch["callbacks"];
}): Promise<AttemptDispatch> {
  const rb = ctx.runBenchmarks.get(slot.benchmarkId)!;
  const bm = ctx.benchmarks.get(slot.benchmarkId);
  const rev = rb.datasetRevisionId ? ctx.revisions.get(rb.datasetRevisionId) : undefined;
  const row = rev ? await rowAt(env.ARTIFACTS, rev, slot.rowIndex) : { data: {} as Record<string, unknown> };
  const spec = { prompt_template: bm?.promptTemplate ?? null, prompt_column: bm?.promptColumn ?? null, answer_column: bm?.answerColumn ?? null };
  let messages: ChatMessage[] = [];
  try {
    const examples = rev ? await Promise.all(examplesFor(rb.fewShot, slot.subset).map((i) => rowAt(env.ARTIFACTS, rev, i))) : [];
    messages = buildMessages(spec, row.data, examples.map((e) => e.data));
  } catch {
    // A runner benchmark without a prompt: the runner builds its own from the row.
  }
  return {
    protocol: PROTOCOL,
    attempt: {
      id: base.id,
      run_id: ctx.run.id,
      seq: slot.seq,
      dispatch_id: base.dispatch,
      try: base.tries,
      attempt_index: slot.attemptIndex,
      target: slot.target,
      timeout_s: ctx.options.timeout_s,
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
      expected: expectedAnswer(spec, row.data),
      data: row.data,
    },
    scoring: rb.scoring ?? null,
    params: target.params,
    secrets: target.secrets,
    profile: target.config.profile,
    sampling: { temperature: ctx.options.temperature, top_p: ctx.options.top_p ?? null, max_output_tokens: ctx.options.max_output_tokens },
    callbacks: base.callbacks,
    token: base.token,
  };
}

async function dispatchOne(env: Env, ctx: AgentContext, msg: Delivered, slot: AttemptSlot): Promise<void> {
  const runId = ctx.run.id;
  const id = attemptId(runId, slot.seq);
  const gate = gateFor(env, runId);
  const target = slot.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
  const tries = msg.body.tries + 1;
  const dispatch = crypto.randomUUID().replace(/-/g, "").slice(0, 16);
  const startedMs = Date.now();
  const deadlineMs = startedMs + ctx.options.timeout_s * 1000;
  const { where, stub } = ownerOf(env, runId, slot.seq, ctx.shards);
  const call = { where, attempt_id: id, dispatch };
  try {
    const begun = await stub.begin({
      ...call,
      deadline_ms: deadlineMs,
      tries,
      slot,
      header: {
        kind: "header",
        seq: slot.seq,
        benchmark_id: slot.benchmarkId,
        target: slot.target,
        task_key: slot.memberKey,
        member_index: slot.memberIndex,
        attempt_index: slot.attemptIndex,
        subset: slot.subset,
        try: tries,
        execution: "agent",
        executor: target.config.name ?? target.config.runner_url,
        phase: "boot",
        started_at: new Date(startedMs).toISOString(),
        deadline_at: new Date(deadlineMs).toISOString(),
      },
    });
    if (!begun.ok) {
      // Already running under another dispatch (a redelivered message): that dispatch ends it.
      await gate.release({ holder: agentHolder(id), slots: 1, attempts: [] });
      msg.raw.ack();
      return;
    }
    const base = await callbackBase(env, runId);
    const problem = target.problem ?? (base ? null : "Assay does not know the URL runners should call back: set ASSAY_PUBLIC_URL");
    if (problem) {
      await stub.fail({ ...call, status: "failed", error: problem });
      msg.raw.ack();
      return;
    }
    const token = await issueRunnerToken(readConfig(env).secretKey, { a: id, d: dispatch, e: deadlineMs, s: ctx.shards });
    const payload = await buildDispatch(env, ctx, target, slot, { id, dispatch, tries, deadlineMs, token, callbacks: callbackUrls(base!, id) });
    const body = JSON.stringify(payload);
    const headers = await signedHeaders(target.signingSecret!, Math.floor(Date.now() / 1000), body);
    const outcome = await post(target.config.runner_url, headers, body, ctx.secretValues);
    if (outcome.kind === "accepted") {
      msg.raw.ack();
      return;
    }
    if (outcome.kind === "permanent") {
      await stub.fail({ ...call, status: "failed", error: outcome.error });
      msg.raw.ack();
      return;
    }
    const d = retryDecision(outcome.retryAfterMs !== null ? "rate_limit" : "transient", tries, outcome.retryAfterMs, Math.random());
    if (!d.retry) {
      await stub.fail({ ...call, status: "failed", error: `${outcome.error} (gave up after ${tries} tries)` });
      msg.raw.ack();
      return;
    }
    await stub.abandon({ ...call, error: outcome.error });
    await gate.release({ holder: agentHolder(id), slots: 1, attempts: [id] });
    await appendLogs(env.DB, runId, [{ level: "warn", event: "retry", attempt_seq: slot.seq, message: `dispatch ${tries} failed; retrying in ${d.delay_ms} ms: ${outcome.error}` }], ctx.secretValues);
    await handBack(env, [msg], Math.ceil(d.delay_ms / 1000), () => tries);
  } catch (err) {
    // Trouble on our side (a Durable Object, R2): give the slot back and try again shortly.
    console.error(`dispatching ${id} failed:`, err instanceof Error ? err.message : err);
    await stub.abandon({ ...call, error: "internal error while dispatching" }).catch(() => {});
    await gate.release({ holder: agentHolder(id), slots: 1, attempts: [id] }).catch(() => {});
    await handBack(env, [msg], HAND_BACK_S).catch(() => msg.raw.retry({ delaySeconds: HAND_BACK_S }));
  }
}

/**
 * Ends a stopped run's live attempts at once (call after a stop): agent
 * attempts running on their runner stop taking callbacks (409) and give
 * their slots back; the live set empties.
 */
export async function cancelLive(env: Env, runId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT options FROM eval_runs WHERE id = ?1`).bind(runId).first<{ options: string }>();
  if (!row) return 0;
  const shards = shardsFor(env, (JSON.parse(row.options) as RunOptions).concurrency);
  const cancel = (shard: number) => liveStub(env, runId, shard).cancel({ where: { run_id: runId, shard, shards } });
  // Shards first, so the hub receives their ends before it ends what is left.
  const counts = await Promise.all(Array.from({ length: shards - 1 }, (_, i) => cancel(i + 1)));
  counts.push(await cancel(0));
  return counts.reduce((n, c) => n + c.cancelled, 0);
}

// ---------------------------------------------------------------- ending

/**
 * Records an ended agent attempt (called by its live object): the attempt
 * row (first verdict wins), its log line when it failed, its slot given
 * back, the tally, and the run finished if it was the last.
 */
export async function recordAgentEnd(env: Env, slot: AttemptSlot, outcome: AttemptOutcome, secrets: readonly string[]): Promise<boolean> {
  const runId = slot.runId;
  const id = attemptId(runId, slot.seq);
  const changed = await recordOutcomes(env.DB, [{ slot, outcome }]);
  if (changed.length && outcome.error) {
    await appendLogs(env.DB, runId, [{ level: "error", event: "attempt_failed", attempt_seq: slot.seq, message: outcome.error }], secrets);
  }
  const gate = gateFor(env, runId);
  await gate.release({ holder: agentHolder(id), slots: 1, attempts: [id] });
  if (changed.length) {
    const state = await gate.settle(changed.length);
    if (state.total !== null && state.terminal >= state.total) await finalize(env, runId);
  }
  return changed.length > 0;
}
