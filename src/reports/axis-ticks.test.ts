import { describe, expect, it } from "vitest";
import { niceTicks } from "./axis-ticks";

describe("niceTicks", () => {
  it("steps of 1, 2, 2.5 or 5 × 10ⁿ, about four intervals, the maximum a whole step", () => {
    const cases: [number, { integer?: boolean }, number[]][] = [
      [1, { integer: true }, [0, 1]],
      [3, { integer: true }, [0, 1, 2, 3]],
      [7, { integer: true }, [0, 2, 4, 6, 8]],
      [10, { integer: true }, [0, 5, 10]],
      [37, { integer: true }, [0, 10, 20, 30, 40]],
      [612, { integer: true }, [0, 200, 400, 600, 800]],
      [100, {}, [0, 25, 50, 75, 100]],
      [0.3, {}, [0, 0.1, 0.2, 0.3]],
      [0.06, {}, [0, 0.02, 0.04, 0.06]],
      [1, {}, [0, 0.25, 0.5, 0.75, 1]],
    ];
    for (const [max, opts, values] of cases) expect(niceTicks(max, opts).values, `${max} ${JSON.stringify(opts)}`).toEqual(values);
  });

  it("no data is one step from 0, never a row of equal ticks", () => {
    expect(niceTicks(0, { integer: true })).toEqual({ max: 1, step: 1, values: [0, 1] });
    expect(niceTicks(Number.NaN).values).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // Small counts: whole steps only, so labels rounded to integers stay distinct.
    for (const max of [0.2, 0.5, 1, 1.5, 2, 4]) {
      const t = niceTicks(max, { integer: true });
      expect(t.values.every(Number.isInteger), `${max}`).toBe(true);
      expect(new Set(t.values.map((v) => String(Math.round(v)))).size).toBe(t.values.length);
      expect(t.max).toBeGreaterThanOrEqual(max);
    }
  });

  it("covers the data for any maximum", () => {
    for (let i = 1; i < 400; i++) {
      const max = i ** 1.7 / 13;
      for (const integer of [true, false]) {
        const t = niceTicks(max, { integer });
        expect(t.max).toBeGreaterThanOrEqual(max);
        expect(t.values.length).toBeGreaterThanOrEqual(2);
        expect(t.values.length).toBeLessThanOrEqual(integer && max < 4 ? 5 : 6);
        expect(new Set(t.values).size).toBe(t.values.length);
      }
    }
  });
});
