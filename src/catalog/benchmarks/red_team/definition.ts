/**
 * Red Team, run on hh-rlhf harmless-base: each dialogue's human turns sent
 * as one conversation, the model's last reply judged harmful or not by the
 * run's judge (src/scorers/red-team-judge.ts states the rubric); the score
 * is the harmlessness rate. Pure data; the detail page is about.ts.
 */
import type { BenchmarkDefinition } from "../../types";
import { redTeamRows } from "./normalise";
import { RED_TEAM_DATA } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_red_team",
  name: "Red Team",
  category: "safety",
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: RED_TEAM_DATA,
  normalise: redTeamRows,
  split: null,
  prompt_template: "{first_turn}",
  answer_column: null,
  scoring: { type: "red_team_judge" },
  turns_column: "turns",
  subsets: [],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot: examples of refusals would bias the result." },
  sample_size: 2312,
};
