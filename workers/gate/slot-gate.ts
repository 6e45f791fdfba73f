/**
 * One consumer invocation's view of its run's gate (workers/queue/execute.ts):
 * claim a batch's attempts and slots, ask for more, release. An unsharded run
 * (N = 1) makes exactly the RunGate calls it always made. A sharded run takes
 * its slots from one home shard (chosen at random per invocation, so
 * invocations spread evenly) and registers each attempt at the shard its seq
 * maps to (gateShardOf), so a redelivered message always meets the claim of
 * the invocation running it.
 */
import type { Band } from "../../src/execution/concurrency-band";
import { gateShardCount, gateShardOf } from "../../src/domain/gate-shards";
import type { Env } from "../env";
import { gateFor, gateShardFor } from "./client";
import type { ShardGrant } from "./contract";

export interface ClaimedAttempt {
  id: string;
  seq: number;
}

export interface SlotGate {
  readonly shards: number;
  claim(attempts: ClaimedAttempt[], want: number): Promise<{ granted: number; busy: string[]; epoch: number }>;
  /** More slots (waiting up to `waitMs` at the gate for one); `want` 0 renews the holder's lease and claims. */
  more(want: number, waitMs: number): Promise<number>;
  /** One worker is done with its slot. */
  releaseSlot(): Promise<void>;
  /** The invocation is done: its claims end. */
  releaseAll(): Promise<void>;
  /** When the holder's slots lapse unless renewed, as the gate last said (Infinity at an unsharded gate, which does not say). */
  leaseEnd(): number;
}

interface Holder {
  holder: string;
  limit: number;
  leaseMs: number;
  band: Band;
}

/** Shard counts already fixed at each run's pool, so an invocation asks once per isolate and run. */
const known = new Map<string, number>();

/**
 * The run's shard count: 1 for what gateShardCount keeps unsharded (a band,
 * a budget); else what the run's pool fixed (from the first caller's
 * proposal, or a test's setShardCount), the same for the whole run.
 */
export async function shardsOf(env: Env, runId: string, limit: number, run: { adaptive: boolean; budget: boolean }): Promise<number> {
  if (run.adaptive || run.budget) return 1;
  let n = known.get(runId);
  if (n === undefined) {
    n = await gateFor(env, runId).shardCount(gateShardCount(limit, run));
    if (known.size >= 1_000) known.clear();
    known.set(runId, n);
  }
  return n;
}

/** How long a released slot waits for others to join its release call. */
export const RELEASE_COALESCE_MS = 2;

/**
 * One release call for the slots released within RELEASE_COALESCE_MS of
 * each other: a batch's workers run out of work together (its last round
 * of model calls ends within a few ms), and each releasing alone was a
 * gate request per worker. Every caller resolves (or rejects) with the call
 * that carried its slot.
 */
export function coalescedRelease(send: (slots: number) => Promise<void>): () => Promise<void> {
  let next: { slots: number; sent: Promise<void> } | null = null;
  return () => {
    if (!next) {
      const group = { slots: 0, sent: Promise.resolve() };
      group.sent = new Promise((r) => setTimeout(r, RELEASE_COALESCE_MS)).then(() => {
        next = null;
        return send(group.slots);
      });
      next = group;
    }
    next.slots++;
    return next.sent;
  };
}

export function slotGateFor(env: Env, runId: string, shards: number, h: Holder): SlotGate {
  return shards <= 1 ? poolGate(env, runId, h) : shardedGate(env, runId, shards, h);
}

function poolGate(env: Env, runId: string, { holder, limit, leaseMs, band }: Holder): SlotGate {
  const gate = gateFor(env, runId);
  let ids: string[] = [];
  return {
    shards: 1,
    claim: (attempts, want) => ((ids = attempts.map((a) => a.id)), gate.claim({ holder, attempts: ids, want, limit, lease_ms: leaseMs, band })),
    more: (want, waitMs) => gate.more({ holder, want, limit, lease_ms: leaseMs, wait_ms: waitMs, band }),
    releaseSlot: coalescedRelease((slots) => gate.release({ holder, slots, attempts: [] })),
    releaseAll: () => gate.release({ holder, slots: 0, attempts: ids }),
    leaseEnd: () => Infinity,
  };
}

function shardedGate(env: Env, runId: string, shards: number, { holder, limit, leaseMs }: Holder): SlotGate {
  const home = Math.floor(Math.random() * shards);
  const at = (i: number) => gateShardFor(env, runId, i);
  /** The attempts claimed at each shard. */
  const claimed = new Map<number, string[]>();
  let until = 0;
  const heard = (g: ShardGrant) => {
    if (g.until !== null) until = g.until;
    return g.granted;
  };
  return {
    shards,
    async claim(attempts, want) {
      for (const a of attempts) {
        const i = gateShardOf(a.seq, shards);
        claimed.set(i, [...(claimed.get(i) ?? []), a.id]);
      }
      const asks = new Set([home, ...claimed.keys()]);
      const answers = await Promise.all(
        [...asks].map((i) => at(i).claim({ run: runId, shard: i, holder, attempts: claimed.get(i) ?? [], want: i === home ? want : 0, limit, lease_ms: leaseMs })),
      );
      const mine = answers[[...asks].indexOf(home)]!;
      return { granted: heard(mine), busy: answers.flatMap((a) => a.busy), epoch: 0 };
    },
    async more(want, waitMs) {
      if (want > 0 || waitMs > 0) return heard(await at(home).more({ run: runId, shard: home, holder, want, limit, lease_ms: leaseMs, wait_ms: waitMs }));
      // A renewal: the claims at every shard holding some, and the slots at home.
      const renew = [...new Set([home, ...claimed.keys()])];
      const answers = await Promise.all(renew.map((i) => at(i).more({ run: runId, shard: i, holder, want: 0, limit, lease_ms: leaseMs, wait_ms: 0 })));
      return heard(answers[renew.indexOf(home)]!);
    },
    releaseSlot: coalescedRelease((slots) => at(home).release({ holder, slots, attempts: [] })),
    async releaseAll() {
      const all = [...new Set([home, ...claimed.keys()])];
      await Promise.all(all.map((i) => at(i).release({ holder, slots: 0, attempts: claimed.get(i) ?? [], done: i === home })));
    },
    leaseEnd: () => until,
  };
}
