/**
 * The ports one attempt runs through (src/execution/pipeline.ts), wired
 * from the bindings its invocation was given: dataset rows and images from
 * R2, the target's and judge's model ports (each call under the per-call
 * rules of src/execution/model-port.ts, on the connection the attempt's
 * slot holds), the response cache and kept replies in R2, the run's budget
 * at its gate, the sandbox, and the invocation's live emitter and clock.
 * Also what the pipeline is told of the attempt (AttemptInput), from the
 * run's frozen plan. No I/O here beyond what the ports do when called.
 */
import type { AttemptSlot } from "../../src/db/attempts";
import { attemptId } from "../../src/domain/attempt-id";
import { DEFAULT_CACHE_TTL_DAYS, responseCacheDigest } from "../../src/domain/response-cache-key";
import { examplesFor, samplingFor } from "../../src/execution/benchmark-plan";
import { modelPort, type Connection, type Endpoint } from "../../src/execution/model-port";
import type { AttemptInput, PipelinePorts } from "../../src/execution/pipeline";
import type { CachePort, CallReport, ClockPort, ModelEndpoint, ModelPort, Tau2Port } from "../../src/execution/ports";
import { exhaustRun } from "../../src/lifecycle/run-transitions";
import type { LifecycleDeps } from "../../src/lifecycle/deps";
import { createProvider, type ModelProvider } from "../../src/providers";
import type { Execute } from "../../src/scorers/execution";
import { ScoringSpec } from "../../src/scorers/spec";
import { keepReply, keptReply } from "../../src/storage/attempt-replies";
import { readCachedResponse, writeCachedResponse } from "../../src/storage/response-cache";
import { imageInput } from "../../src/storage/revision-images";
import { revisionFileStream, revisionFileText } from "../../src/storage/revision-files";
import { ByteGate } from "../../src/execution/byte-gate";
import { rowAt } from "../../src/storage/row-cache";
import type { RunBenchmarkRow } from "../../src/db/schema";
import type { AttemptMessage } from "../../src/domain/queue-messages";
import type { RunGateRpc } from "../gate/contract";
import type { LiveEmitter } from "../live/client";
import { targetEndpoint, type RunContext, type TargetRuntime } from "./run-context";

/**
 * The isolate's room for revision files a scorer holds (LiveCodeBench's hidden tests, up to about 16 MB each): three
 * copies of each (its text, the program, the request body) within 48 MB, so the attempts an invocation scores at once
 * stay well inside 128 MB; one larger than that runs alone.
 */
const REVISION_FILES = new ByteGate(48 * 1024 * 1024);

/** What an invocation wires every attempt's ports from. */
export interface AttemptWiring {
  ARTIFACTS: R2Bucket;
  /** Opens the run's response cache digests (the deployment's secret key). */
  secretKey: string;
  gate: Pick<RunGateRpc, "reserveCall" | "callEnded">;
  lifecycle: LifecycleDeps;
  live: LiveEmitter;
  clock: ClockPort;
  sandbox: Execute | null;
  /** τ²'s domains and user guidelines (R2, loaded from their pinned files); null where the invocation has none. */
  tau2: Tau2Port | null;
  /** The model clients of this invocation's connections. */
  providers: ProviderPool;
}

/**
 * Model clients by endpoint, key and connection: a client is made once and
 * reused by every call on the same connection (making one loads nothing:
 * the SDK is imported on the first call). Bounded: the oldest go first.
 */
export class ProviderPool {
  private readonly made = new Map<string, ModelProvider>();

  constructor(private readonly max = 256) {}

  /** The client of endpoint `e` on `connection` (its id and the fetch its calls go out on; none: the global fetch). */
  get(e: Pick<Endpoint, "provider" | "base_url">, key: string | undefined, connection?: { id: string; fetch?: typeof fetch }): ModelProvider {
    const id = `${connection?.id ?? ""}\u0000${e.provider}\u0000${e.base_url}\u0000${key ?? ""}`;
    let p = this.made.get(id);
    if (!p) {
      if (this.made.size >= this.max) this.made.delete(this.made.keys().next().value!);
      p = createProvider({ provider: e.provider, base_url: e.base_url, ...(key && { api_key: key }) }, connection?.fetch ? { fetch: connection.fetch } : {});
      this.made.set(id, p);
    }
    return p;
  }
}

/** A run benchmark's scoring, parsed once per loaded run (the run context is cached), not once per attempt. */
const parsedScoring = new WeakMap<object, ScoringSpec>();
function scoringOf(rb: RunBenchmarkRow): ScoringSpec {
  let spec = parsedScoring.get(rb);
  if (!spec) parsedScoring.set(rb, (spec = ScoringSpec.parse(rb.scoring)));
  return spec;
}

export function targetOf(ctx: RunContext, slot: AttemptSlot): TargetRuntime {
  return slot.target === "b" && ctx.targets.b ? ctx.targets.b : ctx.targets.a;
}

/** The dataset rows an attempt reads: its task's row, then its few-shot examples'. */
export function rowIndicesOf(ctx: RunContext, slot: AttemptSlot): number[] {
  const rb = ctx.runBenchmarks.get(slot.benchmarkId);
  return rb ? [slot.rowIndex, ...examplesFor(rb.fewShot, slot.subset)] : [slot.rowIndex];
}

