/**
 * The MATH-Vision loader: testmini.jsonl's problems as rows, each keeping
 * the source's fields (question with its <imageN> placeholders as text,
 * options, answer, level, subject, solution) and its image path, which
 * ensure-data turns into a file stored with the revision. Added for the
 * prompt: `options_text`, the options as "(A) ..." lines after a blank
 * line (empty for a free-form problem), or, when the options are the bare
 * letters A–E, a line saying the choices are the labelled panels of the
 * image (as upstream's options are there). Deterministic, no I/O.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { fileAt, recordsOf, text } from "../../read";
import type { LoadedFile } from "../../types";

const LETTERS = "ABCDE";

/** How the options appear in the prompt. */
export function mathVisionOptionsText(options: readonly string[]): string {
  if (options.length === 0) return "";
  if (options.every((o, i) => o.trim() === LETTERS[i])) return `\n\nChoices: ${options.join(", ")} (the options labelled so in the image).`;
  return `\n\nChoices:\n${options.map((o, i) => `(${LETTERS[i]}) ${o}`).join("\n")}`;
}

export async function mathVisionRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const records = await recordsOf(fileAt(files, "mathvision/testmini.jsonl"));
  const seen = new Set<string>();
  return records.map((r, i) => {
    const where = `mathvision/testmini.jsonl line ${i + 1}`;
    const id = text(r, "id", where);
    if (seen.has(id)) throw new Error(`${where}: id '${id}' appears twice`);
    seen.add(id);
    const options = r.options;
    if (!Array.isArray(options) || !options.every((o) => typeof o === "string")) throw new Error(`${where}: 'options' is not a list of text`);
    if (options.length > LETTERS.length) throw new Error(`${where}: ${options.length} options; MATH-Vision has at most ${LETTERS.length}`);
    const answer = text(r, "answer", where).trim();
    if (options.length > 0 && !LETTERS.slice(0, options.length).includes(answer)) throw new Error(`${where}: the answer '${answer}' is not one of the option letters`);
    const level = r.level;
    if (typeof level !== "number" || !Number.isInteger(level)) throw new Error(`${where}: 'level' is not an integer`);
    const image = text(r, "image", where);
    return {
      id,
      subject: text(r, "subject", where),
      level,
      question: text(r, "question", where),
      options: options as string[],
      options_text: mathVisionOptionsText(options as string[]),
      answer,
      solution: typeof r.solution === "string" ? r.solution : null,
      image,
    };
  });
}
