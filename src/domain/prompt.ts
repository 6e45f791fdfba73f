/**
 * The chat messages of one attempt: few-shot examples as prior user and
 * assistant turns (the answer turn a row's worked solution when it has
 * one), then the task's prompt from its template or column.
 * No I/O.
 */
import { cellText, parseTemplate, renderTemplate } from "./template";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** How a benchmark turns a dataset row into a prompt and an expected answer. */
export interface PromptSpec {
  prompt_template: string | null;
  prompt_column: string | null;
  answer_column: string | null;
  system_prompt?: string | null;
}

export function renderPrompt(spec: PromptSpec, row: Record<string, unknown>): string {
  if (spec.prompt_template !== null) {
    const parsed = parseTemplate(spec.prompt_template);
    if (!parsed.ok) throw new Error(`prompt template: ${parsed.error}`);
    return renderTemplate(parsed.parts, row);
  }
  if (spec.prompt_column !== null) return cellText(row[spec.prompt_column]);
  throw new Error("the benchmark has neither a prompt template nor a prompt column");
}

/** The row's expected answer as text, or null when the benchmark has no answer column or the cell is empty. */
export function expectedAnswer(spec: PromptSpec, row: Record<string, unknown>): string | null {
  if (spec.answer_column === null) return null;
  const v = row[spec.answer_column];
  return v === null || v === undefined ? null : cellText(v);
}

/**
 * The column an example row may carry to answer its turn with more than
 * the bare answer: a worked solution (MMLU-Pro's validation rows end their
 * chain of thought with "The answer is (X).").
 */
export const EXAMPLE_ANSWER_COLUMN = "example_answer";

/** An example's answer turn: its worked solution when the row has one, else its expected answer. */
export function exampleAnswer(spec: PromptSpec, example: Record<string, unknown>): string {
  const worked = example[EXAMPLE_ANSWER_COLUMN];
  if (typeof worked === "string" && worked.trim() !== "") return worked;
  return expectedAnswer(spec, example) ?? "";
}

export function buildMessages(spec: PromptSpec, row: Record<string, unknown>, examples: Record<string, unknown>[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (spec.system_prompt) messages.push({ role: "system", content: spec.system_prompt });
  for (const ex of examples) {
    messages.push({ role: "user", content: renderPrompt(spec, ex) });
    messages.push({ role: "assistant", content: exampleAnswer(spec, ex) });
  }
  messages.push({ role: "user", content: renderPrompt(spec, row) });
  return messages;
}
