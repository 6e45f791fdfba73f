import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { curveMembers, passCurves, passHatSeries } from "./curves";

/** pass@j and pass^j by enumerating every j-subset of n attempts, c of which pass. */
function bruteForce(n: number, c: number, j: number): { at: number; hat: number } {
  let subsets = 0;
  let any = 0;
  let all = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    let size = 0;
    let passes = 0;
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) {
        size += 1;
        if (i < c) passes += 1;
      }
    }
    if (size !== j) continue;
    subsets += 1;
    if (passes > 0) any += 1;
    if (passes === j) all += 1;
  }
  return { at: any / subsets, hat: all / subsets };
}

/** C(m, j)/C(n, j) exactly, in BigInt. */
function exactRatio(m: number, n: number, j: number): number {
  let num = 1n;
  let den = 1n;
  for (let i = 0; i < j; i++) {
    num *= BigInt(Math.max(0, m - i));
    den *= BigInt(n - i);
  }
  // Scale so the quotient keeps ~20 significant digits however small the ratio is.
  const shift = den.toString().length - num.toString().length + 20;
  return Number((num * 10n ** BigInt(shift)) / den) / 10 ** shift;
}

describe("passCurves", () => {
  it("gives 90% and 30% for n = 5, c = 3, j = 2 (the seed's example)", () => {
    const row = passCurves([{ n: 5, c: 3 }])[1]!;
    expect(row.j).toBe(2);
    expect(row.pass_at_j).toBeCloseTo(0.9, 14);
    expect(row.pass_hat_j).toBeCloseTo(0.3, 14);
    expect(row.members).toBe(1);
  });

  it("differs from plugging the success rate into 1 − (1 − p)^j and p^j", () => {
    const row = passCurves([{ n: 5, c: 3 }])[1]!;
    expect(row.pass_at_j).not.toBeCloseTo(1 - 0.4 ** 2, 3);
    expect(row.pass_hat_j).not.toBeCloseTo(0.6 ** 2, 3);
  });

  it("averages with equal member weight and, for each j, only over members with n ≥ j", () => {
    expect(passCurves([{ n: 2, c: 1 }, { n: 4, c: 4 }, { n: 0, c: 0 }])).toEqual([
      { j: 1, pass_at_j: (0.5 + 1) / 2, pass_hat_j: (0.5 + 1) / 2, members: 2 },
      { j: 2, pass_at_j: (1 + 1) / 2, pass_hat_j: (0 + 1) / 2, members: 2 },
      { j: 3, pass_at_j: 1, pass_hat_j: 1, members: 1 },
      { j: 4, pass_at_j: 1, pass_hat_j: 1, members: 1 },
    ]);
  });

  it("is empty with no attempts", () => {
    expect(passCurves([])).toEqual([]);
    expect(passCurves([{ n: 0, c: 0 }])).toEqual([]);
  });

  it("matches subset enumeration for every n ≤ 8, c and j", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        ([n, c]) => {
          for (const row of passCurves([{ n, c }])) {
            const ref = bruteForce(n, c, row.j);
            expect(row.pass_at_j).toBeCloseTo(ref.at, 12);
            expect(row.pass_hat_j).toBeCloseTo(ref.hat, 12);
          }
        },
      ),
    );
  });

  it("stays exact for n in the thousands", () => {
    const rows = passCurves([{ n: 1000, c: 300 }]);
    expect(rows).toHaveLength(1000);
    for (const j of [1, 10, 37, 200]) {
      const row = rows[j - 1]!;
      const hat = exactRatio(300, 1000, j);
      const fail = exactRatio(700, 1000, j);
      expect(Math.abs(row.pass_hat_j - hat)).toBeLessThanOrEqual(1e-12 * Math.max(hat, 1e-300));
      expect(row.pass_at_j).toBeCloseTo(1 - fail, 12);
    }
    expect(rows[999]).toEqual({ j: 1000, pass_at_j: 1, pass_hat_j: 0, members: 1 });
    expect(passCurves([{ n: 1000, c: 1 }])[0]!.pass_at_j).toBeCloseTo(0.001, 15);
  });

  it.each([
    [{ n: 3, c: 4 }],
    [{ n: -1, c: 0 }],
    [{ n: 2.5, c: 1 }],
  ])("rejects %o", (member) => {
    expect(() => passCurves([member])).toThrow(RangeError);
  });
});

describe("curveMembers", () => {
  const opts = { k: 3, total_members: 3 } as const;
  const summaries = [
    { member: "A", scored: 3, sum: 2, binary: true, unit: true, invalid: 0 },
    { member: "B", scored: 1, sum: 1, binary: true, unit: true, invalid: 2 },
  ];

  it("uses each member's scored attempts under unknown", () => {
    expect(curveMembers(summaries, { ...opts, missing_policy: "unknown" })).toEqual([
      { n: 3, c: 2 },
      { n: 1, c: 1 },
    ]);
  });

  it("gives every selected member k attempts, missing ones failing, under as_failure", () => {
    expect(curveMembers(summaries, { ...opts, missing_policy: "as_failure" })).toEqual([
      { n: 3, c: 2 },
      { n: 3, c: 1 },
      { n: 3, c: 0 },
    ]);
  });

  it("is null for nonbinary rewards or when nothing is scored", () => {
    expect(curveMembers([{ ...summaries[0]!, sum: 1.5, binary: false }], { ...opts, missing_policy: "unknown" })).toBeNull();
    expect(curveMembers([{ member: "A", scored: 0, sum: 0, binary: true, unit: true, invalid: 3 }], { ...opts, missing_policy: "as_failure" })).toBeNull();
  });
});

describe("passHatSeries", () => {
  it("is the curve's pass^j for j = 1..k (n = 5, c = 3: 60%, 30%, 10%, 0, 0)", () => {
    const series = passHatSeries([{ member: "T", scored: 5, sum: 3, binary: true, unit: true, invalid: 0 }], { k: 5, missing_policy: "unknown", total_members: 1 });
    expect(series).toHaveLength(5);
    [0.6, 0.3, 0.1, 0, 0].forEach((v, i) => expect(series![i]).toBeCloseTo(v, 14));
  });

  it("is null where the curve is: a reward not 0 or 1", () => {
    expect(passHatSeries([{ member: "T", scored: 2, sum: 1, binary: false, unit: true, invalid: 0 }], { k: 2, missing_policy: "unknown", total_members: 1 })).toBeNull();
  });
});
