/**
 * Which outputs row each attempt of a benchmark takes, per target slot of a
 * run with recorded outputs: written once when the benchmark is planned,
 * read by the consumer, cached per isolate (it never changes).
 * I/O: the R2 bucket passed in.
 */
import type { OutputsPlan } from "../domain/recorded-outputs";
import { ByteCache, parsedBytes } from "./bounded-cache";

/** What the isolate keeps of recorded-outputs plans, about. */
export const RECORDED_PLAN_CACHE_BYTES = 4 * 1024 * 1024;
const cache = new ByteCache<OutputsPlan>(RECORDED_PLAN_CACHE_BYTES);

export function recordedPlanKey(runId: string, benchmarkId: string, slot: "a" | "b"): string {
  return `runs/${runId}/recorded/${benchmarkId}/${slot}.json`;
}

export async function writeRecordedPlan(bucket: R2Bucket, runId: string, benchmarkId: string, slot: "a" | "b", plan: OutputsPlan): Promise<void> {
  const key = recordedPlanKey(runId, benchmarkId, slot);
  const text = JSON.stringify(plan);
  await bucket.put(key, text, { httpMetadata: { contentType: "application/json" } });
  cache.set(key, plan, parsedBytes(text.length));
}

export async function readRecordedPlan(bucket: R2Bucket, runId: string, benchmarkId: string, slot: "a" | "b"): Promise<OutputsPlan> {
  const key = recordedPlanKey(runId, benchmarkId, slot);
  const hit = cache.get(key);
  if (hit) return hit;
  const obj = await bucket.get(key);
  if (!obj) throw new Error(`the recorded-outputs plan of ${benchmarkId} (${slot}) in ${runId} is missing`);
  const text = await obj.text();
  const plan = JSON.parse(text) as OutputsPlan;
  cache.set(key, plan, parsedBytes(text.length));
  return plan;
}
