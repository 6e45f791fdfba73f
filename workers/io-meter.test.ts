/**
 * The bench's operation meter counts what the Worker really does through
 * its bindings, Durable Object requests included (a Durable Object's
 * ceiling is its requests per second), and changes nothing it wraps.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "./env";
import { ioCounts, meterEnv, resetIo } from "./io-meter";

const base = env as unknown as Env;

describe("io meter", () => {
  it("counts Durable Object calls per class and passes their answers through", async () => {
    const m = meterEnv({ ...base, ASSAY_IO_METRICS: "1" });
    resetIo();
    const gate = m.RUN_GATE.get(m.RUN_GATE.idFromName(`io_meter_${crypto.randomUUID()}`));
    const claim = await gate.claim({ holder: "h", until: Date.now() + 60_000, attempts: [{ seq: 1, tries: 0 }], want: 1, limit: 2 });
    expect(claim.slots).toEqual([0]);
    expect((await gate.stats()).in_flight).toBe(1);
    await gate.release({ holder: "h", slots: [0], ended: [1] });
    expect(ioCounts().do_requests).toEqual({ run_gate: 3, call_lane: 0, run_live: 0 });
  });

  it("leaves the env untouched when counting is off", () => {
    const plain = { ...base, ASSAY_IO_METRICS: "0" };
    expect(meterEnv(plain)).toBe(plain);
  });
});
