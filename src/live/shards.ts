/**
 * Sharding a run's live object. One Durable Object per run is the hub: it
 * sequences the run's deltas, keeps the live set and serves followers. When
 * a run may have more attempts posting at once than one object should take
 * requests for (Cloudflare's soft limit is about 1,000 a second), attempts
 * are spread over shards by seq; each shard owns its attempts (their state,
 * tokens, traces) and forwards their deltas to the hub in batches, so the
 * hub sees a few batched calls instead of every post. Pure, no I/O.
 */

/** Running attempts one object owns: an agent posting ~4 deltas a second each keeps a shard near 1,000 requests a second. */
export const ATTEMPTS_PER_SHARD = 250;
export const MAX_SHARDS = 16;

/** Shards for a run whose concurrency is `concurrency` (at least 1). */
export function shardCount(concurrency: number, perShard = ATTEMPTS_PER_SHARD): number {
  const per = Math.max(1, Math.floor(perShard));
  return Math.min(MAX_SHARDS, Math.max(1, Math.ceil(concurrency / per)));
}

/** The shard owning the attempt at `seq`. */
export function shardOf(seq: number, shards: number): number {
  return shards <= 1 ? 0 : seq % shards;
}

/** The Durable Object name of a shard; shard 0 is the hub and bears the run id alone. */
export function shardName(runId: string, shard: number): string {
  return shard === 0 ? runId : `${runId}#${shard}`;
}
