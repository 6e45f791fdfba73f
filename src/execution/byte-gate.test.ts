import { describe, expect, it } from "vitest";
import { ByteGate } from "./byte-gate";

/** A call that records when it starts and ends only when released. */
function call(gate: ByteGate, log: string[], name: string, bytes: number) {
  let release!: () => void;
  const done = gate.hold(bytes, () => {
    log.push(`start ${name} (${gate.inUse})`);
    return new Promise<void>((r) => (release = r));
  });
  return { done, release: () => release() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("ByteGate", () => {
  it.each([
    {
      what: "calls that fit run together; one that does not waits for room",
      calls: [["a", 20], ["b", 20], ["c", 20]] as const,
      releases: ["a"],
      want: ["start a (20)", "start b (40)", "start c (40)"],
    },
    {
      what: "a call larger than the cap runs alone once nothing is held",
      calls: [["a", 10], ["big", 100]] as const,
      releases: ["a"],
      want: ["start a (10)", "start big (100)"],
    },
    {
      what: "waiters are served in order: a small call does not pass a waiting large one",
      calls: [["a", 40], ["big", 30], ["small", 5]] as const,
      releases: ["a"],
      want: ["start a (40)", "start big (35)", "start small (35)"],
    },
  ])("$what", async ({ calls, releases, want }) => {
    const gate = new ByteGate(50);
    const log: string[] = [];
    const running = new Map<string, ReturnType<typeof call>>(calls.map(([name, bytes]) => [name, call(gate, log, name, bytes)]));
    await tick();
    for (const name of releases) {
      running.get(name)!.release();
      await tick();
      await tick();
    }
    expect(log).toEqual(want);
    for (const c of running.values()) c.release();
    await tick();
    await Promise.all([...running.values()].map((c) => c.done));
    expect(gate.inUse).toBe(0);
  });

  it("frees the bytes when the call throws", async () => {
    const gate = new ByteGate(10);
    await expect(gate.hold(8, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.inUse).toBe(0);
    expect(await gate.hold(10, async () => gate.inUse)).toBe(10);
  });
});
