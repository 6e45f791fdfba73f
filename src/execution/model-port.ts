/**
 * The per-call rules of a model port (src/execution/ports.ts ModelPort),
 * written once so a stage that makes fifty calls gets them fifty times:
 * on the target, the response cache first (a hit calls nothing, spends
 * nothing) and the run's budget (refused: BudgetRefused, nothing sent);
 * then a connection from the invocation's budget (waiting while it has six
 * open); only then the timeout starts, bounded by the run's `timeout_s`
 * and by the invocation's time left; the call's outcome feeds the run's
 * concurrency band; what it spent replaces its reservation. No I/O of its
 * own: the provider, connection, cache and budget are passed in.
 */
import { cacheKeyText, type CacheKeyInput, type CacheMode } from "../domain/response-cache-key";
import { callEstimate, NO_SPEND, type Spend } from "../domain/run-budget";
import { estimateInputTokens } from "../domain/token-estimate";
import { estimateCost, type TokenPrice } from "../providers/cost";
import { ProviderError } from "../providers/errors";
import type { ChatRequest, ChatResult, ModelProvider, ProviderKind } from "../providers/types";
import type { BudgetPort, CachePort, CallReport, ClockPort, ModelCall, ModelPort, ModelReply } from "./ports";

/** The run's budget refused the call: nothing was sent, and nothing more of the run will be (src/domain/run-budget.ts). */
export class BudgetRefused extends Error {
  constructor() {
    super("not sent: the run's budget is exhausted");
    this.name = "BudgetRefused";
  }
}

/** Too little of the invocation's time is left to make (or finish) the call: the attempt goes back to the queue, no try spent. */
export class OutOfTime extends Error {
  constructor(leftMs: number) {
    super(`the invocation had ${Math.max(0, Math.round(leftMs))} ms left, too little for a model call; the attempt goes back to the queue`);
    this.name = "OutOfTime";
  }
}

/** A call is not started with less than this left before the invocation's deadline. */
export const MIN_CALL_MS = 2_000;

/** One connection of the invocation's budget: acquire waits while all of them are open; the function it returns gives it back. */
export interface Connection {
  acquire(): Promise<() => void>;
  /** The timeout of the call about to go out on it (a connection that forwards the call enforces it there too). */
  timeout?(ms: number): void;
}

/** A connection budget without a bound (a context that makes one call at a time, tests of the rules above it). */
export const UNBOUNDED: Connection = { acquire: async () => () => {} };

export interface Endpoint {
  provider: ProviderKind;
  base_url: string;
  model: string;
  params?: Record<string, unknown>;
}

/** What only the attempt's target gets: its budget, its cache, its price, and the band's feedback. */
export interface TargetRules {
  budget: BudgetPort | null;
  price: TokenPrice | undefined;
  cache: { port: CachePort; mode: CacheMode; attemptIndex: number } | null;
  /** Called as a call starts (the band's epoch then is what its outcome is counted under); the function it returns takes the outcome. */
  band(): (call: CallReport) => void;
}

export interface ModelPortOptions {
  endpoint: Endpoint;
  provider: ModelProvider;
  connection: Connection;
  clock: ClockPort;
  /** The run's timeout_s, in ms. */
  timeoutMs: number;
  target?: TargetRules;
}

function cacheKey(e: Endpoint, req: ChatRequest, attemptIndex: number): CacheKeyInput {
  return {
    provider: e.provider,
    base_url: e.base_url ?? null,
    model: req.model,
    messages: req.messages,
    tools: req.tools ?? null,
    sampling: { temperature: req.temperature ?? 0, top_p: req.top_p, max_output_tokens: req.max_output_tokens ?? 0 },
    params: req.params ?? null,
    attempt_index: attemptIndex,
  };
}

