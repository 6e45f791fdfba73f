/**
 * The kept-reply stage: a try that comes with a reply kept by an earlier
 * one (its scoring failed, or its provider batch landed: the reply_key of
 * its message) scores that reply instead of asking the model again. A
 * multi-turn reply rebuilds its conversation from the kept answers; one
 * kept without them asks the model again. No model call, no budget.
 * I/O through ports only.
 */
import { replayConversation } from "../multi-turn";
import type { KeptReply } from "../../storage/attempt-replies";
import type { Stage } from "../stage";
import { conversed, followUpsOf, multiTurnStage } from "./multi-turn";
import { beginCall, commitTurn, replied } from "./steps";

export function keptReplyStage(kept: KeptReply): Stage {
  const { turns, batched, target_turns, ...reply } = kept;
  return {
    name: "kept reply",
    async run(state, ports) {
      const followUps = followUpsOf(state);
      if (followUps && turns?.length !== followUps.length + 1) return multiTurnStage.run(state, ports);
      beginCall(state, ports);
      const r = { ...reply, cached: false };
      const base = { ...state, ...(batched && { batched: true }), ...(target_turns !== undefined && { targetTurns: target_turns }) };
      const done = followUps && turns ? conversed(base, replayConversation([...state.request.messages], followUps, turns), followUps, r) : replied(base, r);
      commitTurn(done, ports);
      return done;
    },
  };
}
