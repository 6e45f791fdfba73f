/**
 * Which outputs row each attempt of a benchmark takes, per target slot of a
 * run with recorded outputs: written once when the benchmark is planned,
 * read by the consumer, cached per isolate (it never changes).
 * I/O: the R2 bucket passed in.
 */
import type { OutputsPlan } from "../domain/recorded-outputs";

const cache = new Map<string, OutputsPlan>();
const CACHE_MAX = 16;

export function recordedPlanKey(runId: string, benchmarkId: string, slot: "a" | "b"): string {
  return `runs/${runId}/recorded/${benchmarkId}/${slot}.json`;
}

export async function writeRecordedPlan(bucket: R2Bucket, runId: string, benchmarkId: string, slot: "a" | "b", plan: OutputsPlan): Promise<void> {
  const key = recordedPlanKey(runId, benchmarkId, slot);
  await bucket.put(key, JSON.stringify(plan), { httpMetadata: { contentType: "application/json" } });
  remember(key, plan);
}

export async function readRecordedPlan(bucket: R2Bucket, runId: string, benchmarkId: string, slot: "a" | "b"): Promise<OutputsPlan> {
  const key = recordedPlanKey(runId, benchmarkId, slot);
  const hit = cache.get(key);
  if (hit) return hit;
  const obj = await bucket.get(key);
  if (!obj) throw new Error(`the recorded-outputs plan of ${benchmarkId} (${slot}) in ${runId} is missing`);
  const plan = (await obj.json()) as OutputsPlan;
  remember(key, plan);
  return plan;
}

function remember(key: string, plan: OutputsPlan): void {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, plan);
}