/** What the pipeline is told of the attempt of `msg`. */
export function attemptInput(ctx: RunContext, slot: AttemptSlot, msg: Pick<AttemptMessage, "tries" | "limited_since" | "reply_key">): AttemptInput {
  const rb = ctx.runBenchmarks.get(slot.benchmarkId)!;
  const bm = ctx.benchmarks.get(slot.benchmarkId)!;
  const target = targetOf(ctx, slot);
  return {
    slot,
    tries: msg.tries,
    ...(msg.limited_since !== undefined && { limitedSince: msg.limited_since }),
    ...(msg.reply_key !== undefined && { replyKey: msg.reply_key }),
    benchmark: {
      id: bm.id,
      prompt: { prompt_template: bm.promptTemplate, prompt_column: bm.promptColumn, answer_column: bm.answerColumn },
      options: (bm.options ?? {}) as Record<string, unknown>,
      scoring: scoringOf(rb),
    },
    examples: examplesFor(rb.fewShot, slot.subset),
    sampling: samplingFor(ctx.options, slot.benchmarkId),
    options: ctx.options,
    price: target.config.price,
    executor: target.config.name ?? target.config.model ?? "recorded outputs",
  };
}

/** The target of a recorded slot: never called (its stage takes the recorded output). */
const NO_MODEL: ModelPort = {
  model: "recorded outputs",
  chat: () => Promise.reject(new Error("a recorded target has no model to call")),
};

/** The run's response cache in R2, under digests keyed by the deployment's secret. */
function cachePort(w: AttemptWiring, ctx: RunContext): CachePort {
  const project = ctx.run.projectId;
  const digest = (k: Parameters<CachePort["read"]>[0]) => responseCacheDigest(w.secretKey, project, k);
  return {
    read: async (k) => readCachedResponse(w.ARTIFACTS, project, await digest(k), w.clock.now()),
    write: async (k, reply) => writeCachedResponse(w.ARTIFACTS, project, await digest(k), reply, ctx.options.cache_ttl_days ?? DEFAULT_CACHE_TTL_DAYS, w.clock.now()),
  };
}

/**
 * The ports of the attempt at `slot`, its calls on `connection` (the
 * attempt's slot's), each target call's outcome reported to `band` (the
 * run's concurrency band, with the band's epoch when the call started).
 */
export function attemptPorts(w: AttemptWiring, ctx: RunContext, slot: AttemptSlot, connection: { id: string; fetch?: typeof fetch; budget: Connection }, band: () => (call: CallReport) => void): PipelinePorts {
  const runId = ctx.run.id;
  const id = attemptId(runId, slot.seq);
  const rb = ctx.runBenchmarks.get(slot.benchmarkId)!;
  const rev = ctx.revisions.get(rb.datasetRevisionId!)!;
  const target = targetOf(ctx, slot);
  const timeoutMs = ctx.options.timeout_s * 1000;
  const budget = ctx.options.budget;
  const common = { connection: connection.budget, clock: w.clock, timeoutMs };
  const port = (e: Endpoint, key: string | undefined, extra: Partial<Parameters<typeof modelPort>[0]> = {}): ModelPort =>
    modelPort({ endpoint: e, provider: w.providers.get(e, key, connection), ...common, ...extra });
  // A recorded target (an outputs run, a re-score) has no endpoint: its attempts never call it.
  const targetPort = target.recorded ? NO_MODEL : port(targetEndpoint(target), target.key, {
    target: {
      price: target.config.price,
      cache: ctx.options.cache && ctx.options.cache !== "off" ? { port: cachePort(w, ctx), mode: ctx.options.cache, attemptIndex: slot.attemptIndex } : null,
      band,
      budget: budget
        ? {
            admit: async (estimate) => {
              const v = await w.gate.reserveCall({ attempt: id, estimate, budget });
              if (!v.admitted) await exhaustRun(w.lifecycle, runId, budget, v);
              return v.admitted;
            },
            spent: (s) => w.gate.callEnded({ attempt: id, input_tokens: s.input_tokens, output_tokens: s.output_tokens, cost_usd: s.cost_usd }),
          }
        : null,
    },
  });
  return {
    models: {
      target: targetPort,
      judge: ctx.judge ? port(ctx.judge.endpoint, ctx.judge.key) : null,
      userSimulator: ctx.userModel ? port(ctx.userModel.endpoint, ctx.userModel.key) : null,
      connect: (e: ModelEndpoint) => port({ provider: e.provider, base_url: e.base_url, model: e.model, ...(e.params && { params: e.params }) }, e.api_key),
    },
    rows: {
      row: async (i) => (await rowAt(w.ARTIFACTS, rev, i)).data,
      image: (ref) => imageInput(w.ARTIFACTS, rev, ref),
      withFile: (ref, use) => REVISION_FILES.hold(3 * ref.bytes, async () => use(await revisionFileText(w.ARTIFACTS, rev, ref))),
      open: (ref) => revisionFileStream(w.ARTIFACTS, rev, ref),
    },
    sandbox: w.sandbox,
    ...(w.tau2 && { tau2: w.tau2 }),
    clock: w.clock,
    deltas: (event) => w.live.emit(id, slot.seq, event),
    recorded: target.recorded ? () => target.recorded!(slot, rb.baseSeq!) : null,
    replies: { read: (key) => keptReply(w.ARTIFACTS, runId, key), keep: (reply, tries) => keepReply(w.ARTIFACTS, runId, slot.seq, tries, reply) },
    secrets: ctx.secretValues,
    random: Math.random,
  };
}
