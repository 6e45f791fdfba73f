/**
 * Multiple-choice rows as the model sees them: options lettered A, B, C...
 * and rendered one per line ("A. ..."), the answer as its letter and text,
 * and a seeded shuffle for sources that always list the right option
 * first. Pure, no I/O.
 */
import type { JsonObject } from "../datasets/canonical-json";
import { seededShuffle } from "../domain/random";

/** Option letters; the multiple-choice scorer reads letters past J when a row has that many options. */
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A question with its options and the index of the right one. */
export interface ChoiceItem {
  question: string;
  options: string[];
  answer: number;
}

/** The options one per line, "A. first\nB. second". */
export function choicesText(options: readonly string[]): string {
  return options.map((o, i) => `${LETTERS[i]}. ${o}`).join("\n");
}

/**
 * The derived columns every multiple-choice revision carries: `options`
 * (the scorer reads them to match an answer given as text), `choices_text`
 * (for templates), `answer_letter` (the expected answer) and `answer_text`.
 */
export function choiceColumns(item: ChoiceItem): JsonObject {
  if (item.options.length < 2 || item.options.length > LETTERS.length) {
    throw new Error(`a question has ${item.options.length} options; 2 to ${LETTERS.length} are supported`);
  }
  const answer = item.options[item.answer];
  if (answer === undefined) throw new Error(`answer index ${item.answer} is outside ${item.options.length} options`);
  return {
    question: item.question,
    options: [...item.options],
    choices_text: choicesText(item.options),
    answer_letter: LETTERS[item.answer]!,
    answer_text: answer,
  };
}

/** 32-bit FNV-1a of a string's UTF-16 code units: a stable per-item seed. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The item with its options in a seeded order. The seed mixes `salt` with
 * the question text, so the order depends on neither row position nor
 * run, and is the same on every load.
 */
export function shuffleChoices(item: ChoiceItem, salt: string): ChoiceItem {
  const order = seededShuffle(
    item.options.map((_, i) => i),
    fnv1a(`${salt}\u0000${item.question}`),
  );
  return { question: item.question, options: order.map((i) => item.options[i]!), answer: order.indexOf(item.answer) };
}
