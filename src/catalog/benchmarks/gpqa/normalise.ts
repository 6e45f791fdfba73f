/**
 * GPQA Diamond's rows, as openai/simple-evals asks them (gpqa_eval.py):
 * the four answers in the order `random.Random(0).sample(range(4), 4)`
 * draws for the CSV's rows in file order (the first of its repeats), the
 * key the letter where the correct answer lands. The seed is kept in every
 * row with its permutation, so a run records it and a re-run asks the same.
 * Only the columns a run needs are kept (no explanation, no validator
 * fields). Pure apart from in-memory decompression.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";
import { PythonRandom } from "./python-random";

/** simple-evals' seed. */
export const GPQA_SHUFFLE_SEED = 0;
const LETTERS = "ABCD";

export const gpqaRows: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "gpqa/dataset.zip"));
  const rng = new PythonRandom(GPQA_SHUFFLE_SEED);
  const seen = new Set<string>();
  return records.map((r, i): JsonObject => {
    const where = `gpqa_diamond.csv row ${i + 2}`;
    const id = text(r, "Record ID", where);
    if (seen.has(id)) throw new Error(`${where}: Record ID ${id} appears twice`);
    seen.add(id);
    const correct = text(r, "Correct Answer", where);
    const answers = [correct, text(r, "Incorrect Answer 1", where), text(r, "Incorrect Answer 2", where), text(r, "Incorrect Answer 3", where)];
    const permutation = rng.permutation(4);
    const options = permutation.map((k) => answers[k]!);
    // simple-evals takes choices.index(correct): the first position holding the correct text.
    const key = options.indexOf(correct);
    return {
      id,
      question: text(r, "Question", where),
      options,
      option_a: options[0]!,
      option_b: options[1]!,
      option_c: options[2]!,
      option_d: options[3]!,
      answer_letter: LETTERS[key]!,
      domain: text(r, "High-level domain", where),
      subdomain: text(r, "Subdomain", where),
      shuffle_seed: GPQA_SHUFFLE_SEED,
      permutation,
    };
  });
};
