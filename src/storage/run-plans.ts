/**
 * A benchmark's selected members within a run, kept in R2 so planning can
 * continue in bounded steps without selecting again. Cached per isolate:
 * a plan never changes once written.
 */
import type { PlanMember } from "../execution/plan-layout";

const cache = new Map<string, PlanMember[]>();
const CACHE_MAX = 16;

export function planKey(runId: string, benchmarkId: string): string {
  return `runs/${runId}/plans/${benchmarkId}.json`;
}

export async function writePlan(bucket: R2Bucket, runId: string, benchmarkId: string, members: PlanMember[]): Promise<void> {
  const key = planKey(runId, benchmarkId);
  await bucket.put(key, JSON.stringify(members), { httpMetadata: { contentType: "application/json" } });
  remember(key, members);
}

export async function readPlan(bucket: R2Bucket, runId: string, benchmarkId: string): Promise<PlanMember[]> {
  const key = planKey(runId, benchmarkId);
  const hit = cache.get(key);
  if (hit) return hit;
  const obj = await bucket.get(key);
  if (!obj) throw new Error(`the plan of ${benchmarkId} in ${runId} is missing`);
  const members = (await obj.json()) as PlanMember[];
  remember(key, members);
  return members;
}

function remember(key: string, members: PlanMember[]): void {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, members);
}
