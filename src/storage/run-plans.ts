/**
 * A benchmark's selected members within a run, kept in R2 so planning can
 * continue in bounded steps without selecting again. Cached per isolate:
 * a plan never changes once written.
 */
import type { PlanMember } from "../execution/plan-layout";
import { ByteCache, parsedBytes } from "./bounded-cache";

/** What the isolate keeps of plans, about (a plan of 100,000 tasks is a few MB). */
export const PLAN_CACHE_BYTES = 8 * 1024 * 1024;
const cache = new ByteCache<PlanMember[]>(PLAN_CACHE_BYTES);

export function planKey(runId: string, benchmarkId: string): string {
  return `runs/${runId}/plans/${benchmarkId}.json`;
}

export async function writePlan(bucket: R2Bucket, runId: string, benchmarkId: string, members: PlanMember[]): Promise<void> {
  const key = planKey(runId, benchmarkId);
  const text = JSON.stringify(members);
  await bucket.put(key, text, { httpMetadata: { contentType: "application/json" } });
  cache.set(key, members, parsedBytes(text.length));
}

export async function readPlan(bucket: R2Bucket, runId: string, benchmarkId: string): Promise<PlanMember[]> {
  const key = planKey(runId, benchmarkId);
  const hit = cache.get(key);
  if (hit) return hit;
  const obj = await bucket.get(key);
  if (!obj) throw new Error(`the plan of ${benchmarkId} in ${runId} is missing`);
  const text = await obj.text();
  const members = JSON.parse(text) as PlanMember[];
  cache.set(key, members, parsedBytes(text.length));
  return members;
}
