// No module in src/ or workers/ reaches itself through its imports (type
// imports count: they couple modules as much as value imports do). A cycle
// is how the Durable Objects, the queue and Env once grew into one 24-file
// knot; the failure names the loop so it can be cut where it is.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { cyclePath, cycles, importGraph, importSpecifiers, sourceFiles } from "../../scripts/lib/import-graph.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

test("src/ and workers/ have no import cycle", () => {
  const graph = importGraph(ROOT, sourceFiles(ROOT, ["src", "workers"]));
  assert.ok(graph.size > 200, `the graph covers the sources (${graph.size} modules)`);
  const loops = cycles(graph).map((c) => `${c.length} modules: ${cyclePath(graph, c)}`);
  assert.deepEqual(loops, []);
});

test("the cycle finder sees type imports, re-exports and multi-line imports, and ignores comments", () => {
  const specs = importSpecifiers(`
    import type { A } from "./a";
    import {
      b,
      type C,
    } from "../b";
    export { d } from "./d";
    export * from "./e";
    import "./side-effect";
    // import { x } from "./commented";
    /* import { y } from "./block-commented"; */
    import { z } from "zod";
    const s = "from './not-an-import'";
  `);
  assert.deepEqual(specs, ["./a", "../b", "./d", "./e", "./side-effect"]);
});

test("the cycle finder reports a loop and its path, and nothing for a tree", () => {
  const loop = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts", "d.ts"]],
    ["d.ts", []],
  ]);
  assert.deepEqual(cycles(loop), [["a.ts", "b.ts", "c.ts"]]);
  assert.equal(cyclePath(loop, ["a.ts", "b.ts", "c.ts"]), "a.ts → b.ts → c.ts → a.ts");
  assert.deepEqual(cycles(new Map([["self.ts", ["self.ts"]]])), [["self.ts"]]);
  assert.deepEqual(cycles(new Map([["a.ts", ["b.ts", "c.ts"]], ["b.ts", ["c.ts"]], ["c.ts", []]])), []);
});
