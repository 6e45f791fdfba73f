/**
 * SuperGPQA's file for the test mirror: SuperGPQA-all.jsonl's layout (uuid,
 * question, options, answer, answer_letter, discipline, field, subfield,
 * difficulty, is_calculation) for twelve made-up questions with 4 to 10
 * options across three disciplines. The real file is not in ../shared (it is
 * pinned by URL only), so this is served with and without it. Test data only.
 */
import type { MiniFile } from "../../../../test/mini-datasets";

const LETTERS = "ABCDEFGHIJ";
const DISCIPLINES: [string, string, string][] = [
  ["Science", "Physics", "Thermodynamics"],
  ["Engineering", "Materials Science and Engineering", "Metallurgy"],
  ["Agronomy", "Crop Science", "Soil Science"],
];
const DIFFICULTIES = ["easy", "middle", "hard"];

export const MINI_SUPERGPQA_ROWS = 12;

export function miniFiles(): MiniFile[] {
  const lines = Array.from({ length: MINI_SUPERGPQA_ROWS }, (_, i) => {
    const n = 4 + (i % 7);
    const options = Array.from({ length: n }, (_, j) => `${(i + 2) * (j + 3)} units of measure ${j}`);
    const right = (i * 5 + 3) % n;
    const [discipline, field, subfield] = DISCIPLINES[i % 3]!;
    return JSON.stringify({
      uuid: `0000${i.toString(16).padStart(4, "0")}-made-up-supergpqa-row`,
      question: `In made-up exercise ${i + 1}, a sample of ${i + 2} kg is scaled by ${right + 3}. How many units does it hold?`,
      options,
      answer: options[right],
      answer_letter: LETTERS[right],
      discipline,
      field,
      subfield,
      difficulty: DIFFICULTIES[i % 3],
      is_calculation: i % 2 === 0,
    });
  });
  return [{ path: "supergpqa/SuperGPQA-all.jsonl", text: lines.join("\n") + "\n", gzip: false }];
}

/** The same file beside ../shared, which holds no copy of SuperGPQA (its data is pinned by URL only). */
export async function sharedFiles(): Promise<MiniFile[]> {
  return miniFiles();
}
