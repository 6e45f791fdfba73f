/**
 * A small MT-Bench for the generated test mirror, in FastChat's layout
 * (Python json.dumps spacing): question.jsonl with one made-up two-turn
 * question per category (ids 81.. as upstream numbers them, an inline
 * `reference` on the math and reasoning rows as upstream has), and
 * reference_answer/gpt-4.jsonl with reference answers for the math,
 * reasoning and coding questions plus one for a question the judge does
 * not read them for (extraction), as the real file's rows only cover
 * 101–130. Pure and deterministic.
 */
import { MT_BENCH_CATEGORIES } from "../src/catalog/benchmarks/mt_bench/source";

/** The generated questions: id, category, two turns, and the reference answers when the category has them. */
export const MINI_MT_BENCH = MT_BENCH_CATEGORIES.map((category, i) => {
  const id = 81 + i * 10;
  const turns: [string, string] = [
    `Made-up ${category} request number ${id}: describe a small red bicycle in three sentences.`,
    `Now rewrite your previous answer for question ${id} so that every sentence starts with the letter B.`,
  ];
  const reference: [string, string] | null = ["math", "reasoning", "coding"].includes(category)
    ? [`The reference answer to question ${id} is 42.`, `The reference follow-up for question ${id} is 43.`]
    : null;
  return { id, category, turns, reference };
});

const dumps = (v: unknown) => JSON.stringify(v).replaceAll('","', '", "').replaceAll('":', '": ');

export function miniMtBenchFiles(): { path: string; text: string; gzip: boolean }[] {
  const questions = MINI_MT_BENCH.map((q) =>
    dumps({ question_id: q.id, category: q.category, turns: q.turns, ...(q.category === "math" || q.category === "reasoning" ? { reference: ["42", "43"] } : {}) }),
  );
  const refs = [...MINI_MT_BENCH.filter((q) => q.reference), MINI_MT_BENCH.find((q) => q.category === "extraction")!].map((q) =>
    dumps({
      question_id: q.id,
      answer_id: `mini${q.id}`,
      model_id: "gpt-4",
      choices: [{ index: 0, turns: q.reference ?? ["An extraction reference the judge never reads.", "Nor this one."] }],
      tstamp: 1686286924.844282,
    }),
  );
  return [
    { path: "mt_bench/question.jsonl", text: questions.join("\n") + "\n", gzip: false },
    { path: "mt_bench/reference_answer/gpt-4.jsonl", text: refs.join("\n") + "\n", gzip: false },
  ];
}
