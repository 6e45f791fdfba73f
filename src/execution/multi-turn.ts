/**
 * The multi-turn plan of an attempt (MT-Bench): a benchmark whose options
 * name a `turns_column` holds, in each row, the list of its user turns.
 * The first turn is the prompt the benchmark renders as usual (template or
 * column, after any few-shot examples); each later turn is sent as written,
 * after the model's own reply to the turn before, in the same conversation.
 * One attempt covers every turn; its output shows each reply under its
 * turn's label and the scorer receives the whole conversation. Pure: the
 * model call is injected.
 */
import type { ChatMessage } from "../domain/prompt";
import type { ChatResult } from "../providers/types";

/** Most user turns a row may hold (MT-Bench has 2, hh-rlhf's red-team dialogues up to 18); a longer list is refused as bad data, not sent. */
export const MAX_TURNS = 24;

/** The turns column a benchmark's stored options name, if any. */
export function turnsColumnOf(options: unknown): string | null {
  const c = (options as { turns_column?: unknown } | null)?.turns_column;
  return typeof c === "string" && c ? c : null;
}

/**
 * The user turns that follow the first one, from the row's turns column;
 * throws with a readable message when the cell is not a list of 1 to
 * MAX_TURNS non-empty strings.
 */
export function followUpTurns(column: string, row: Record<string, unknown>): string[] {
  const v = row[column];
  if (!Array.isArray(v) || v.length < 1 || v.length > MAX_TURNS || !v.every((t) => typeof t === "string" && t.trim() !== "")) {
    throw new Error(`column '${column}' does not hold a list of 1 to ${MAX_TURNS} user turns (non-empty strings)`);
  }
  return (v as string[]).slice(1);
}

export interface Conversation {
  /** Everything sent and received: the first request's messages, then each reply and the next user turn, ending with the last reply. */
  messages: ChatMessage[];
  /** One result per model call, in turn order. */
  replies: ChatResult[];
}

/**
 * Runs the conversation: sends `first`, then each follow-up with every
 * earlier reply in place. An error of any call propagates (the attempt's
 * retry starts the conversation again). `onTurn` sees the conversation
 * after each reply, for live traces.
 */
export async function converse(
  first: ChatMessage[],
  followUps: readonly string[],
  send: (messages: ChatMessage[]) => Promise<ChatResult>,
  onTurn?: (messages: ChatMessage[], reply: ChatResult) => void,
): Promise<Conversation> {
  const messages = first.map((m) => ({ ...m }));
  const replies: ChatResult[] = [];
  for (let i = 0; i <= followUps.length; i++) {
    if (i > 0) messages.push({ role: "user", content: followUps[i - 1]! });
    const reply = await send(messages.map((m) => ({ ...m })));
    replies.push(reply);
    messages.push({ role: "assistant", content: reply.text });
    onTurn?.(messages.map((m) => ({ ...m })), reply);
  }
  return { messages, replies };
}

/** The attempt's output: each reply under "[Turn N]", so a reader (and the re-score) sees which turn said what. */
export function turnsOutput(answers: readonly string[]): string {
  return answers.map((a, i) => `[Turn ${i + 1}]\n${a}`).join("\n\n");
}

/** The whole conversation as one result: the labelled replies, tokens and latency summed, the last reply's model. */
export function conversationResult(replies: readonly ChatResult[]): ChatResult {
  const sum = (pick: (r: ChatResult) => number | null) => (replies.some((r) => pick(r) === null) ? null : replies.reduce((s, r) => s + pick(r)!, 0));
  return {
    text: turnsOutput(replies.map((r) => r.text)),
    input_tokens: sum((r) => r.input_tokens),
    output_tokens: sum((r) => r.output_tokens),
    latency_ms: replies.reduce((s, r) => s + r.latency_ms, 0),
    model: replies.at(-1)?.model ?? "",
    // Cut if any turn's reply was cut; not recorded if no turn says, or some turn says nothing and none was cut.
    truncated: replies.some((r) => r.truncated === true) ? true : replies.length && replies.every((r) => r.truncated === false) ? false : null,
  };
}

/** Rebuilds the conversation from the first request and the replies' texts (a kept reply's turns, on a scoring retry). */
export function replayConversation(first: ChatMessage[], followUps: readonly string[], answers: readonly string[]): ChatMessage[] {
  const messages = first.map((m) => ({ ...m }));
  answers.forEach((a, i) => {
    if (i > 0) messages.push({ role: "user", content: followUps[i - 1] ?? "" });
    messages.push({ role: "assistant", content: a });
  });
  return messages;
}

/** The user/assistant pairs after any few-shot examples and system prompt: the last `turns` user messages, each with the reply that follows it. */
export function turnPairs(messages: readonly ChatMessage[], turns: number): { question: string; answer: string }[] {
  const pairs: { question: string; answer: string }[] = [];
  for (let i = 0; i < messages.length; i++) {
    if (messages[i]!.role === "user" && messages[i + 1]?.role === "assistant") pairs.push({ question: messages[i]!.content, answer: messages[i + 1]!.content });
  }
  return pairs.slice(-turns);
}
