/** TAU-Bench (τ²-bench's airline, retail and telecom domains): how a run executes it. Pure data; the detail page is about.ts, the pinned domain files source.ts. */
import { AGENT_FEW_SHOT, runnerVerifier } from "../../phrases";
import type { BenchmarkDefinition } from "../../types";
import { TAU2_RELEASE_COMMIT, TAU2_REPOSITORY } from "./source";

export const definition: BenchmarkDefinition = {
  id: "bm_tau_bench",
  name: "TAU-Bench",
  category: "agent",
  kind: "runner",
  variant_of: null,
  // Native runs (the target as the agent, a second model as the user, src/agents/tau2/conversation.ts) wait for the
  // attempt pipeline's agent loop; until then the catalog keeps the entry unavailable. Imports and replays work now.
  status: "unavailable",
  data: {
    kind: "external",
    location: `https://github.com/${TAU2_REPOSITORY}`,
    revision: TAU2_RELEASE_COMMIT,
    license: "MIT",
    notes:
      "τ²-bench's release of 2025-06-10: each domain's database, policy and tasks, the user simulator's guidelines, pinned with their sha256 (source.ts); " +
      "Assay loads them to replay and score imported τ² results and τ-bench v1 trajectories (docs/tau2.md).",
  },
  split: null,
  prompt_template: null,
  answer_column: null,
  scoring: runnerVerifier("tau2-reward"),
  // τ² reports pass^1..4 from four trials per task: a run makes four attempts unless the benchmark's own attempts say otherwise.
  min_attempts: 4,
  subsets: ["airline", "retail", "telecom"],
  few_shot: AGENT_FEW_SHOT,
  sample_size: null,
  needs: ["user simulator"],
};
