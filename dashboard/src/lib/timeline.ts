/**
 * A run's timeline in the dashboard (GET /api/eval-runs/{id}/timeline)
 * through the typed client, shapes from the generated schema.
 */
import { client, unwrap } from "./api";
import type { RunTimeline, TimelineSample } from "./types";

export type { RunTimeline, TimelineSample };

export function runTimeline(id: string, signal?: AbortSignal): Promise<RunTimeline> {
  return unwrap(client.GET("/api/eval-runs/{id}/timeline", { params: { path: { id } }, ...(signal ? { signal } : {}) }));
}

/** A band as it reads: "8" or "2..64". */
export function bandText(c: number | { min: number; max: number }): string {
  return typeof c === "number" ? String(c) : c.min === c.max ? String(c.min) : `${c.min}..${c.max}`;
}
