/**
 * The gate's budget ledger on its own: reservations bound what calls in
 * flight may spend, an ended call holds its true figure, a landing counts
 * once, and exhaustion is final until a reset.
 */
import { describe, expect, it } from "vitest";
import { BudgetLedger } from "./budget";

/** Just enough of DurableObjectStorage for the ledger: a Map. */
function memoryStorage() {
  const m = new Map<string, unknown>();
  return {
    m,
    async get(keys: string[]) {
      return new Map(keys.filter((k) => m.has(k)).map((k) => [k, m.get(k)]));
    },
    put(a: string | Record<string, unknown>, b?: unknown) {
      if (typeof a === "string") m.set(a, b);
      else for (const [k, v] of Object.entries(a)) m.set(k, v);
      return Promise.resolve();
    },
    async delete(k: string) {
      return m.delete(k);
    },
  } as unknown as DurableObjectStorage & { m: Map<string, unknown> };
}

const est = (output_tokens: number, input_tokens = 0) => ({ input_tokens, output_tokens, cost_usd: 0 });
const used = (attempt: string, output_tokens: number) => ({ attempt, input_tokens: 0, output_tokens, cost_usd: 0 });

describe("BudgetLedger", () => {
  it("admits calls while spent + reserved + estimate fits; the first refusal exhausts it, and it ends when the last call lands", async () => {
    const l = new BudgetLedger(memoryStorage());
    const budget = { max_output_tokens: 50 };
    // Twenty callers at once, each reserving 16: exactly three fit (48 ≤ 50).
    const verdicts = Array.from({ length: 20 }, (_, i) => l.reserve(`a${i}`, est(16), budget));
    expect(verdicts.filter((v) => v.admitted).length).toBe(3);
    expect(verdicts[3]).toMatchObject({ admitted: false, exhausted_by: "max_output_tokens", finish: false });
    // Exhausted for good: a call that would fit now (after the others land low) is still refused.
    l.ended(used("a0", 2));
    expect(l.reserve("late", est(1), budget).admitted).toBe(false);
    expect(await l.land([used("a0", 2), used("a1", 3)])).toMatchObject({ finish: false, spent: { output_tokens: 5 } });
    expect(await l.land([used("a2", 4)])).toMatchObject({ finish: true, spent: { output_tokens: 9 } });
  });

  it("an ended call holds what it spent, not its estimate, until it lands", async () => {
    const l = new BudgetLedger(memoryStorage());
    const budget = { max_output_tokens: 30 };
    expect(l.reserve("a", est(16), budget).admitted).toBe(true);
    expect(l.reserve("b", est(16), budget).admitted).toBe(false);
    const l2 = new BudgetLedger(memoryStorage());
    expect(l2.reserve("a", est(16), budget).admitted).toBe(true);
    l2.ended(used("a", 3));
    expect(l2.reserve("b", est(16), budget).admitted).toBe(true);
    expect(l2.state()).toMatchObject({ reserved: { output_tokens: 19 }, in_flight: 2 });
  });

  it("counts a figure the endpoint did not report at its estimate; a retry in place replaces its own reservation", async () => {
    const l = new BudgetLedger(memoryStorage());
    const budget = { max_input_tokens: 100 };
    expect(l.reserve("a", est(0, 60), budget).admitted).toBe(true);
    expect(l.reserve("a", est(0, 60), budget).admitted).toBe(true);
    expect(l.state().in_flight).toBe(1);
    expect(await l.land([{ attempt: "a", input_tokens: null, output_tokens: null, cost_usd: null }])).toMatchObject({ spent: { input_tokens: 60 } });
  });

  it("drops reservations of released or expired claims; a reset starts over, persisted figures survive a reload", async () => {
    const storage = memoryStorage();
    const l = new BudgetLedger(storage);
    const budget = { max_output_tokens: 20 };
    l.reserve("a", est(10), budget);
    l.reserve("b", est(10), budget);
    l.drop(["a"]);
    l.keep((id) => id !== "b");
    expect(l.state().in_flight).toBe(0);
    await l.land([used("x", 15)]);
    expect(l.reserve("c", est(10), budget).admitted).toBe(false);
    const reloaded = new BudgetLedger(storage);
    await reloaded.load();
    expect(reloaded.state()).toMatchObject({ exhausted_by: "max_output_tokens", spent: { output_tokens: 15 }, finish: true });
    await reloaded.reset({ input_tokens: 0, output_tokens: 5, cost_usd: 0 });
    expect(reloaded.reserve("d", est(10), budget)).toMatchObject({ admitted: true, exhausted_by: null });
  });
});
