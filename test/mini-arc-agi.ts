/**
 * A small ARC-AGI evaluation set for the generated test mirror (served as
 * both ARC-AGI-1's and ARC-AGI-2's): task files
 * in the real layout ({"train": [...], "test": [...]}, one with an extra
 * "name" key and one with two test inputs), made-up puzzles (recolour,
 * flip, transpose) on small grids. Pure and deterministic.
 */
type Grid = number[][];

const flip = (g: Grid) => g.map((r) => [...r].reverse());
const transpose = (g: Grid) => g[0]!.map((_, c) => g.map((r) => r[c]!));
const recolour = (g: Grid) => g.map((r) => r.map((v) => (v === 1 ? 2 : v)));

function grid(seed: number, h: number, w: number): Grid {
  return Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => (seed * 7 + r * 3 + c * 5) % 4));
}

const RULES: [string, (g: Grid) => Grid][] = [
  ["a0000001", recolour],
  ["a0000002", flip],
  ["a0000003", transpose],
  ["a0000004", (g) => flip(transpose(g))],
  ["a0000005", recolour],
];

/** Task ids of the mini set, in file-name order, and how many test inputs each has. */
export const MINI_ARC_AGI_TASKS: { id: string; tests: number }[] = RULES.map(([id], i) => ({ id, tests: i === 2 ? 2 : 1 }));

/** The generated tasks under both sets' mirror folders (ARC-AGI-2's with its own ids). */
export function miniArcAgiFiles(): { path: string; text: string; gzip: boolean }[] {
  return [...miniArcAgiSet("arc_agi", ""), ...miniArcAgiSet("arc_agi_2", "b")];
}

/** ARC-AGI-2's generated task id for the mini set's `id` (same puzzles, another folder). */
export const miniArcAgi2Id = (id: string) => `b${id.slice(1)}`;

function miniArcAgiSet(folder: string, prefix: string): { path: string; text: string; gzip: boolean }[] {
  return RULES.map(([baseId, rule], i) => {
    const id = prefix ? miniArcAgi2Id(baseId) : baseId;
    const pair = (seed: number, h: number, w: number) => {
      const input = grid(seed, h, w);
      return { input, output: rule(input) };
    };
    const task: Record<string, unknown> = {
      train: [pair(i + 1, 2, 3), pair(i + 2, 3, 3), pair(i + 3, 3, 2)],
      test: Array.from({ length: MINI_ARC_AGI_TASKS[i]!.tests }, (_, t) => pair(i + 10 + t, 3, 4)),
    };
    if (i === 1) task.name = id;
    return { path: `${folder}/evaluation/${id}.json`, text: JSON.stringify(task), gzip: false };
  });
}
