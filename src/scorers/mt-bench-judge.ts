/**
 * Scorer `mt_bench_judge`: MT-Bench's single-answer grading, as FastChat's
 * llm_judge does it (fastchat/llm_judge, judge_prompts.jsonl and common.py
 * at lm-sys/FastChat@0e6d3e4).
 *
 * Follows upstream:
 * - Each of the two turns is judged on its own call: turn 1 with the
 *   question and the answer (single-v1), turn 2 with the whole two-turn
 *   conversation, grading only the second answer (single-v1-multi-turn).
 * - Rows with reference answers (the loader sets them for math, reasoning
 *   and coding, FastChat's NEED_REF_CATS, from its GPT-4 reference file) are
 *   judged against them (single-math-v1, single-math-v1-multi-turn: the
 *   reference answer for turn 1, the reference conversation for turn 2);
 *   the criteria are then correctness and helpfulness, and the judge
 *   compares with the reference and corrects mistakes before rating.
 * - The judge explains briefly, then rates 1 to 10 as "[[rating]]". The
 *   rating is the first `[[N]]` / `[[N.N]]` in the reply, else the first
 *   `[N]`; it is taken as written (upstream neither rounds nor clamps).
 * - No rating found is upstream's -1: that turn is left out of every mean
 *   (as FastChat's show_result drops score -1), never counted as 0. The
 *   attempt's reward is the mean of its rated turns; with neither turn
 *   rated it is null (unscored, with the judge's reply quoted).
 * - Scores stay on the 1–10 scale: the reward is that mean, and the
 *   structured dimensions are turn_1, turn_2 and overall; `overall` is
 *   weighted by the number of rated turns, so pooled over a run it is
 *   upstream's MT-Bench score, the mean over all rated turn scores.
 *
 * Differs:
 * - The prompts are Assay's own words for the same instructions and
 *   layout, not upstream's text; judge outputs are not byte-comparable.
 * - The judge runs with the run's judge settings (temperature 0, Assay's
 *   output cap), not GPT-4 with 2,048 tokens unless the run picks it.
 * - The run's headline score is the mean of per-question rewards; with a
 *   turn unrated it weights that question's one rating like a pair. The
 *   `overall` dimension is the exact upstream figure.
 *
 * The judge is injected (no I/O here); its errors propagate for a retry.
 */
import type { JudgeMessage, ScoreDeps, ScoreInputOf, ScoreResult } from "./types";
import { quote } from "./text";

/** Upstream's system prompt of the single-turn judge templates. */
const TURN_1_SYSTEM = "You are a helpful assistant.";

const RATING_FORMAT =
  'Once your explanation is written, you must give your rating of the response on a scale of 1 to 10, written strictly in this format: "[[rating]]", for example "Rating: [[5]]".';

const GENERAL_CRITERIA =
  "Take into account how helpful, relevant, accurate and deep the response is, as well as its creativity and its level of detail.";
const REFERENCE_CRITERIA =
  "Take into account correctness and helpfulness. You are given a reference answer as well as the assistant's answer. Start by comparing the assistant's answer with the reference answer, and point out and correct any mistakes.";

function judgeInstructions(reference: boolean, secondTurn: boolean): string {
  return [
    `You are asked to be an impartial judge of the quality of an AI assistant's response to the user question shown below.`,
    reference ? REFERENCE_CRITERIA : GENERAL_CRITERIA,
    ...(secondTurn ? ["Your evaluation must be about the assistant's answer to the user's second question only."] : []),
    reference ? "" : "Start your evaluation with a short explanation.",
    "Stay as objective as you can.",
    RATING_FORMAT,
  ]
    .filter((s) => s !== "")
    .join(" ");
}

const block = (title: string, text: string) => `[The Start of ${title}]\n${text}\n[The End of ${title}]`;

function conversationBlock(title: string, speaker: string, pairs: readonly { question: string; answer: string }[]): string {
  const body = pairs.map((p) => `### User:\n${p.question}\n\n### ${speaker}:\n${p.answer}`).join("\n\n");
  return `<|The Start of ${title}|>\n\n${body}\n\n<|The End of ${title}|>`;
}

export interface MtBenchTurnInput {
  /** The user turns and the assistant's answers, in order (two for MT-Bench). */
  turns: readonly { question: string; answer: string }[];
  /** The reference answer of each turn (math, reasoning, coding), or null. */
  references: readonly string[] | null;
}

