/**
 * The multi-turn stage (MT-Bench): the benchmark's turns column holds each
 * row's user turns; the first is the rendered prompt, each later one is
 * sent after the model's reply to the one before, in one conversation
 * (src/execution/multi-turn.ts). Every turn is a call under the model
 * port's rules (budget and cache apply per call). I/O through ports only.
 */
import type { Message } from "../../live/deltas";
import { conversationResult, converse, followUpTurns, turnPairs, turnsColumnOf } from "../multi-turn";
import type { ModelReply } from "../ports";
import { StageError, type AttemptState, type Stage } from "../stage";
import { beginCall, commitTurn, replied } from "./steps";

/** The later user turns of a multi-turn benchmark's row; null for a one-turn benchmark; a StageError for a cell that is not a list of turns. */
export function followUpsOf(state: Pick<AttemptState, "task">): string[] | null {
  const column = turnsColumnOf(state.task.benchmark.options);
  if (!column) return null;
  try {
    return followUpTurns(column, state.task.row as Record<string, unknown>);
  } catch (err) {
    throw new StageError("turns", err instanceof Error ? err.message : String(err));
  }
}

/** The state after a whole conversation: its messages, every answer, the replies as one output. */
export function conversed(state: AttemptState, messages: readonly { role: "system" | "user" | "assistant"; content: string }[], followUps: readonly string[], reply: ModelReply): AttemptState {
  const conversation: Message[] = messages.map((m) => ({ role: m.role, content: m.content }));
  return { ...replied(state, reply, conversation), turns: turnPairs(messages, followUps.length + 1) };
}

export const multiTurnStage: Stage = {
  name: "multi-turn",
  async run(state, ports) {
    const followUps = followUpsOf(state) ?? [];
    beginCall(state, ports);
    const cached: boolean[] = [];
    const { messages, replies } = await converse([...state.request.messages], followUps, async (m) => {
      const r = await ports.models.target.chat({ messages: m, ...state.task.sampling });
      cached.push(r.cached);
      return r;
    });
    const done = conversed(state, messages, followUps, { ...conversationResult(replies), cached: cached.every(Boolean) });
    commitTurn(done, ports);
    return done;
  },
};
