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
/** The longest a request for slots, or a watch for the run's stop, waits at the gate: a consumer invocation's wall time. */
export const MAX_WAIT_MS = 15 * 60_000;
/**
 * The longest a holder is held alive: a consumer holds until its wall time
 * ends (15 minutes), a dispatched agent attempt until its timeout (up to
 * 3,600 s) and a margin; twice that bounds both.
 */
export const MAX_LEASE_MS = 2 * 3_600_000 + 30_000;
/** When the holder is certainly gone (epoch ms). */
const Until = z.number().int().min(0);
/** The local stack's boot the holder belongs to ("" on Cloudflare, whose queues outlive any restart). */
const Boot = z.string().max(100).default("");

/**
 * The run's concurrency band (options.concurrency as `{min, max}`). Given with
 * min < max, the gate's adaptive limit (src/execution/concurrency-band.ts)
 * takes the place of `limit`; absent or pinned, `limit` holds as given.
 */
const BandInput = z
  .object({ min: z.number().int().min(1).max(10_000), max: z.number().int().min(1).max(10_000) })
  .refine((b) => b.min <= b.max, "min must not exceed max");

/** An attempt as claimed: its seq in the run, and what its message carried (kept so a recovery re-sends it as it was). */
export const ClaimedAttempt = z.object({
  seq: z.number().int().min(0),
  tries: z.number().int().min(0).max(1_000),
  limited_since: z.number().int().min(0).nullable().optional(),
  reply_key: z.string().max(300).nullable().optional(),
});

export const Claim = z.object({
  holder: Holder,
  until: Until,
  boot: Boot,
  attempts: z.array(ClaimedAttempt).max(1000),
  want: z.number().int().min(0).max(10_000),
  limit: z.number().int().min(1).max(10_000),
  band: BandInput.optional(),
});

export const More = z.object({
  holder: Holder,
  until: Until,
  boot: Boot,
  want: z.number().int().min(0).max(10_000),
  limit: z.number().int().min(1).max(10_000),
  /** With nothing free, wait this long for a slot to be given back (or the run to stop) before answering none. */
  wait_ms: z.number().int().min(0).max(MAX_WAIT_MS).default(0),
  band: BandInput.optional(),
});

/** Slots given, and whether the run has stopped (no more calls start). */
export interface Grant {
  slots: number[];
  stopped: boolean;
}

/** One model call's outcome (src/execution/concurrency-band.ts CallSignal). */
export const CallReport = z.object({
  status: z.number().int().min(100).max(599).nullable(),
  latency_ms: z.number().min(0).max(86_400_000).nullable(),
  retry_after_ms: z.number().min(0).max(86_400_000).nullable(),
  epoch: z.number().int().min(0),
});

/**
 * Calls that ended, for the band and the timeline. With `keep`, the caller is
 * a worker about to start another call on its slot (`slot`): the answer says
 * whether it may (false: the limit fell below the slots held, and this slot is
 * taken back; the worker starts nothing more on it and does not release it).
 */
export const Report = z.object({ holder: Holder, calls: z.array(CallReport).max(10_000), keep: z.boolean().default(false), slot: z.number().int().min(0).optional() });

export interface ReportAnswer {
  /** Whether the worker keeps its slot (always true without `keep`). */
  keep: boolean;
  /** The band's epoch now: reported with the next call's outcome. */
  epoch: number;
  /** The in-flight limit now. */
  limit: number;
}

/**
 * What a holder gives back: slots; attempts it is done with (`ended`: their
 * claims go); attempts it sends back to the queue (`requeued`: their claims
 * stay without a holder, with the tries they go back with); and, with
 * `done`, everything it still holds (its invocation ends).
 */
export const Release = z.object({
  holder: Holder,
  slots: z.array(z.number().int().min(0)).max(10_000).default([]),
  ended: z.array(z.number().int().min(0)).max(10_000).default([]),
  requeued: z.array(ClaimedAttempt).max(10_000).default([]),
  done: z.boolean().default(false),
});

export const Watch = z.object({ holder: Holder, wait_ms: z.number().int().min(0).max(MAX_WAIT_MS) });

export interface GateState {
  in_flight: number;
  max_in_flight: number;
  terminal: number;
  total: number | null;
  /** The in-flight limit now: the band's current limit, or the pinned concurrency; null before any slot was asked for. */
  limit: number | null;
  /** Holders alive now (consumer invocations and dispatched agent attempts). */
  holders: number;
  /** The run stopped: no slot is granted until it is resumed. */
  halted: boolean;
}

/** Where a recovery starts, and the tries each attempt that lost its message had (re-sent with them, not from 0). */
export interface LostWork {
  from: number;
  tries: z.infer<typeof ClaimedAttempt>[];
}

/** The RPC methods callers reach through `env.RUN_GATE` stubs (workers/gate/run-gate.ts implements them). */
export interface RunGateRpc extends Rpc.DurableObjectBranded {
  claim(input: z.input<typeof Claim>): Promise<Grant & { busy: number[]; epoch: number }>;
  more(input: z.input<typeof More>): Promise<Grant>;
  release(input: z.input<typeof Release>): Promise<void>;
  /** Resolves when the run stops ({stopped: true}), the holder lets go, or after `wait_ms` ({stopped: false}). */
  watch(input: z.input<typeof Watch>): Promise<{ stopped: boolean }>;
  /** The run stopped or ended: waiting holders are told at once, and no slot is granted until `resume`. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  /** Counts attempts that ended; a repeat of the same `group` counts nothing. */
  settle(count: number, group?: string): Promise<GateState>;
  setCounts(counts: { total?: number | null; terminal?: number }): Promise<GateState>;
  /** Records that the run's work is being sent from the stack of `boot` (a plan step). */
  markWork(boot?: string): Promise<void>;
  takeLost(boot?: string): Promise<LostWork | null>;
  recoveryAt(next: number | null): Promise<void>;
  stats(): Promise<GateState>;
  /** Budget (options.budget): admit or refuse one model call (budget.ts). */
  reserveCall(input: z.input<typeof Reserve>): Promise<BudgetVerdict>;
  /** Budget: count what attempts whose rows were just written spent. */
  landCalls(landed: z.input<typeof Landed>): Promise<BudgetVerdict>;
  budgetState(): Promise<BudgetState>;
  /** Budget: a call ended; its attempt holds what it spent until it lands. */
  callEnded(usage: z.input<typeof LandedUsage>): Promise<void>;
  /** Budget: start over from the spend D1 holds (a resume). */
  resetBudget(spent: z.input<typeof SpendInput>): Promise<void>;
  report(input: z.input<typeof Report>): Promise<ReportAnswer>;
  timeline(): Promise<TimelineSample[]>;
}
