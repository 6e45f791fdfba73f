/**
 * Small MMLU-Pro and HellaSwag files for the generated test mirror, in the
 * real formats: MMLU-Pro as Hugging Face's two Parquet files (the same
 * columns and types; 3 to 10 options, validation rows padded with "N/A",
 * five worked examples per category, and one row whose answer_index
 * disagrees with its answer, like test question 3983), HellaSwag as the
 * six-lines-per-item text copy, bzip2-compressed (with a repeated context,
 * as the real file has 22). Every question is made up. Pure and
 * deterministic.
 */
import { parquetWriteBuffer } from "hyparquet-writer";
import { bzip2 } from "./bzip2-encode";

const LETTERS = "ABCDEFGHIJ";

/** Categories of the mini MMLU-Pro and test rows per category. */
export const MINI_MMLU_PRO = { categories: ["math", "law", "history"], testPerCategory: 8, validationPerCategory: 5 } as const;
/** HellaSwag items in the mini file. */
export const MINI_HELLASWAG_ITEMS = 24;
/** The test question_id whose answer_index disagrees with its answer. */
export const MINI_MMLU_PRO_QUIRK_ID = 103;

interface MmluProRecord {
  question_id: bigint;
  question: string;
  options: string[];
  answer: string;
  answer_index: bigint;
  cot_content: string;
  category: string;
  src: string;
}

function mmluProRecords(split: "test" | "validation"): MmluProRecord[] {
  const out: MmluProRecord[] = [];
  const per = split === "test" ? MINI_MMLU_PRO.testPerCategory : MINI_MMLU_PRO.validationPerCategory;
  let id = split === "test" ? 100 : 0;
  MINI_MMLU_PRO.categories.forEach((category, c) => {
    for (let i = 0; i < per; i++, id++) {
      const count = split === "test" ? 3 + ((i * 3 + c) % 8) : 10;
      const real = split === "test" ? count : 6 + ((i + c) % 5);
      const answer = (i * 7 + c * 3) % real;
      const options = Array.from({ length: count }, (_, j) => (j < real ? `Made-up ${category} option ${LETTERS[j]} for question ${id}` : "N/A"));
      const letter = LETTERS[answer]!;
      out.push({
        question_id: BigInt(id),
        question: `Made-up ${category} ${split} question ${id}: which of the following options is the marked one?`,
        options,
        answer: letter,
        answer_index: BigInt(id === MINI_MMLU_PRO_QUIRK_ID ? (answer + 1) % real : answer),
        cot_content: split === "validation" ? `A: Let's think step by step. Option ${letter} is the marked one for question ${id}. The answer is (${letter}).` : "",
        category,
        src: `made-up-${category}`,
      });
    }
  });
  return out;
}

function mmluProParquet(split: "test" | "validation"): Uint8Array {
  const records = mmluProRecords(split);
  const column = <K extends keyof MmluProRecord>(name: K) => records.map((r) => r[name]);
  return new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: "question_id", data: column("question_id"), type: "INT64" },
        { name: "question", data: column("question"), type: "STRING" },
        { name: "options", data: column("options") },
        { name: "answer", data: column("answer"), type: "STRING" },
        { name: "answer_index", data: column("answer_index"), type: "INT64" },
        { name: "cot_content", data: column("cot_content"), type: "STRING" },
        { name: "category", data: column("category"), type: "STRING" },
        { name: "src", data: column("src"), type: "STRING" },
      ],
    }),
  );
}

function hellaswagText(): string {
  const labels = ["Roof shingle removal", "Making a sandwich", "Home and Garden", "Playing the harmonica"];
  const lines: string[] = [];
  for (let k = 0; k < MINI_HELLASWAG_ITEMS; k++) {
    // Items 5 and 6 share a context with different endings, as 22 real pairs do.
    const n = k === 6 ? 5 : k;
    const label = labels[n % labels.length]!;
    const gold = (k * 5 + 1) % 4;
    lines.push(`${label}: A person begins made-up activity number ${n}. they`, String(gold));
    for (let j = 0; j < 4; j++) lines.push(j === gold ? `finish activity ${k} the sensible way, ending ${j}.` : `do something odd with item ${k}, ending ${j}.`);
  }
  return lines.join("\n") + "\n";
}

/** The three generated files under the paths of the MMLU-Pro and HellaSwag pinned sources (src/catalog/benchmarks/{mmlu_pro,hellaswag}/source.ts). */
export function miniMultipleChoiceFiles(): { path: string; text: string; gzip: boolean; bytes: Uint8Array }[] {
  return [
    { path: "mmlu_pro/data/test-00000-of-00001.parquet", text: "", gzip: false, bytes: mmluProParquet("test") },
    { path: "mmlu_pro/data/validation-00000-of-00001.parquet", text: "", gzip: false, bytes: mmluProParquet("validation") },
    { path: "hellaswag/hellaswag_val_full.txt.bz2", text: "", gzip: false, bytes: bzip2(new TextEncoder().encode(hellaswagText())) },
  ];
}
