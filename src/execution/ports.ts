/**
 * The ports an attempt reaches the world through. src/execution never sees
 * the Worker's Env: the invocation that runs attempts (a queue consumer,
 * workers/queue/) wires one set of ports per attempt from its bindings, so
 * every model call, row read and trace delta is accounted to the invocation
 * that makes it, under the limits Cloudflare puts on one invocation
 * (docs/architecture.md, "The edge's limits"). Types only, no I/O.
 */
import type { ImageInput, ImageRef } from "../domain/images";
import type { CacheKeyInput } from "../domain/response-cache-key";
import type { Spend } from "../domain/run-budget";
import type { DeltaEvent } from "../live/deltas";
import type { ChatRequest, ChatResult, LoglikelihoodCall, LoglikelihoodResult, ProviderKind } from "../providers/types";
import type { Execute } from "../scorers/execution";
import type { Tau2Domain, Tau2DomainName } from "../agents/tau2/domain";
import type { RevisionFileRef } from "../scorers/types";

/** At most this many model calls are open at once in one invocation: Cloudflare queues a seventh fetch (its timer already running). */
export const CONNECTIONS_PER_INVOCATION = 6;

/**
 * The invocation's clock. A queue consumer has 15 minutes of wall time;
 * everything an attempt does (each model call's timeout, a rate-limit
 * wait, an agent's next turn) is bounded by what is left of it.
 */
export interface ClockPort {
  /** Epoch ms. */
  now(): number;
  /** When the invocation's work must be done (epoch ms): its wall limit, less the time its results need to be written. */
  deadline(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * One model call as a stage makes it: the request without the endpoint's
 * model name, extra params and timeout, which the port fills in. A stage
 * may ask for a shorter timeout; the port never allows a longer one than
 * the run's `timeout_s` or the invocation's time left.
 */
export type ModelCall = Omit<ChatRequest, "model" | "params" | "timeout_ms"> & { timeout_ms?: number };

/** A reply, and whether it came from the response cache (no call made, nothing spent). */
export interface ModelReply extends ChatResult {
  cached: boolean;
}

/**
 * A model endpoint as a stage calls it: the attempt's target, the run's
 * judge, or another endpoint (τ²'s user simulator). Every call, however many
 * an attempt makes:
 * - takes a connection from the invocation's connection budget (waiting
 *   while CONNECTIONS_PER_INVOCATION are open), and its timeout starts only
 *   once it has one;
 * - is bounded by the run's `timeout_s` and by the invocation's time left
 *   (ClockPort.deadline);
 * - on the target: is admitted by the run's budget first (options.budget;
 *   refused, it throws BudgetRefused and nothing is sent), is served from
 *   and stored in the response cache where the run asks (options.cache),
 *   and its outcome feeds the run's concurrency band.
 * Failures throw a classified ProviderError (rate limit, transient, timeout,
 * permanent); the pipeline turns them into a retry or the attempt's error.
 */
export interface ModelPort {
  /** The model's name as traces show it. */
  readonly model: string;
  chat(call: ModelCall): Promise<ModelReply>;
  /** Per-choice log-likelihoods (an OpenAI-compatible /v1/completions endpoint); absent where the endpoint has none. */
  loglikelihood?(call: Omit<LoglikelihoodCall, "model" | "params" | "timeout_ms">): Promise<LoglikelihoodResult>;
}

/** Another endpoint a stage talks to, with its own provider, URL and key (τ²'s user simulator, when it is not the judge). */
export interface ModelEndpoint {
  provider: ProviderKind;
  base_url: string;
  model: string;
  /** Decrypted for this call only; never traced, logged or stored (scrubbed wherever text is kept). */
  api_key?: string;
  /** Extra body fields sent as-is. */
  params?: Record<string, unknown>;
}

/** The models an attempt may call. */
export interface ModelsPort {
  /** The attempt's target (the run's target, or its compare target). */
  readonly target: ModelPort;
  /** The run's judge; null when the run has none. */
  readonly judge: ModelPort | null;
  /**
   * The run's user simulator (τ²: options.user_model, else the judge), an
   * endpoint connected as connect() does, with its own sealed key; null when
   * the run has neither.
   */
  readonly userSimulator: ModelPort | null;
  /** Any other endpoint, under the same per-call rules (no budget or cache: those are the target's). */
  connect(endpoint: ModelEndpoint): ModelPort;
}

/**
 * The attempt's live trace (src/live/deltas.ts). The pipeline sends the
 * header and the end; stages send phases (`setup`, `agent`, `scoring`),
 * previews of a request in flight and one `turn` per committed step (an
 * agent turn, a tool call and its result, a user turn). Never fails and
 * never waits: deltas are buffered and sent in the background (a trace is a
 * view; the row and the transcript are the record).
 */
export interface LivePort {
  emit(event: Exclude<DeltaEvent, { kind: "header" } | { kind: "end" }>): void;
}

/** The dataset revision the attempt's task comes from: rows (few-shot examples, another row a stage needs), images, and files. */
export interface RowsPort {
  row(index: number): Promise<Record<string, unknown>>;
  image(ref: ImageRef): Promise<ImageInput>;
  /**
   * A revision file's text handed to `use` (LiveCodeBench's hidden tests, up to about 16 MB), checked against its
   * sha256; the port bounds how many such texts the invocation holds at once.
   */
  withFile<T>(ref: RevisionFileRef, use: (text: string) => Promise<T>): Promise<T>;
  /** A revision file's bytes as a stream, for a file too large to hold (BIRD's databases, checked by the sandbox they go to). */
  open(ref: RevisionFileRef): Promise<ReadableStream<Uint8Array>>;
}

/**
 * τ²'s data as its conversations read it: a domain by name (its pinned
 * files, parsed once and shared read only: each attempt makes its own
 * environment from it) and the user simulator's guidelines (τ²'s, with or
 * without tools). Loading failures throw with the reason.
 */
export interface Tau2Port {
  domain(name: Tau2DomainName): Promise<Tau2Domain>;
  userGuidelines(withTools: boolean): Promise<string>;
}

/** The code sandbox (sandbox/server.mjs); null when the deployment has none. */
export type SandboxPort = Execute;

/** The run's response cache (options.cache): replies stored under a digest of what decides them (src/domain/response-cache-key.ts). */
export interface CachePort {
  read(key: CacheKeyInput): Promise<ChatResult | null>;
  /** Best effort: a failed write only means the next run calls the model. */
  write(key: CacheKeyInput, reply: ChatResult): Promise<void>;
}

/** The run's budget (options.budget), at its gate: one admission per target call, then what the call spent. */
export interface BudgetPort {
  /** Admits one call expected to spend `estimate` (src/domain/run-budget.ts callEstimate), or refuses it: the budget is then exhausted. */
  admit(estimate: Spend): Promise<boolean>;
  /** The admitted call ended: its reservation now holds what it spent (nothing, for a call that failed) until the attempt's row lands. */
  spent(spend: Spend): Promise<void>;
}

/** A model call's outcome, for the run's concurrency band and timeline (src/execution/concurrency-band.ts). */
export interface CallReport {
  status: number | null;
  latency_ms: number | null;
  retry_after_ms: number | null;
}
