/**
 * How many tokens a request will take before it is sent: the one estimate
 * the server (POST /api/eval-runs/estimate, a budget's reservation per
 * call) and, through that endpoint, the CLI's `--dry-run` use. About four
 * characters per token (OpenAI's and Anthropic's rule of thumb for English
 * text), counted over what the endpoint is sent: each message as
 * `role: content` on its own line, and the tools' JSON. The output side has
 * no estimate but its ceiling, `max_output_tokens`. Pure, no I/O.
 */

/** Characters per token of the estimate. */
export const CHARS_PER_TOKEN = 4;

/** A message as far as its length goes (the prompt builder's ChatMessage fits). */
export interface SizedMessage {
  role: string;
  content: string;
}

/** Estimated tokens of a text: ⌈chars / 4⌉, at least 1 for any text. */
export function estimateTextTokens(text: string): number {
  return text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / CHARS_PER_TOKEN));
}

/** Estimated input tokens of a chat request: its messages as `role: content` lines, plus the tools offered, as JSON. */
export function estimateInputTokens(messages: readonly SizedMessage[], tools?: unknown): number {
  const text = messages.map((m) => `${m.role}: ${m.content}`).join("\n");
  return estimateTextTokens(text) + (tools === undefined || tools === null ? 0 : estimateTextTokens(JSON.stringify(tools)));
}
