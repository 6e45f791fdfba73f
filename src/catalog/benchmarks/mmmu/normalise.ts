/**
 * The MMMU loader: each subject's validation shard (Hugging Face Parquet,
 * its images as image_1..image_7 structs of bytes and path) into rows that
 * keep the source's fields (id, question with its <image N> placeholders,
 * options, answer, question_type, subfield, topic_difficulty, img_type,
 * explanation), with the subject as the subset, the images as revision
 * files in their order (image_1 first), and what the prompt needs:
 * `options_text`, the options as "(A) …" lines after a blank line as
 * MMMU's construct_prompt writes them (empty for an open question), and
 * `instruction`, its closing sentence for that question type. An open
 * question's answer may be a Python list of equally right answers
 * (validation_Math_15's "['24/7', '3.429']"); `answers` holds them as a
 * list, as answer_dict_val.json does. Deterministic; refuses a row it
 * does not expect, naming the shard and row.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { extractImage, parquetBinaryRecords, readWhole } from "../../embedded";
import { pythonStringList } from "../../python-literal";
import type { EmbeddedLoader, ExtractedImage, ExtractedRow, SourceFile } from "../../types";
import { MMMU_SUBJECTS, type MmmuSubject } from "./source";

const LETTERS = "ABCDEFGHIJ";
const IMAGE_FIELDS = ["image_1", "image_2", "image_3", "image_4", "image_5", "image_6", "image_7"] as const;

/** construct_prompt's closing sentences (configs/llava1.5.yaml). */
export const MMMU_INSTRUCTIONS = {
  "multiple-choice": "Answer with the option's letter from the given choices directly.",
  open: "Answer the question using a single word or phrase.",
} as const;

/** The options as construct_prompt lists them: a blank line, then "(A) option\n" per option. */
export function mmmuOptionsText(options: readonly string[]): string {
  return options.length ? `\n\n${options.map((o, i) => `(${LETTERS[i]}) ${o}\n`).join("")}` : "";
}

const str = (r: Record<string, unknown>, field: string, where: string): string => {
  const v = r[field];
  if (typeof v !== "string") throw new Error(`${where}: '${field}' is not text`);
  return v;
};

/** One shard's row as an Assay row with its images. */
export async function mmmuRow(r: Record<string, unknown>, subject: MmmuSubject, where: string): Promise<ExtractedRow> {
  const id = str(r, "id", where);
  if (!id.startsWith(`validation_${subject}_`)) throw new Error(`${where}: id '${id}' is not a validation question of ${subject}`);
  const type = str(r, "question_type", where);
  if (type !== "multiple-choice" && type !== "open") throw new Error(`${where}: question_type '${type}' is neither multiple-choice nor open`);
  let options: string[];
  try {
    options = pythonStringList(str(r, "options", where));
  } catch (err) {
    throw new Error(`${where}: options: ${(err as Error).message}`);
  }
  const answer = str(r, "answer", where).trim();
  let answers: string[] = [answer];
  if (type === "multiple-choice") {
    if (options.length < 2 || options.length > LETTERS.length) throw new Error(`${where}: ${options.length} options`);
    if (!LETTERS.slice(0, options.length).includes(answer) || answer.length !== 1) throw new Error(`${where}: the answer '${answer}' is not one of the option letters`);
  } else if (answer.startsWith("[")) {
    // Several right answers, as a Python list (answer_dict_val.json keeps them as a list).
    try {
      answers = pythonStringList(answer);
    } catch {
      answers = [answer];
    }
  }
  const images: ExtractedImage[] = [];
  const cells = [];
  for (const field of IMAGE_FIELDS) {
    const v = r[field] as { bytes?: unknown } | null | undefined;
    if (v === null || v === undefined) continue;
    if (!(v.bytes instanceof Uint8Array)) throw new Error(`${where}: '${field}' holds no image bytes`);
    const { image, cell } = await extractImage(v.bytes);
    images.push(image);
    cells.push(cell);
  }
  if (cells.length === 0) throw new Error(`${where}: no image`);
  const row: JsonObject = {
    id,
    subject,
    subfield: str(r, "subfield", where),
    topic_difficulty: typeof r.topic_difficulty === "string" ? r.topic_difficulty : null,
    question_type: type,
    question: str(r, "question", where),
    options,
    options_text: mmmuOptionsText(options),
    instruction: MMMU_INSTRUCTIONS[type],
    answer,
    answers,
    img_type: typeof r.img_type === "string" ? r.img_type : null,
    explanation: typeof r.explanation === "string" ? r.explanation : null,
    images: cells,
  };
  return { row, images };
}

/** The subject a shard's mirror path names (mmmu/<Subject>/validation-…). */
function subjectOf(file: SourceFile): MmmuSubject {
  const s = file.path.split("/")[1];
  if (!(MMMU_SUBJECTS as readonly string[]).includes(s ?? "")) throw new Error(`${file.path} names no MMMU subject`);
  return s as MmmuSubject;
}

export const mmmuLoader: EmbeddedLoader = {
  kind: "embedded",
  async *rows(file, body) {
    const subject = subjectOf(file);
    const bytes = await readWhole(body);
    let n = 0;
    for await (const r of parquetBinaryRecords(bytes)) {
      n++;
      yield await mmmuRow(r, subject, `${file.path} row ${n}`);
    }
    if (n === 0) throw new Error(`${file.path} has no rows`);
  },
};