/** The judge's messages for turn `turn` (1 or 2), in the layout of upstream's single-answer templates. */
export function mtBenchJudgeMessages({ turns, references }: MtBenchTurnInput, turn: 1 | 2): JudgeMessage[] {
  const withRef = references !== null;
  if (turn === 1) {
    const t = turns[0]!;
    const sections = [`[Instruction]\n${judgeInstructions(withRef, false)}`, `[Question]\n${t.question}`];
    if (withRef) sections.push(block("Reference Answer", references[0]!));
    sections.push(block("Assistant's Answer", t.answer));
    return [
      { role: "system", content: TURN_1_SYSTEM },
      { role: "user", content: sections.join("\n\n") },
    ];
  }
  // Upstream's multi-turn templates put the instructions in the system prompt and the conversation(s) in the user message.
  const parts: string[] = [];
  if (withRef) parts.push(conversationBlock("Reference Answer", "Reference answer", turns.slice(0, 2).map((t, i) => ({ question: t.question, answer: references[i]! }))));
  parts.push(conversationBlock("Assistant A's Conversation with User", "Assistant A", turns.slice(0, 2)));
  return [
    { role: "system", content: judgeInstructions(withRef, true) },
    { role: "user", content: parts.join("\n\n\n") },
  ];
}

const RATING = /\[\[(\d+\.?\d*)\]\]/;
const RATING_BACKUP = /\[(\d+\.?\d*)\]/;

/**
 * The rating of a judge's reply as upstream reads it: the first [[N]],
 * else the first [N], as a number; -1 when there is none (upstream's
 * value for an unreadable judgment).
 */
export function parseRating(text: string): number {
  const m = RATING.exec(text) ?? RATING_BACKUP.exec(text);
  if (!m) return -1;
  const n = Number(m[1]);
  return Number.isFinite(n) ? n : -1;
}

/** The row's reference answers (a list with one per turn), or null when it has none. */
function referencesOf(row: Record<string, unknown> | undefined, column: string, turns: number): string[] | null {
  const v = row?.[column];
  if (!Array.isArray(v) || v.length < turns || !v.every((s) => typeof s === "string")) return null;
  return v as string[];
}

const MAX_EXPLANATION = 600;
const clip = (s: string) => (s.length > MAX_EXPLANATION ? `${s.slice(0, MAX_EXPLANATION - 1)}…` : s);

export async function scoreMtBenchJudge(input: ScoreInputOf<"mt_bench_judge">, deps: ScoreDeps = {}): Promise<ScoreResult> {
  if (!deps.judge) return { reward: null, reason: "no judge model is configured for this run" };
  const turns = input.turns ?? [];
  if (turns.length !== 2) return { reward: null, reason: `MT-Bench grades two turns; this attempt has ${turns.length} (was it run as a conversation?)` };
  const references = referencesOf(input.row, input.spec.reference_column, 2);
  const ratings: number[] = [];
  const notes: string[] = [];
  for (const turn of [1, 2] as const) {
    const { text } = await deps.judge(mtBenchJudgeMessages({ turns, references }, turn));
    const rating = parseRating(text);
    ratings.push(rating);
    notes.push(rating === -1 ? `turn ${turn}: no [[rating]] in the judge's reply ${quote(text)}` : `turn ${turn}: ${clip(text.trim())}`);
  }
  const rated = ratings.filter((r) => r !== -1);
  const words = ratings.map((r, i) => (r === -1 ? `turn ${i + 1} unrated (-1, left out)` : `turn ${i + 1} rated ${r}`)).join(", ");
  const how = references ? "against the reference answers" : "without a reference";
  if (!rated.length) return { reward: null, reason: `the judge gave no rating for either turn (${how}): ${notes.join("; ")}` };
  const mean = rated.reduce((s, r) => s + r, 0) / rated.length;
  const dimensions: Record<string, number> = { overall: mean };
  ratings.forEach((r, i) => {
    if (r !== -1) dimensions[`turn_${i + 1}`] = r;
  });
  return {
    reward: mean,
    reason: `${words} on 1–10 (${how}); score ${mean}`,
    structured: { composite: mean, dimensions, weights: { overall: rated.length }, judge_summary: notes.join("\n\n") },
  };
}
