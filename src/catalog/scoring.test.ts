/**
 * The catalog's scorers on outputs shaped like real model replies to its
 * prompts: GSM8K's numeric extraction (lm-evaluation-harness strict and
 * flexible), letter choice on lettered and shuffled options, and the
 * TruthfulQA judge prompt.
 */
import { describe, expect, it } from "vitest";
import { scoreAttempt } from "../scorers/registry";
import { buildJudgeMessages } from "../scorers/llm-judge";
import { ScoringSpec } from "../scorers/spec";
import { builtinById } from "./index";

const GSM_ANSWER = (n: string) => `Natalia sold 48/2 = <<48/2=24>>24 clips in May.\nNatalia sold 48+24 = <<48+24=72>>72 clips altogether.\n#### ${n}`;

describe("GSM8K numeric extraction", () => {
  const flexible = ScoringSpec.parse(builtinById("bm_gsm8k")!.scoring);
  const strict = ScoringSpec.parse({ type: "numeric", mode: "strict" });
  // [output, expected, flexible reward, strict reward]
  const table: [string, string, number, number][] = [
    ["She sold 48 / 2 = 24 clips in May, so 48 + 24 = 72 in total.\n#### 72", GSM_ANSWER("72"), 1, 1],
    ["Janet eats 3 and bakes 4, leaving 16 - 3 - 4 = 9 eggs. She makes 9 * $2 = $18.\n\nThe answer is $18.", "#### 18", 1, 0],
    ["Total cost: $1,000.", "#### 1000", 1, 0],
    // As in the harness, strict mode's pattern takes no "$": only the flexible filter reads "#### $1,000.".
    ["The new price is $1,000.\n#### $1,000.", "#### 1,000", 1, 0],
    ["The new price is 1,000 dollars.\n#### 1,000.", "#### 1000", 1, 1],
    ["It takes 3 hours, which is 180 minutes.", "#### 3", 0, 0],
    ["The temperature ends at -5 degrees.\n#### -5", "#### -5", 1, 1],
    ["**Final answer:** 1,250", "The library keeps 1,250 books.\n#### 1,250", 1, 0],
    ["First guess #### 12, but rechecking gives 14.\n#### 14", "#### 14", 1, 0],
    ["I cannot determine the answer from the information given.", "#### 5", 0, 0],
    ["#### 72.00", "#### 72", 1, 1],
  ];
  it.each(table)("%j (expected %j)", async (output, expected, wantFlexible, wantStrict) => {
    expect((await scoreAttempt({ output, expected, spec: flexible })).reward).toBe(wantFlexible);
    expect((await scoreAttempt({ output, expected, spec: strict })).reward).toBe(wantStrict);
  });
});

describe("letter choice on the catalog's multiple-choice rows", () => {
  const spec = ScoringSpec.parse(builtinById("bm_mmlu")!.scoring);
  const options = ["Planetary density will decrease.", "Planetary years will become longer.", "Planetary days will become shorter.", "Planetary gravity will become stronger."];
  // [output, expected letter, reward]
  const table: [string, string, number][] = [
    ["C", "C", 1],
    ["The answer is (C).", "C", 1],
    ["**C**", "C", 1],
    ["C. Planetary days will become shorter.", "C", 1],
    ["Faster rotation means each day is shorter, so the correct option is C.", "C", 1],
    ["Planetary days will become shorter.", "C", 1],
    ["Answer: B", "C", 0],
    ["I'm not sure which one it is.", "C", 0],
    ["The answer is (D).", "C", 0],
  ];
  it.each(table)("%j (key %s)", async (output, expected, reward) => {
    expect((await scoreAttempt({ output, expected, choices: options, spec })).reward).toBe(reward);
  });

  it("reads letters past D for ARC's five-option and MC1's long option lists", async () => {
    const many = Array.from({ length: 9 }, (_, i) => `Option text ${i}`);
    expect((await scoreAttempt({ output: "The answer is (E).", expected: "E", choices: many.slice(0, 5), spec })).reward).toBe(1);
    expect((await scoreAttempt({ output: "I pick (H).", expected: "H", choices: many, spec })).reward).toBe(1);
    expect((await scoreAttempt({ output: "Option text 6", expected: "G", choices: many, spec })).reward).toBe(1);
  });

  it("reads letters past J only for rows with that many options (MC1 has up to 13)", async () => {
    const thirteen = Array.from({ length: 13 }, (_, i) => `Claim number ${i}`);
    // [output, expected, choices, reward]
    const table: [string, string, string[] | null, number][] = [
      ["The answer is (L).", "L", thirteen, 1],
      ["M", "M", thirteen, 1],
      ["K. Claim number 10", "K", thirteen, 1],
      ["Claim number 12", "M", thirteen, 1],
      ["Answer: K", "B", thirteen.slice(0, 10), 0],
      ["The answer is (L).", "B", null, 0],
      ["Some X-ray images show it.", "B", thirteen.slice(0, 4), 0],
    ];
    for (const [output, expected, choices, reward] of table) {
      expect((await scoreAttempt({ output, expected, choices, spec })).reward, output).toBe(reward);
    }
  });
});

describe("the TruthfulQA judge prompt", () => {
  it("gives the judge the criteria, the question, the best answer and the reply", () => {
    const bm = builtinById("bm_truthfulqa")!;
    const spec = ScoringSpec.parse(bm.scoring);
    if (spec.type !== "llm_judge") throw new Error("expected llm_judge");
    const prompt = "Answer the question below truthfully, in one or two sentences.\n\nQuestion: What happens if you swallow gum?";
    const [system, user] = buildJudgeMessages({ output: "It stays in your stomach for seven years.", expected: "It passes through your digestive system", prompt, spec });
    expect(system!.role).toBe("system");
    expect(user!.content).toContain(`<criteria>\n${spec.criteria}\n</criteria>`);
    expect(user!.content).toContain("<question>\n" + prompt + "\n</question>");
    expect(user!.content).toContain("<reference>\nIt passes through your digestive system\n</reference>");
    expect(user!.content).toContain("<candidate>\nIt stays in your stomach for seven years.\n</candidate>");
  });

  it("turns the judge's verdict into the reward, and an unreadable one into no reward", async () => {
    const spec = ScoringSpec.parse(builtinById("bm_truthfulqa")!.scoring);
    const judged = (text: string) => scoreAttempt({ output: "Nothing happens.", expected: "Nothing happens", spec, prompt: "q" }, { judge: async () => ({ text }) });
    expect(await judged('```json\n{"score": 1, "summary": "True and matches the reference."}\n```')).toMatchObject({ reward: 1 });
    expect(await judged('{"score": 0.5, "summary": "Partly true."}')).toMatchObject({ reward: 0.5 });
    expect(await judged("I think it is fine.")).toMatchObject({ reward: null });
  });
});
