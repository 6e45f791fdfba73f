/**
 * What the RunGate Durable Object accepts and answers over RPC: its input
 * schemas, its state, and the RPC surface itself. A leaf module, so the
 * Worker's Env (workers/env.ts) names the object's type without importing
 * the class and everything the class imports.
 */
import { z } from "zod";
import type { BudgetState, BudgetVerdict, Landed, LandedUsage, Reserve, SpendInput } from "./budget-contract";
import type { TimelineSample } from "../../src/execution/run-timeline";

const Holder = z.string().min(1).max(200);
/** The longest a request for more slots waits for one to be released. */
export const MAX_WAIT_MS = 1_000;
/**
 * The longest holder lease: the consumer leases 2 × timeout_s + 30 s (a model
 * call and a judge call could both time out), and timeout_s goes up to
 * 3,600 s (src/domain/run-options.ts). A cap below that refused every claim
 * of a run with timeout_s above 1,785 s.
 */
export const MAX_LEASE_MS = 2 * 3_600_000 + 30_000;
const Lease = z.number().int().min(1_000).max(MAX_LEASE_MS);

/**
 * The run's concurrency band (options.concurrency as `{min, max}`). Given with
 * min < max, the gate's adaptive limit (src/execution/concurrency-band.ts)
 * takes the place of `limit`; absent or pinned, `limit` holds as given.
 */
const BandInput = z
  .object({ min: z.number().int().min(1).max(10_000), max: z.number().int().min(1).max(10_000) })
  .refine((b) => b.min <= b.max, "min must not exceed max");

export const Claim = z.object({
  holder: Holder,
  attempts: z.array(z.string().min(1).max(200)).max(1000),
  want: z.number().int().min(0).max(10_000),
  limit: z.number().int().min(1).max(10_000),
  lease_ms: Lease,
  band: BandInput.optional(),
});

export const More = z.object({
  holder: Holder,
  want: z.number().int().min(0).max(10_000),
  limit: z.number().int().min(1).max(10_000),
  lease_ms: Lease,
  /** With nothing free, wait this long for a slot to be released before answering 0. */
  wait_ms: z.number().int().min(0).max(MAX_WAIT_MS).default(0),
  band: BandInput.optional(),
});

/** One model call's outcome (src/execution/concurrency-band.ts CallSignal). */
export const CallReport = z.object({
  status: z.number().int().min(100).max(599).nullable(),
  latency_ms: z.number().min(0).max(86_400_000).nullable(),
  retry_after_ms: z.number().min(0).max(86_400_000).nullable(),
  epoch: z.number().int().min(0),
});

/**
 * Calls that ended, for the band and the timeline. With `keep`, the caller is
 * a worker about to start another call on its slot: the answer says whether
 * it may (false: the limit fell below the slots held, and this slot is taken
 * back; the worker starts nothing more on it and does not release it).
 */
export const Report = z.object({ holder: Holder, calls: z.array(CallReport).max(10_000), keep: z.boolean().default(false) });

export interface ReportAnswer {
  /** Whether the worker keeps its slot (always true without `keep`). */
  keep: boolean;
  /** The band's epoch now: reported with the next call's outcome. */
  epoch: number;
  /** The in-flight limit now. */
  limit: number;
}

export const Release = z.object({ holder: Holder, slots: z.number().int().min(0).max(10_000), attempts: z.array(z.string()).max(1000) });

export interface GateState {
  in_flight: number;
  max_in_flight: number;
  terminal: number;
  total: number | null;
  /** The in-flight limit now: the band's current limit, or the pinned concurrency; null before any slot was asked for. */
  limit: number | null;
}

/** The clocks' skew between a pool and its shards that quota leases allow for (Cloudflare's clocks are NTP-synced far closer). */
export const GATE_SKEW_MS = 1_000;

/**
 * A sharded run's gate (src/domain/gate-shards.ts, docs/scaling.md): a consumer invocation claims, asks for
 * more and releases at its shard (RunGateShard) as it would at the RunGate; `run` and `shard` name the pool
 * the shard leases its quota from. Shards serve fixed limits only (no band, no budget: gateShardCount).
 */
