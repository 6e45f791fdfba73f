// `assay import`'s pieces that need no server: the default name, the line
// setting the source's score beside Assay's, and usage errors.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { agreementLines, defaultImportName, sideBySideRow } from "./commands/import.mjs";
import { EXIT } from "./errors.mjs";
import { main } from "./main.mjs";

function io() {
  const out = [];
  const err = [];
  return { out, err, io: { out: { write: (s) => out.push(s), isTTY: false }, err: { write: (s) => err.push(s), isTTY: false } } };
}

describe("assay import", () => {
  test("a default name from the file, safe as a dataset name", () => {
    assert.equal(defaultImportName("inspect", "logs/2025-02-11T15-18-04-05-00_popularity_mj7k.eval"), "inspect-2025-02-11T15-18-04-05-00_popularity_mj7k");
    assert.equal(defaultImportName("promptfoo", "my results (1).json"), "promptfoo-my-results-1-");
  });

  test("the source's score beside Assay's: equal, differs, not stated, source verdict kept", () => {
    const b = { score: "match", source_scorer: "match", source_score: 0.8, counterpart: true, scoring: { type: "exact_match" } };
    assert.deepEqual(sideBySideRow(b, { score: 0.8, display: { score: "80.0%" } }), ["match", "match", "80%", "80%", "Assay exact_match", "equal"]);
    assert.match(sideBySideRow(b, { score: 0.7, display: { score: "70.0%" } })[5], /^differs by -10\.0 points$/);
    assert.deepEqual(sideBySideRow({ ...b, source_score: null, counterpart: false }, undefined).slice(2), ["not stated", "n/a", "source verdict kept", ""]);
  });

  test("a τ² import's agreement: the counts, each differing simulation with its components, the notes", () => {
    assert.deepEqual(agreementLines(null), []);
    const lines = agreementLines({
      simulations: 50,
      agree: 49,
      differing: [{ simulation: "s7", task: "7", trial: 0, recorded: 1, assay: 0, components: ["reward", "DB"] }],
      db: { compared: 50, agree: 49 },
      tool_results: { replayed: 581, differing: 0 },
      relabelled: [{ simulation: "s1", labelled: "0", task: "27" }],
      notes: ["NL assertions need a judge."],
    });
    assert.deepEqual(lines, [
      "agreement: 49/50 simulations reproduce the recorded reward and components; DB 49/50; tool results replayed 581, answered differently 0",
      "1 simulation(s) carry another task's id and were matched by their recorded evaluation",
      "  differs: s7 (task 7, trial 0): recorded 1, Assay 0 [reward, DB]",
      "note: NL assertions need a judge.",
    ]);
  });

  test("usage: a file is required, inspect takes one, an unreadable file is named", async () => {
    const signal = new AbortController().signal;
    const a = io();
    assert.equal(await main(["import", "inspect"], { io: a.io, env: { ASSAY_API_KEY: "k" }, signal }), EXIT.USAGE);
    const b = io();
    assert.equal(await main(["import", "inspect", "a.eval", "b.eval"], { io: b.io, env: { ASSAY_API_KEY: "k" }, signal }), EXIT.USAGE);
    const c = io();
    assert.equal(await main(["import", "promptfoo", "/nonexistent/results.json"], { io: c.io, env: { ASSAY_API_KEY: "k", ASSAY_URL: "http://127.0.0.1:9" }, signal }), EXIT.USAGE);
    assert.match(c.err.join(""), /cannot read \/nonexistent\/results\.json/);
  });
});
