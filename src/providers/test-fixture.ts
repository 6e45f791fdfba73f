/** Test helpers: the fixture model server's URL (from the global setup) and its stats. */
import { inject } from "vitest";
// The SDKs with this file's imports, not inside a test's first call (test/preload-model-sdks.ts says why).
import "../../test/preload-model-sdks";

export const fixtureUrl = () => inject("fixtureUrl");

/** A model name no other test uses, so fixture stats and fault draws are this test's own. */
export function uniqueModel(knobs = ""): string {
  const name = `fixture-${crypto.randomUUID().slice(0, 8)}`;
  return knobs ? `${name}:${knobs}` : name;
}

export interface FixtureStats {
  calls: number;
  max_in_flight: number;
  in_flight: number;
  by_status: Record<string, number>;
  /** Epoch ms of the first call and of the latest call's end (null before any). */
  first_at: number | null;
  last_end_at: number | null;
}

export async function fixtureStats(model: string): Promise<FixtureStats> {
  const r = await fetch(`${fixtureUrl()}/_stats?model=${encodeURIComponent(model)}`);
  return (await r.json()) as FixtureStats;
}

/**
 * The model's stats once `until` holds for them (the server sees a dropped or arriving connection on its own
 * schedule), or the last ones read after `timeoutMs`: the test's expectation then says what was missing.
 */
export async function fixtureStatsWhen(model: string, until: (s: FixtureStats) => boolean, timeoutMs = 10_000): Promise<FixtureStats> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = await fixtureStats(model);
    if (until(stats) || Date.now() > deadline) return stats;
    await new Promise((r) => setTimeout(r, 20));
  }
}