const ShardOf = { run: z.string().min(1).max(200), shard: z.number().int().min(0).max(63) };
export const ShardClaim = Claim.omit({ band: true }).extend(ShardOf);
export const ShardMore = More.omit({ band: true }).extend(ShardOf);
/** `done`: the holder's last release here; it no longer waits for slots. */
export const ShardRelease = Release.extend({ done: z.boolean().default(false) });

/** A shard's answer: the slots granted, and when the holder's slots at this shard lapse unless renewed (null: it holds none). */
export interface ShardGrant {
  granted: number;
  until: number | null;
}

export interface ShardStats {
  /** This instance of the shard (a restart is a new one), as the pool knows it; null before its first request. */
  incarnation: string | null;
  in_use: number;
  max_in_use: number;
  quota: number;
  waiting: number;
  executing: number;
  asks: number;
}

export interface RunGateShardRpc extends Rpc.DurableObjectBranded {
  claim(input: z.input<typeof ShardClaim>): Promise<ShardGrant & { busy: string[]; epoch: number }>;
  more(input: z.input<typeof ShardMore>): Promise<ShardGrant>;
  release(input: z.input<typeof ShardRelease>): Promise<void>;
  stats(): Promise<ShardStats>;
}

/** A shard's quota ask (QuotaAsk) as the pool receives it, with the run's limit. */
export const PoolAsk = z.object({
  shard: z.string().min(1).max(300),
  seq: z.number().int().min(1),
  quota: z.number().int().min(0).max(10_000),
  in_use: z.number().int().min(0).max(10_000),
  demand: z.number().int().min(0).max(20_000),
  /** A holder's lease plus the shard's slack (QUOTA_SLACK_MS). */
  lease_ms: z.number().int().min(1).max(MAX_LEASE_MS + 60_000),
  limit: z.number().int().min(1).max(10_000),
});

/** The pool's reply to a shard (QuotaReply). */
export interface PoolReply {
  shard: string;
  seq: number;
  quota: number;
  until: number;
  target: number;
}

/** The RPC methods callers reach through `env.RUN_GATE` stubs (workers/gate/run-gate.ts implements them). */
export interface RunGateRpc extends Rpc.DurableObjectBranded {
  claim(input: z.input<typeof Claim>): Promise<{ granted: number; busy: string[]; epoch: number }>;
  more(input: z.input<typeof More>): Promise<number>;
  release(input: z.input<typeof Release>): Promise<void>;
  settle(count: number): Promise<GateState>;
  setCounts(counts: { total?: number | null; terminal?: number }): Promise<GateState>;
  markWork(): Promise<void>;
  takeLost(): Promise<{ from: number } | null>;
  recoveryAt(next: number | null): Promise<void>;
  stats(): Promise<GateState>;
  /** Budget (options.budget): admit or refuse one model call (budget.ts). */
  reserveCall(input: z.input<typeof Reserve>): Promise<BudgetVerdict>;
  /** Budget: count what attempts whose rows were just written spent. */
  landCalls(landed: z.input<typeof Landed>): Promise<BudgetVerdict>;
  budgetState(): Promise<BudgetState>;
  /** Budget: a call ended; its reservation holds what it spent until it lands. */
  callEnded(usage: z.input<typeof LandedUsage>): Promise<void>;
  /** Budget: start over from the spend D1 holds (a resume). */
  resetBudget(spent: z.input<typeof SpendInput>): Promise<void>;
  report(input: z.input<typeof Report>): Promise<ReportAnswer>;
  timeline(): Promise<TimelineSample[]>;
  /** Sharded runs: a shard's quota ask (null: an ask older than one already read). */
  shardAsk(input: z.input<typeof PoolAsk>): Promise<PoolReply | null>;
  /** The run's shard count: fixed by the first caller (`proposed`), or by setShardCount, for the rest of the run. */
  shardCount(proposed: number): Promise<number>;
  /** Fixes the run's shard count before its work starts (tests, benches: small runs with N > 1). */
  setShardCount(n: number): Promise<void>;
}
