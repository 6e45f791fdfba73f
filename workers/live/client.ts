/**
 * Reaching a run's live objects: the stub of its hub or of the shard that
 * owns an attempt, the run's shard count, and the emitter the inline
 * executor sends its deltas through. The emitter never slows an attempt
 * down: emit() only buffers; deltas go out in one call per shard while the
 * previous call is in flight, so a consumer invocation running many
 * attempts makes a few calls, not one per delta. Live traces are a view:
 * a failed call is logged and dropped, never failing an attempt (the
 * transcript in R2 and the attempt row are the record).
 */
import type { DeltaEvent, DeltaInput } from "../../src/live/deltas";
import { ATTEMPTS_PER_SHARD, shardCount, shardName, shardOf } from "../../src/live/shards";
import type { Env } from "../env";
import type { Where } from "./contract";

/** The run's shard count under this deployment's setting. */
export function shardsFor(env: Env, concurrency: number): number {
  const per = Number(env.ASSAY_LIVE_SHARD_ATTEMPTS);
  return shardCount(concurrency, Number.isFinite(per) && per >= 1 ? per : ATTEMPTS_PER_SHARD);
}

export function liveStub(env: Env, runId: string, shard = 0) {
  return env.RUN_LIVE.get(env.RUN_LIVE.idFromName(shardName(runId, shard)));
}

/** Where the attempt at `seq` lives, and its stub. */
export function ownerOf(env: Env, runId: string, seq: number, shards: number): { where: Where; stub: ReturnType<typeof liveStub> } {
  const shard = shardOf(seq, shards);
  return { where: { run_id: runId, shard, shards }, stub: liveStub(env, runId, shard) };
}

/** Deltas one emitter keeps waiting at most; past it the oldest are dropped (the live object is unreachable). */
const MAX_BUFFER = 20_000;
/** Deltas per call. */
const MAX_BATCH = 2_000;
/**
 * How long the first delta of a call waits for others to join it. Each call
 * is a Durable Object request and a storage commit, whose fixed cost
 * outweighs the rows it carries: at 10 ms a 50-wide run made one call per 8
 * attempts and spent about a tenth of its CPU on them; at 50 ms one per 25
 * to 30 (npm run bench:execution). A follower still sees a step within a
 * twentieth of a second.
 */
export const COALESCE_MS = 50;

class ShardQueue {
  private buffer: DeltaInput[] = [];
  private sending: Promise<void> | null = null;
  private warned = false;

  constructor(
    private readonly env: Env,
    private readonly where: Where,
  ) {}

  push(d: DeltaInput): void {
    this.buffer.push(d);
    if (this.buffer.length > MAX_BUFFER) this.buffer.splice(0, this.buffer.length - MAX_BUFFER);
    if (!this.sending) this.sending = this.drain();
  }

  /** Resolves once everything pushed so far has been sent (or dropped). */
  async idle(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async drain(): Promise<void> {
    // Let the deltas of the next few milliseconds join this call: far fewer calls, still well within a follower's notice.
    await new Promise((r) => setTimeout(r, COALESCE_MS));
    try {
      while (this.buffer.length) {
        const batch = this.buffer.splice(0, MAX_BATCH);
        try {
          await liveStub(this.env, this.where.run_id, this.where.shard).post({ where: this.where, deltas: batch });
        } catch (err) {
          if (!this.warned) console.error(`live deltas of ${this.where.run_id} dropped:`, err instanceof Error ? err.message : err);
          this.warned = true;
        }
      }
    } finally {
      this.sending = null;
    }
  }
}

export class LiveEmitter {
  private shards = new Map<number, ShardQueue>();

  constructor(
    private readonly env: Env,
    readonly runId: string,
    readonly shardCount: number,
  ) {}

  emit(attemptId: string, seq: number, event: DeltaEvent): void {
    const shard = shardOf(seq, this.shardCount);
    let q = this.shards.get(shard);
    if (!q) this.shards.set(shard, (q = new ShardQueue(this.env, { run_id: this.runId, shard, shards: this.shardCount })));
    q.push({ attempt_id: attemptId, event, at: new Date().toISOString() });
  }

  async flush(): Promise<void> {
    await Promise.all([...this.shards.values()].map((q) => q.idle()));
  }
}

/**
 * A consumer invocation's emitter for a run, flushed by that invocation
 * before it ends. Never shared between invocations: a drain started by one
 * (its timer, its RPC calls) is I/O of that request, so another invocation
 * waiting on it at its end waited on a promise only a different request
 * could settle; workerd cancelled the waiter as hanging ("Promise will never
 * complete") and then failed with "Cannot perform I/O on behalf of a
 * different request (RefcountedFulfiller)" when the other request settled it.
 */
export function invocationEmitter(env: Env, runId: string, concurrency: number): LiveEmitter {
  return new LiveEmitter(env, runId, shardsFor(env, concurrency));
}
