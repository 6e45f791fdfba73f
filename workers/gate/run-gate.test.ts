/**
 * RunGate: the run's semaphore. A request for more slots may wait at the
 * gate, and a released slot goes straight to the oldest waiting holder;
 * the run's limit holds throughout.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { gateFor } from "./client";
import { MAX_LEASE_MS } from "./contract";

const LEASE = 60_000;
const gate = () => gateFor(env as unknown as Env, `run_gate_test_${crypto.randomUUID()}`);

describe("RunGate", () => {
  it("hands a released slot to a holder waiting for one", async () => {
    const g = gate();
    expect((await g.claim({ holder: "a", attempts: ["x.1", "x.2"], want: 2, limit: 2, lease_ms: LEASE })).granted).toBe(2);
    // Nothing free: b waits at the gate (up to a second) instead of polling.
    const waiting = g.more({ holder: "b", want: 1, limit: 2, lease_ms: LEASE, wait_ms: 1_000 });
    await g.release({ holder: "a", slots: 1, attempts: [] });
    expect(await waiting).toBe(1);
    expect(await g.stats()).toMatchObject({ in_flight: 2, max_in_flight: 2 });
  });

  it("answers 0 when no slot is released in time, and gives nothing away", async () => {
    const g = gate();
    await g.claim({ holder: "a", attempts: [], want: 2, limit: 2, lease_ms: LEASE });
    expect(await g.more({ holder: "b", want: 1, limit: 2, lease_ms: LEASE, wait_ms: 20 })).toBe(0);
    // The timed-out request no longer waits: a later release stays free for whoever asks next.
    await g.release({ holder: "a", slots: 1, attempts: [] });
    expect(await g.stats()).toMatchObject({ in_flight: 1 });
    expect(await g.more({ holder: "c", want: 5, limit: 2, lease_ms: LEASE })).toBe(1);
  });

  it("serves waiting holders oldest first and never beyond the limit", async () => {
    const g = gate();
    await g.claim({ holder: "a", attempts: [], want: 3, limit: 3, lease_ms: LEASE });
    const b = g.more({ holder: "b", want: 2, limit: 3, lease_ms: LEASE, wait_ms: 1_000 });
    const c = g.more({ holder: "c", want: 2, limit: 3, lease_ms: LEASE, wait_ms: 200 });
    await g.release({ holder: "a", slots: 1, attempts: [] });
    expect(await b).toBe(1);
    expect(await c).toBe(0);
    await g.release({ holder: "a", slots: 2, attempts: [] });
    expect(await g.more({ holder: "c", want: 5, limit: 3, lease_ms: LEASE })).toBe(2);
    expect(await g.stats()).toMatchObject({ in_flight: 3, max_in_flight: 3 });
  });

  it("takes the lease of the longest timeout a run may set (2 × 3,600 s + 30 s)", async () => {
    const g = gate();
    expect(MAX_LEASE_MS).toBe(2 * 3_600 * 1000 + 30_000);
    expect((await g.claim({ holder: "a", attempts: ["x.1"], want: 1, limit: 1, lease_ms: MAX_LEASE_MS })).granted).toBe(1);
    expect(await g.more({ holder: "a", want: 0, limit: 1, lease_ms: MAX_LEASE_MS })).toBe(0);
  });
});
