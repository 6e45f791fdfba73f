// The CLI's concurrency: `N` pins, `MIN..MAX` is a band; the TOML's min_inflight/max_inflight say the same.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { concurrencyFlag, concurrencyOption, concurrencyText } from "./concurrency.mjs";
import { runOptionsFor, withFlags } from "./eval-config.mjs";

describe("concurrency flag", () => {
  test("reads N as pinned and MIN..MAX as a band; equal bounds pin", () => {
    assert.equal(concurrencyFlag("8", "-c"), 8);
    assert.deepEqual(concurrencyFlag("2..64", "-c"), { min: 2, max: 64 });
    assert.equal(concurrencyFlag("4..4", "-c"), 4);
    assert.equal(concurrencyFlag(undefined, "-c"), undefined);
  });

  for (const bad of ["", "x", "2-64", "2..", "..8", "64..2", "0", "0..4", "1..1001", "1.5"]) {
    test(`refuses '${bad}' naming the flag`, () => {
      assert.throws(() => concurrencyFlag(bad, "--concurrency"), /--concurrency/);
    });
  }

  test("the file's band becomes options.concurrency; -c overrides it", () => {
    const file = { source: [{ benchmark: "gsm8k" }], concurrency: { min_inflight: 2, max_inflight: 32 } };
    assert.deepEqual(runOptionsFor(file, ["bm_1"]).concurrency, { min: 2, max: 32 });
    assert.equal(runOptionsFor(withFlags(file, { concurrency: 8 }), ["bm_1"]).concurrency, 8);
    assert.deepEqual(runOptionsFor(withFlags(file, { concurrency: { min: 4, max: 16 } }), ["bm_1"]).concurrency, { min: 4, max: 16 });
    assert.equal(concurrencyOption({ max_inflight: 6 }), 6);
    assert.equal(concurrencyOption(undefined), undefined);
  });

  test("reads back as N or MIN..MAX", () => {
    assert.equal(concurrencyText(8), "8");
    assert.equal(concurrencyText({ min: 2, max: 64 }), "2..64");
  });
});
