/**
 * Where an agent attempt's runner calls back: the base URL (ASSAY_PUBLIC_URL,
 * else the origin the run was started from, remembered by the run's live
 * object) and the attempt's three callback URLs. Reads env and the live
 * object; caches origins per isolate.
 */
import type { AttemptDispatch } from "../../src/runner/protocol";
import { liveStub } from "../live/client";
import type { Env } from "../env";

const ORIGINS_MAX = 1_000;

/** A run's recorded origin never changes once its attempts are dispatched. */
const origins = new Map<string, string>();

/**
 * Where runners call back: ASSAY_PUBLIC_URL when set, else the origin the
 * run was started from (recorded by recordPublicOrigin).
 */
export async function callbackBase(env: Env, runId: string): Promise<string | null> {
  const fixed = env.ASSAY_PUBLIC_URL?.trim();
  if (fixed) return fixed.replace(/\/+$/, "");
  const hit = origins.get(runId);
  if (hit) return hit;
  const origin = await liveStub(env, runId).origin();
  if (origin) {
    if (origins.size >= ORIGINS_MAX) origins.delete(origins.keys().next().value!);
    origins.set(runId, origin);
  }
  return origin;
}

/** Remembers the origin a run was started from, for its runners' callbacks (call from the start route). */
export async function recordPublicOrigin(env: Env, runId: string, origin: string): Promise<void> {
  await liveStub(env, runId).rememberOrigin({ run_id: runId, origin });
}

/** The callback URLs of attempt `id` under `base`. */
export function callbackUrls(base: string, id: string): AttemptDispatch["callbacks"] {
  const at = `${base}/api/runner/attempts/${id}`;
  return { events: `${at}/events`, artifacts: `${at}/artifacts/{name}`, result: `${at}/result` };
}
