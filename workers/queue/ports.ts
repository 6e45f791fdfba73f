/**
 * What the queue consumer's steps are given: the bindings and services one
 * invocation uses, wired once from the Worker's env by the consumer's entry
 * point (workers/queue/consumer.ts), which is the only file here that sees
 * the env (test/structure/queue-ports.test.mjs holds that). Types only.
 */
import type { Delivered } from "../../src/domain/queue-messages";
import type { ClockPort, Tau2Port } from "../../src/execution/ports";
import type { LifecycleDeps } from "../../src/lifecycle/deps";
import type { Execute } from "../../src/scorers/execution";
import type { CatalogEnv } from "../catalog/ensure-data";
import type { RunGateRpc } from "../gate/contract";
import type { LiveEmitter } from "../live/client";
import type { AttemptSend } from "./attempt-queues";
import type { ProviderPool } from "./attempt-ports";

export interface QueuePorts {
  DB: D1Database;
  ARTIFACTS: R2Bucket;
  /** Where built-in benchmarks' pinned files load from (planning). */
  catalog: CatalogEnv;
  /** Opens the run's sealed secrets and keys its response-cache digests. */
  secretKey: string;
  /** The local stack's boot ("" on Cloudflare). */
  boot: string;
  /** The invocation's clock: its deadline is its wall time less the time its writes need. */
  clock: ClockPort;
  /** When the invocation's wall time ends (epoch ms): its holders at the gate live until then. */
  wallEnd: number;
  lifecycle: LifecycleDeps;
  gate(runId: string): DurableObjectStub<RunGateRpc>;
  /** The fetch slot `slot` of a run calls through (its lane), each call cut off there after `timeoutMs()`. */
  laneFetch(runId: string, slot: number, timeoutMs: () => number): typeof fetch;
  /** This invocation's live emitter for a run (flushed before it ends). */
  live(runId: string, concurrency: number): LiveEmitter;
  /** The code sandbox, its calls on the fetch given (a slot's lane); null when the deployment has none. */
  sandbox: ((fetcher: typeof fetch) => Execute) | null;
  /** Model clients by connection. */
  providers: ProviderPool;
  /** τ²'s domains and user guidelines, loaded into R2 from their pinned files (workers/agents/tau2-data.ts). */
  tau2: Tau2Port;
  /** Sends attempt messages over the attempt queues. */
  sendAttempts(messages: readonly AttemptSend[]): Promise<void>;
  /** The control queue: plan and resume steps. */
  control: { send(msg: unknown): Promise<unknown> };
  /** An agent run's attempts, dispatched to their runner (workers/agent/dispatch.ts). */
  dispatchAgents(runId: string, msgs: Delivered[]): Promise<void>;
  /** Whether the run's target is an agent runner. */
  isAgentRun(runId: string): Promise<boolean>;
}
