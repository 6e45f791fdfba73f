/**
 * Scorer `grid_match`: ARC-AGI's rule. A test input is solved only by an
 * exact match of the predicted output grid, its dimensions and every cell
 * (fchollet/ARC-AGI's README; the ARC Prize scores the same way). The
 * prediction is the last grid in the reply: the last block of consecutive
 * lines that each hold one row of digits 0–9 (space- or comma-separated,
 * or run together, optionally in [ ] brackets) with all rows the same
 * width, or a JSON list of lists on one line, whichever ends later. A reply
 * with no grid is a failure (reward 0). The expected grid is the row's
 * answer as JSON ([[0, 7], [7, 0]]) or in the same text form.
 *
 * Differences: the ARC Prize lets a submission give 2 attempts per test
 * input and counts one right attempt (pass@2); here each attempt is scored
 * on its own and a run with `attempts: 2` reports pass@2 as pass@k. Upstream
 * harnesses read a JSON answer; reading the last text grid is ours, so a
 * model that writes its reasoning grids after its answer is read wrongly.
 * Pure, no I/O.
 */
import type { ScoreInputOf, ScoreResult } from "./types";

export type Grid = number[][];

/** The largest grid ARC uses is 30×30; anything larger is not a grid here. */
const MAX_SIDE = 30;

/** A grid as the prompt shows it: one row per line, cells as digits separated by spaces. */
export function renderGrid(grid: Grid): string {
  return grid.map((row) => row.join(" ")).join("\n");
}

/** Whether a value is a rectangular grid of digits 0–9 within ARC's 30×30. */
export function isGrid(v: unknown): v is Grid {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_SIDE) return false;
  const width = Array.isArray(v[0]) ? v[0].length : 0;
  if (width === 0 || width > MAX_SIDE) return false;
  return v.every((row) => Array.isArray(row) && row.length === width && row.every((c) => Number.isInteger(c) && c >= 0 && c <= 9));
}

/** One line as a grid row: "0 7 7", "0,7,7", "[0, 7, 7],", "077"; null when it is not one. */
function rowOf(line: string): number[] | null {
  const s = line.trim().replace(/^[[(|]\s*/, "").replace(/\s*[\])|]?\s*,?$/, "");
  if (/^\d(?:\s*[ ,]\s*\d)*$/.test(s)) return s.split(/[\s,]+/).map(Number);
  if (/^\d+$/.test(s)) return [...s].map(Number);
  return null;
}

const JSON_GRID = /\[\s*\[[\d\s,[\]]*\]\s*\]/g;

/** The last JSON list of lists within one line ("Answer: [[0, 7], [7, 0]]."), or null. */
function jsonGrid(line: string): Grid | null {
  let found: Grid | null = null;
  for (const m of line.matchAll(JSON_GRID)) {
    try {
      const v: unknown = JSON.parse(m[0]);
      if (isGrid(v)) found = v;
    } catch {
      // brackets that are not JSON: not a grid
    }
  }
  return found;
}

/** The last grid a text holds (see the header), or null. */
export function lastGrid(text: string): Grid | null {
  const lines = text.split(/\r?\n/);
  let found: Grid | null = null;
  let block: number[][] = [];
  const close = () => {
    if (block.length > 0 && isGrid(block)) found = block;
    block = [];
  };
  for (const line of lines) {
    const json = jsonGrid(line);
    if (json) {
      close();
      found = json;
      continue;
    }
    const row = rowOf(line);
    if (row) {
      // A row of another width starts a new block (two grids written back to back).
      if (block.length > 0 && block[0]!.length !== row.length) close();
      block.push(row);
    } else close();
  }
  close();
  return found;
}

/** The expected grid: JSON, or text in the rendered form. */
function expectedGrid(expected: string): Grid | null {
  try {
    const v: unknown = JSON.parse(expected);
    if (isGrid(v)) return v;
  } catch {
    // not JSON: the text form
  }
  return lastGrid(expected);
}

const dims = (g: Grid) => `${g.length}×${g[0]!.length}`;

export function scoreGridMatch({ output, expected }: ScoreInputOf<"grid_match">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no expected grid" };
  const want = expectedGrid(expected);
  if (want === null) return { reward: null, reason: "the expected answer is not a grid" };
  const got = lastGrid(output);
  if (got === null) return { reward: 0, reason: "no grid in the reply" };
  if (got.length !== want.length || got[0]!.length !== want[0]!.length) return { reward: 0, reason: `the grid is ${dims(got)}, expected ${dims(want)}` };
  let wrong = 0;
  for (let r = 0; r < want.length; r++) for (let c = 0; c < want[0]!.length; c++) if (got[r]![c] !== want[r]![c]) wrong++;
  return wrong === 0
    ? { reward: 1, reason: `the ${dims(want)} grid matches exactly` }
    : { reward: 0, reason: `${wrong} of ${want.length * want[0]!.length} cells differ` };
}
