/**
 * Which stage produces an attempt's output. A reply kept by an earlier try
 * comes first (scored, not asked again), then recorded outputs (an outputs
 * target, a re-score: no model), then the first model stage that claims the
 * task, then plain chat. A new input kind is one more entry in MODEL_STAGES
 * (an agent conversation claims its benchmarks here), not a branch in the
 * pipeline. No I/O.
 */
import type { KeptReply } from "../../storage/attempt-replies";
import { turnsColumnOf } from "../multi-turn";
import type { AttemptTask, Stage } from "../stage";
import { agentConversationStage } from "./agent-conversation";
import { chatStage } from "./chat";
import { keptReplyStage } from "./kept-reply";
import { loglikelihoodStage } from "./loglikelihood";
import { multiTurnStage } from "./multi-turn";
import { recordedStage, type RecordedReply } from "./recorded";

export interface StageEntry {
  /** Whether this stage is the one that asks the task (the benchmark's scoring or options decide). */
  claims(task: AttemptTask): boolean;
  stage: Stage;
}

/** The stages that call the target, in the order they are asked; chat serves every task none claims. */
export const MODEL_STAGES: readonly StageEntry[] = [
  // τ²-bench: an agent conversation with a simulated user (τ-bench v1's rule scores imported trajectories only).
  { claims: (t) => t.benchmark.scoring.type === "tau2" && t.benchmark.scoring.rule !== "tau-bench-v1", stage: agentConversationStage },
  { claims: (t) => t.benchmark.scoring.type === "loglikelihood", stage: loglikelihoodStage },
  { claims: (t) => turnsColumnOf(t.benchmark.options) !== null, stage: multiTurnStage },
];

export interface StageSources {
  /** The reply an earlier try kept (its message's reply_key), when it is still readable. */
  kept: KeptReply | null;
  /** The attempt's recorded output, for a recorded target (an outputs target, a re-score); null for a live one. */
  recorded: (() => Promise<RecordedReply>) | null;
}

export function chooseStage(task: AttemptTask, sources: StageSources): Stage {
  if (sources.kept) return keptReplyStage(sources.kept);
  if (sources.recorded) return recordedStage(sources.recorded);
  return MODEL_STAGES.find((e) => e.claims(task))?.stage ?? chatStage;
}
