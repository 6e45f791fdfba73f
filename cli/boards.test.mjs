// The leaderboard as the CLI prints it: each board titled by its benchmark's
// name with counts in words ("1 entry"), numbers right-aligned under their
// headers, and the tie rule a line apart from the last row.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { benchmarkNames, boardHeading, printBoards } from "./commands/boards.mjs";
import { printTable } from "./output.mjs";

const capture = () => {
  let out = "";
  return { io: { out: { write: (s) => void (out += s) }, err: { write() {} } }, text: () => out };
};

const entry = (rank, model, score, scored) => ({ rank, model, score, scored, missing: 0, composite: null, display: { score: `${score * 100}%` }, run_id: `run_${rank}`, target: "target", run_status: "completed", submitted_at: "2026-12-01T10:00:00.000Z" });
const board = (id, benchmark, rows) => ({ id, benchmark_id: benchmark, scoring: { type: "regex" }, runner: null, k: 2, missing_policy: "unknown", task_count: rows.length ? 50 : 1, dataset_digest: "574a2df144ae55995af6", entry_count: rows.length, rows });

describe("leaderboard output", () => {
  test("a board is titled by its benchmark's name, its counts in words", () => {
    assert.equal(boardHeading(board("lb_1", "bm_1", [entry(1, "m", 0.8, 100)]), "GSM8K"), "GSM8K · 50 tasks · k = 2 · regex · missing unknown · dataset 574a2df144ae · 1 entry (board lb_1)");
    assert.match(boardHeading(board("lb_2", "bm_2", [entry(1, "a", 1, 9), entry(2, "b", 0.5, 9)]), "MMLU"), / · 2 entries \(board lb_2\)$/);
    assert.match(boardHeading({ ...board("lb_3", "bm_3", []), task_count: 1 }, "One"), /^One · 1 task · /);
  });

  test("numbers right-aligned under their headers; the tie rule after a blank line", () => {
    const { io, text } = capture();
    const page = { items: [board("lb_1", "bm_1", [entry(1, "fixture model", 0.8, 100), entry(10, "another fixture model", 0.68, 9)])], tie_break: "score descending", next_cursor: null };
    printBoards(io, page, new Map([["bm_1", "demo-math@1"]]));
    const lines = text().split("\n");
    assert.match(lines[0], /^demo-math@1 · /);
    const [head, first, second] = lines.slice(1, 4);
    // RANK, SCORE, SCORED end where their values end.
    for (const h of ["RANK", "SCORE", "SCORED"]) {
      const end = head.indexOf(h) + h.length;
      for (const row of [first, second]) assert.match(row.slice(0, end), /\d%?$/, `${h} in "${row}"`);
    }
    assert.equal(first.slice(0, 4), "   1");
    assert.equal(second.slice(0, 4), "  10");
    assert.deepEqual(lines.slice(4), ["", "ties: score descending", ""]);
  });

  test("an unknown benchmark keeps its id; names are read once per benchmark", async () => {
    const asked = [];
    const client = { json: async (op, { params }) => (asked.push(params.id), params.id === "bm_gone" ? Promise.reject(new Error("404")) : { name: `name of ${params.id}` }) };
    const names = await benchmarkNames(client, ["bm_1", "bm_gone", "bm_1"]);
    assert.deepEqual([...names], [["bm_1", "name of bm_1"], ["bm_gone", "bm_gone"]]);
    assert.deepEqual(asked, ["bm_1", "bm_gone"]);
  });

  test("printTable leaves columns not named right-aligned as they were", () => {
    const { io, text } = capture();
    printTable(io, ["name", "n"], [["a", 5], ["bbb", 123]], { right: ["n"] });
    assert.equal(text(), "NAME    N\na       5\nbbb   123\n");
  });
});
