/**
 * Cancels a stopped run's live attempts on every live shard, so agent
 * attempts still running on their runner stop taking callbacks and give
 * their slots back. Reads D1 (the run's options) and calls the live objects.
 */
import { openDb } from "../../src/db/client";
import { getRunById } from "../../src/db/eval-runs";
import type { RunOptions } from "../../src/domain/run-options";
import { liveStub, shardsFor } from "../live/client";
import type { Env } from "../env";
import { maxConcurrency } from "../../src/execution/concurrency-band";

/**
 * Ends a stopped run's live attempts at once (call after a stop): agent
 * attempts running on their runner stop taking callbacks (409) and give
 * their slots back; the live set empties.
 */
export async function cancelLive(env: Env, runId: string): Promise<number> {
  const run = await getRunById(openDb(env.DB), runId);
  if (!run) return 0;
  const shards = shardsFor(env, maxConcurrency((run.options as RunOptions).concurrency));
  const cancel = (shard: number) => liveStub(env, runId, shard).cancel({ where: { run_id: runId, shard, shards } });
  // Shards first, so the hub receives their ends before it ends what is left.
  const counts = await Promise.all(Array.from({ length: shards - 1 }, (_, i) => cancel(i + 1)));
  counts.push(await cancel(0));
  return counts.reduce((n, c) => n + c.cancelled, 0);
}
