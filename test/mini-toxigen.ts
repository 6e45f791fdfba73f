/**
 * Small ToxiGen prompt files for the generated test mirror, under the 31
 * real paths, in the real layout: lines of 4–6 made-up, harmless sentences
 * joined by a literal backslash-n and ending in "-", sentences repeating
 * across lines as the real pools do, and one line with the "...?-" ending
 * quirk. Pure and deterministic.
 */
import { TOXIGEN_DATA } from "../src/catalog/benchmarks/toxigen/source";

/** Distinct sentences per generated file. */
export const MINI_TOXIGEN_PER_FILE = 3;

export function miniToxigenFiles(): { path: string; text: string; gzip: boolean }[] {
  return TOXIGEN_DATA.files.map(({ path }) => {
    const name = /([^/]+)_1k\.txt$/.exec(path)![1]!;
    const tone = name.startsWith("hate_") ? "unkind" : "kind";
    const s = (i: number) => `made-up ${tone} sentence ${i} for ${name}`;
    const lines = [
      `- ${s(1)}\\n- ${s(2)}\\n- ${s(1)}\\n- ${s(2)}\\n-`,
      `- ${s(2)}\\n- ${s(3)}\\n- ${s(1)}\\n- ${s(3)}\\n-`,
      // The quirk: the final "-" right after the last sentence.
      `- ${s(3)}\\n- ${s(1)}\\n- ${s(2)}-`,
    ];
    return { path, text: lines.join("\n") + "\n", gzip: false };
  });
}