/** Runs `fn` holding one connection, its timeout bounded by the invocation's time left (OutOfTime when too little is). */
async function onConnection<T>(o: ModelPortOptions, wanted: number | undefined, fn: (timeoutMs: number, clipped: boolean) => Promise<T>): Promise<T> {
  const release = await o.connection.acquire();
  try {
    const left = o.clock.deadline() - o.clock.now();
    if (left < MIN_CALL_MS) throw new OutOfTime(left);
    const asked = Math.min(wanted ?? o.timeoutMs, o.timeoutMs);
    const timeout = Math.min(asked, left);
    o.connection.timeout?.(timeout);
    try {
      return await fn(timeout, timeout < asked);
    } catch (err) {
      // Cut short by the invocation's deadline, not by the run's timeout: not the endpoint's failure.
      if (timeout < asked && err instanceof ProviderError && err.kind === "timeout") throw new OutOfTime(o.clock.deadline() - o.clock.now());
      throw err;
    }
  } finally {
    release();
  }
}

const reportOf = (r: { latency_ms: number }): CallReport => ({ status: 200, latency_ms: r.latency_ms, retry_after_ms: null });
const failedReport = (err: ProviderError): CallReport => ({ status: err.status ?? (err.kind === "rate_limit" ? 429 : null), latency_ms: null, retry_after_ms: err.retry_after_ms });

export function modelPort(o: ModelPortOptions): ModelPort {
  const { endpoint, provider, target } = o;
  const port: ModelPort = {
    model: endpoint.model,
    async chat(call: ModelCall): Promise<ModelReply> {
      const { timeout_ms: wanted, ...rest } = call;
      const req: ChatRequest = { ...rest, model: endpoint.model, timeout_ms: o.timeoutMs, ...(endpoint.params && { params: endpoint.params }) };
      const cache = target?.cache && target.cache.mode !== "off" ? target.cache : null;
      const key = cache ? cacheKey(endpoint, req, cache.attemptIndex) : null;
      if (cache && key) {
        const hit = await cache.port.read(key).catch(() => null);
        if (hit) return { ...hit, cached: true };
      }
      const estimate: Spend = target?.budget ? callEstimate(target.price, estimateInputTokens(req.messages, req.tools), req.max_output_tokens ?? 0) : NO_SPEND;
      if (target?.budget && !(await target.budget.admit(estimate))) throw new BudgetRefused();
      let result: ChatResult;
      const report = target?.band();
      try {
        result = await onConnection(o, wanted, (timeout_ms) => provider.chat({ ...req, timeout_ms }));
      } catch (err) {
        if (err instanceof ProviderError) report?.(failedReport(err));
        // A failed call spent nothing we can know of: its reservation is let go.
        await target?.budget?.spent(NO_SPEND).catch(() => {});
        throw err;
      }
      report?.(reportOf(result));
      if (target?.budget) {
        const input = result.input_tokens ?? estimate.input_tokens;
        const output = result.output_tokens ?? estimate.output_tokens;
        await target.budget.spent({ input_tokens: input, output_tokens: output, cost_usd: estimateCost(target.price, input, output) ?? 0 }).catch(() => {});
      }
      // Best effort: a failed write (R2 busy, the same key written within a second) only means the next run calls the model.
      if (cache?.mode === "read_write" && key) await cache.port.write(key, result).catch(() => {});
      return { ...result, cached: false };
    },
  };
  if (provider.loglikelihood) {
    const ll = provider.loglikelihood.bind(provider);
    port.loglikelihood = async (call) => {
      const report = target?.band();
      try {
        const r = await onConnection(o, undefined, (timeout_ms) => ll({ ...call, model: endpoint.model, timeout_ms, ...(endpoint.params && { params: endpoint.params }) }));
        report?.(reportOf(r));
        return r;
      } catch (err) {
        if (err instanceof ProviderError) report?.(failedReport(err));
        throw err;
      }
    };
  }
  return port;
}

/** The cache key's canonical text (exported for the tests that prove two calls share an entry). */
export const cacheKeyTextOf = (projectId: string, e: Endpoint, req: ChatRequest, attemptIndex: number) => cacheKeyText(projectId, cacheKey(e, req, attemptIndex));
