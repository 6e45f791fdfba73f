/**
 * Agreement with the official checkers on real responses: GPT-4's IFEval
 * responses (google-research's verdicts) and IFBench's sample responses
 * (allenai/IFBench's verdicts), instruction by instruction, strict and
 * loose. Every disagreement is listed below with its count and cause; any
 * other disagreement, or a different count, fails. Runs only with the
 * shared folder (the responses are not ours to copy).
 */
import { describe, expect, inject, it } from "vitest";
import { evaluateResponse } from "./evaluate";

interface Verdicts {
  prompt: string;
  response: string;
  instruction_id_list: string[];
  follow_instruction_list: boolean[];
  follow_all_instructions: boolean;
}

/** Known disagreements per instruction type: [strict, loose] counts, and why. */
const KNOWN: Record<"ifeval" | "ifbench", Record<string, { strict: number; loose: number; why: string }>> = {
  ifeval: {
    "change_case:english_capital": {
      strict: 3,
      loose: 3,
      why: "langdetect: an all-capital list of names is not English to it, two short all-capital phrases with no function word are; the stopword detector cannot tell",
    },
    "keywords:letter_frequency": {
      strict: 2,
      loose: 0,
      why: "the argument is '#' or '!', not a letter: upstream then draws a random letter each time it builds the checker (its strict and loose verdicts disagree); Assay counts the character given",
    },
  },
  ifbench: {
    "ratio:sentence_type": { strict: 1, loose: 1, why: "Punkt keeps a closing quote after 'paraphrasing.' out of the sentence; this tokenizer moves it back, so the sentence no longer ends with '.'" },
    "words:start_verb": { strict: 1, loose: 1, why: "NLTK's tagger reads a leading 'Build' as a noun; the verb list says verb" },
  },
};

const lines = async (url: string) =>
  new TextDecoder()
    .decode(await (await fetch(url)).arrayBuffer())
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function agreement(suite: "ifeval" | "ifbench") {
  const base = inject("sharedUrl");
  const [data, dir] =
    suite === "ifeval" ? ["datasets/ifeval/input_data.jsonl", "real-outputs/ifeval_gpt4"] : ["datasets/ifbench/IFBench_test.jsonl", "real-outputs/ifbench_sample"];
  const rows = await lines(`${base}/${data}`);
  const byPrompt = new Map(rows.map((r) => [r.prompt as string, r]));
  const strict = (await lines(`${base}/${dir}/eval_results_strict.jsonl`)) as unknown as Verdicts[];
  const loose = (await lines(`${base}/${dir}/eval_results_loose.jsonl`)) as unknown as Verdicts[];
  const diffs: Record<string, { strict: number; loose: number }> = {};
  const ours = { prompt_strict: 0, prompt_loose: 0, inst_strict: 0, inst_loose: 0, instructions: 0 };
  const official = { prompt_strict: 0, prompt_loose: 0, inst_strict: 0, inst_loose: 0 };
  strict.forEach((s, i) => {
    const l = loose[i]!;
    const row = byPrompt.get(s.prompt) ?? byPrompt.get(s.prompt.trim());
    // One IFBench sample response answers a prompt revised since (same text, another constraint without arguments): check it as the verdict file lists it.
    const ids = (row?.instruction_id_list as string[] | undefined) ?? s.instruction_id_list;
    const kwargs = (row?.kwargs as Record<string, unknown>[] | undefined) ?? ids.map(() => ({}));
    expect(ids).toEqual(s.instruction_id_list);
    const v = evaluateResponse(s.response, ids.map((id, j) => ({ id, kwargs: kwargs[j]! })));
    ours.prompt_strict += Number(v.prompt_strict);
    ours.prompt_loose += Number(v.prompt_loose);
    official.prompt_strict += Number(s.follow_all_instructions);
    official.prompt_loose += Number(l.follow_all_instructions);
    v.instructions.forEach((iv, j) => {
      ours.instructions++;
      ours.inst_strict += Number(iv.strict);
      ours.inst_loose += Number(iv.loose);
      official.inst_strict += Number(s.follow_instruction_list[j]);
      official.inst_loose += Number(l.follow_instruction_list[j]);
      const d = (diffs[iv.id] ??= { strict: 0, loose: 0 });
      if (iv.strict !== s.follow_instruction_list[j]) d.strict++;
      if (iv.loose !== l.follow_instruction_list[j]) d.loose++;
    });
  });
  const disagreeing = Object.fromEntries(Object.entries(diffs).filter(([, d]) => d.strict + d.loose > 0));
  return { prompts: strict.length, ours, official, disagreeing };
}

describe.runIf(inject("sharedPresent"))("agreement with the official checkers", () => {
  it.each(["ifeval", "ifbench"] as const)("%s: every instruction agrees but the known differences, and the four numbers follow", async (suite) => {
    const { prompts, ours, official, disagreeing } = await agreement(suite);
    const known = KNOWN[suite];
    expect(disagreeing).toEqual(Object.fromEntries(Object.entries(known).map(([id, k]) => [id, { strict: k.strict, loose: k.loose }])));
    const strictDiffs = Object.values(known).reduce((n, k) => n + k.strict, 0);
    const looseDiffs = Object.values(known).reduce((n, k) => n + k.loose, 0);
    // Each differing verdict moves the instruction-level count by one and the prompt-level count by at most one.
    expect(Math.abs(ours.inst_strict - official.inst_strict)).toBeLessThanOrEqual(strictDiffs);
    expect(Math.abs(ours.inst_loose - official.inst_loose)).toBeLessThanOrEqual(looseDiffs);
    expect(Math.abs(ours.prompt_strict - official.prompt_strict)).toBeLessThanOrEqual(strictDiffs);
    expect(Math.abs(ours.prompt_loose - official.prompt_loose)).toBeLessThanOrEqual(looseDiffs);
    // The published figures (SOURCE.md of each real-outputs folder).
    if (suite === "ifeval") {
      expect([prompts, official.prompt_strict, official.prompt_loose]).toEqual([540, 415, 431]);
      expect(official.inst_strict / ours.instructions).toBeCloseTo(0.835337, 6);
      expect([ours.prompt_strict, ours.prompt_loose]).toEqual([416, 430]);
    } else {
      expect([prompts, official.prompt_strict, official.prompt_loose]).toEqual([294, 77, 88]);
      expect(official.inst_strict / ours.instructions).toBeCloseTo(0.277612, 6);
      expect([ours.prompt_strict, ours.prompt_loose]).toEqual([77, 88]);
    }
  }, 120_000);
});
