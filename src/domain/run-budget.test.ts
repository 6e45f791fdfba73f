import { describe, expect, it } from "vitest";
import { budgetErrors, callEstimate, landedSpend, limitPassed, NO_SPEND, RunBudget, totalSpend, type Spend } from "./run-budget";
import { estimateInputTokens, estimateTextTokens } from "./token-estimate";

const s = (input_tokens: number, output_tokens: number, cost_usd = 0): Spend => ({ input_tokens, output_tokens, cost_usd });

describe("limitPassed: spent + reserved + estimate ≤ limit for every limit set", () => {
  const cases: [string, RunBudget, Spend, Spend, Spend, string | null][] = [
    ["fits exactly", { max_output_tokens: 100 }, s(0, 60), s(0, 20), s(0, 20), null],
    ["one token over", { max_output_tokens: 100 }, s(0, 60), s(0, 20), s(0, 21), "max_output_tokens"],
    ["reservations count, not only what landed", { max_output_tokens: 100 }, s(0, 0), s(0, 90), s(0, 20), "max_output_tokens"],
    ["input limit", { max_input_tokens: 10 }, s(5, 0), NO_SPEND, s(6, 0), "max_input_tokens"],
    ["cost named first when several pass", { max_cost_usd: 1, max_output_tokens: 1 }, s(0, 5, 2), NO_SPEND, s(0, 5, 1), "max_cost_usd"],
    ["float sums of a price fit an exact limit", { max_cost_usd: 0.3 }, s(0, 0, 0.1 + 0.1), NO_SPEND, s(0, 0, 0.1), null],
    ["unset limits never refuse", { max_cost_usd: 5 }, s(1e9, 1e9, 0), NO_SPEND, s(1e9, 1e9, 0), null],
  ];
  it.each(cases)("%s", (_, budget, spent, reserved, estimate, want) => {
    expect(limitPassed(budget, spent, reserved, estimate)).toBe(want);
  });
});

describe("estimates", () => {
  it("a call reserves its estimated input and its whole output ceiling, at the price", () => {
    expect(callEstimate({ input_per_mtok: 2, output_per_mtok: 10 }, 500, 1000)).toEqual({ input_tokens: 500, output_tokens: 1000, cost_usd: (500 * 2 + 1000 * 10) / 1e6 });
    expect(callEstimate(undefined, 500, 1000)).toEqual({ input_tokens: 500, output_tokens: 1000, cost_usd: 0 });
  });

  it("a landed call counts what it reported, and its estimate for what it did not", () => {
    const est = s(100, 50, 0);
    const price = { input_per_mtok: 1, output_per_mtok: 1 };
    expect(landedSpend(price, { input_tokens: 80, output_tokens: 3 }, est)).toEqual({ input_tokens: 80, output_tokens: 3, cost_usd: 83 / 1e6 });
    expect(landedSpend(price, { input_tokens: null, output_tokens: null }, est)).toEqual({ input_tokens: 100, output_tokens: 50, cost_usd: 150 / 1e6 });
  });

  it("input tokens: ⌈characters / 4⌉ over `role: content` lines, plus the tools' JSON", () => {
    expect(estimateTextTokens("")).toBe(0);
    expect(estimateTextTokens("abc")).toBe(1);
    expect(estimateTextTokens("abcdefghi")).toBe(3);
    // "system: be brief\nuser: 2+2?" is 27 characters.
    expect(estimateInputTokens([{ role: "system", content: "be brief" }, { role: "user", content: "2+2?" }])).toBe(7);
    expect(estimateInputTokens([{ role: "user", content: "hi" }], [{ name: "f" }])).toBe(2 + 4);
  });

  it("sums spends", () => {
    expect(totalSpend([s(1, 2, 0.5), s(3, 4, 0.25)])).toEqual(s(4, 6, 0.75));
  });
});

describe("the budget schema and its refusals", () => {
  it("needs at least one limit, and positive ones", () => {
    expect(RunBudget.safeParse({}).success).toBe(false);
    expect(RunBudget.safeParse({ max_cost_usd: 0 }).success).toBe(false);
    expect(RunBudget.safeParse({ max_output_tokens: 1.5 }).success).toBe(false);
    expect(RunBudget.safeParse({ max_cost: 1 }).success).toBe(false);
    expect(RunBudget.parse({ max_cost_usd: 0.5 })).toEqual({ max_cost_usd: 0.5 });
  });

  it("refuses a cost limit without a price, naming the setting, and a budget on targets whose calls Assay does not make", () => {
    const model = { kind: "model" };
    const priced = { kind: "model", price: { input_per_mtok: 1, output_per_mtok: 2 } };
    expect(budgetErrors(undefined, [model])).toEqual([]);
    expect(budgetErrors({ max_output_tokens: 10 }, [model])).toEqual([]);
    expect(budgetErrors({ max_cost_usd: 1 }, [priced, null])).toEqual([]);
    expect(budgetErrors({ max_cost_usd: 1 }, [priced, model])).toEqual([
      { field: "options.budget.max_cost_usd", message: "no price known for compare_target's model: set compare_target.price (input_per_mtok, output_per_mtok) or use a token limit" },
    ]);
    expect(budgetErrors({ max_output_tokens: 10 }, [model], true)).toEqual([
      { field: "options.budget", message: "a budget is checked before each call, and options.batch submits the calls at once: use one or the other" },
    ]);
    expect(budgetErrors({ max_input_tokens: 1 }, [{ kind: "outputs" }])).toEqual([
      { field: "options.budget", message: "a budget limits model calls; target is of kind 'outputs', whose calls are not made by Assay" },
    ]);
  });
});
