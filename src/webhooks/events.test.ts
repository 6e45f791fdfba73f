import { describe, expect, it } from "vitest";
import { eventBody, MAX_DELIVERY_TRIES, retryDelaySeconds, runEvent } from "./events";

describe("webhook events", () => {
  it("maps a run's final status to its event", () => {
    expect(["completed", "failed", "cancelled", "running"].map(runEvent)).toEqual(["run.completed", "run.failed", "run.cancelled", null]);
  });

  it("wraps data as {type, timestamp, data}", () => {
    expect(JSON.parse(eventBody("drift.detected", "2026-01-01T00:00:00.000Z", { a: 1 }))).toEqual({
      type: "drift.detected",
      timestamp: "2026-01-01T00:00:00.000Z",
      data: { a: 1 },
    });
  });

  it("backs off exponentially with bounded jitter, then gives up", () => {
    const mid = Array.from({ length: MAX_DELIVERY_TRIES - 1 }, (_, i) => retryDelaySeconds(i + 1, 0.5));
    expect(mid).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(retryDelaySeconds(1, 0)).toBe(24);
    expect(retryDelaySeconds(1, 0.999)).toBe(36);
    expect(retryDelaySeconds(MAX_DELIVERY_TRIES, 0.5)).toBeNull();
  });
});
