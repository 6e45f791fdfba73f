import { describe, expect, it } from "vitest";
import { mulberry32, resampledMeans } from "./random";

/** The resampling as written over the closure: what resampledMeans must equal draw for draw. */
function naive(values: number[], resamples: number, seed: number): number[] {
  const rand = mulberry32(seed);
  const out: number[] = [];
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    for (let i = 0; i < values.length; i++) s += values[Math.floor(rand() * values.length)]!;
    out.push(s / values.length);
  }
  return out;
}

describe("resampledMeans", () => {
  it("equals resampling through mulberry32's closure exactly, whatever the seed, size and values", () => {
    const cases: [number[], number, number][] = [
      [[1, 0, -1, 0.5], 50, 0],
      [Array.from({ length: 257 }, (_, i) => ((i * 37) % 11) / 7 - 0.6), 40, 12345],
      [[0.3], 5, 2 ** 32 - 1],
      [Array.from({ length: 1000 }, (_, i) => (i % 3) - 1), 20, 987654321],
    ];
    for (const [values, resamples, seed] of cases) expect([...resampledMeans(values, resamples, seed)]).toEqual(naive(values, resamples, seed));
  });
});
