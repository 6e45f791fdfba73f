/**
 * The model side of a multi-turn attempt (MT-Bench): runs the conversation
 * through the target, or rebuilds it from the turns a scoring retry kept.
 * Recorded outputs hold one reply per attempt, so a multi-turn benchmark
 * cannot be re-scored from them: that is said, not guessed.
 */
import { conversationResult, converse, replayConversation } from "../../src/execution/multi-turn";
import type { ChatMessage } from "../../src/domain/prompt";
import type { ChatResult } from "../../src/providers";
import type { KeptReply } from "../../src/storage/attempt-replies";

export interface MultiTurnReply {
  /** The whole conversation as one result (labelled replies, summed tokens and latency). */
  result: ChatResult;
  /** Everything sent and received, ending with the last reply. */
  conversation: ChatMessage[];
  /** Each turn's reply text, in order (what a scoring retry keeps). */
  answers: string[];
}

export const RECORDED_MULTI_TURN =
  "recorded outputs hold one reply per attempt; a multi-turn benchmark needs the model's reply to each turn, so it cannot be scored from them";

export async function multiTurnReply(opts: {
  first: ChatMessage[];
  followUps: readonly string[];
  kept: KeptReply | null;
  send: (messages: ChatMessage[]) => Promise<ChatResult>;
  onTurn?: (messages: ChatMessage[], reply: ChatResult) => void;
}): Promise<MultiTurnReply> {
  const { first, followUps, kept } = opts;
  if (kept?.turns && kept.turns.length === followUps.length + 1) {
    return { result: { ...kept, text: kept.text }, conversation: replayConversation(first, followUps, kept.turns), answers: kept.turns };
  }
  const { messages, replies } = await converse(first, followUps, opts.send, opts.onTurn);
  return { result: conversationResult(replies), conversation: messages, answers: replies.map((r) => r.text) };
}
