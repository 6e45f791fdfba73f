/**
 * The recorded stage: an outputs target or a re-score takes the output
 * recorded for the attempt instead of calling a model; scoring, storage and
 * metrics are then a live run's. No recorded output is a missing attempt
 * (its error says why), never a 0. Recorded outputs hold one reply per
 * attempt, so a multi-turn benchmark cannot be scored from them: that is
 * said, not guessed. I/O through the source passed in.
 */
import type { ChatResult } from "../../providers/types";
import { StageError, type Stage } from "../stage";
import { followUpsOf } from "./multi-turn";
import { beginCall, commitTurn, replied } from "./steps";

/** A recorded reply, or why the attempt has none (its error: the attempt is missing). */
export type RecordedReply = ChatResult | { missing: string };

export const RECORDED_MULTI_TURN =
  "recorded outputs hold one reply per attempt; a multi-turn benchmark needs the model's reply to each turn, so it cannot be scored from them";

export function recordedStage(source: () => Promise<RecordedReply>): Stage {
  return {
    name: "recorded",
    async run(state, ports) {
      beginCall(state, ports);
      const r = await source();
      if ("missing" in r) throw new StageError(null, r.missing);
      if (followUpsOf(state)) throw new StageError(null, RECORDED_MULTI_TURN);
      const done = replied(state, { ...r, cached: false });
      commitTurn(done, ports);
      return done;
    },
  };
}
