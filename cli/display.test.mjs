// The CLI formats numbers with a generated copy of src/metrics/display.ts
// (cli/generate-display.mjs): the copy must be current, and must print what
// the TypeScript prints.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { importTs } from "../scripts/lib/import-ts.mjs";
import * as copy from "./display.mjs";
import { generate, OUTPUT_FILE } from "./generate-display.mjs";

test("cli/display.mjs is what generate-display.mjs makes of src/metrics/display.ts (run `node cli/generate-display.mjs`)", () => {
  assert.equal(readFileSync(OUTPUT_FILE, "utf8"), generate());
});

test("the generated copy prints what src/metrics/display.ts prints", async () => {
  const ts = await importTs(new URL("../src/metrics/display.ts", import.meta.url).href);
  assert.deepEqual(Object.keys(copy).sort(), Object.keys(ts).sort());
  const values = [0, 1, 0.6, 2 / 3, 0.99999, 0.000001, 1e-7, 12, -0.25, 1234.5678, 0.5];
  for (const v of values) {
    assert.equal(copy.formatPercent(v), ts.formatPercent(v));
    assert.equal(copy.formatPlain(v), ts.formatPlain(v));
    assert.equal(copy.formatScore(v), ts.formatScore(v));
    assert.equal(copy.formatP(Math.abs(v) / 2), ts.formatP(Math.abs(v) / 2));
    for (const n of [20, null]) {
      assert.equal(copy.formatWithInterval(v, [v / 2, v], n), ts.formatWithInterval(v, [v / 2, v], n));
      assert.equal(copy.formatWithInterval(v, null, n), ts.formatWithInterval(v, null, n));
    }
    assert.equal(copy.formatDelta(v, [v - 0.1, v + 0.1], 0.01, true), ts.formatDelta(v, [v - 0.1, v + 0.1], 0.01, true));
    assert.equal(copy.formatDelta(v, null, null, false), ts.formatDelta(v, null, null, false));
  }
  const counts = { total: 6, scored: 5, total_members: 3, complete_members: 2 };
  for (const policy of ["unknown", "as_failure"]) assert.equal(copy.coverageSentence(0.6, counts, policy), ts.coverageSentence(0.6, counts, policy));
  assert.equal(copy.formatScore(null), null);
});
