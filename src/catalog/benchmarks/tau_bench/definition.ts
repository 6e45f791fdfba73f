/** TAU-Bench (τ²-bench's airline, retail and telecom domains): how a run executes it. Pure data; the detail page is about.ts, the pinned files source.ts, the rows normalise.ts. */
import { tau2Rows } from "./normalise";
import { TAU2_TASKS_DATA } from "./source";
import type { BenchmarkDefinition } from "../../types";

export const definition: BenchmarkDefinition = {
  id: "bm_tau_bench",
  name: "TAU-Bench",
  category: "agent",
  // Runs in the Worker: each attempt is a conversation (src/execution/stages/agent-conversation.ts), the target as the agent, a second model as the user.
  kind: "inline",
  variant_of: null,
  status: "runnable",
  data: TAU2_TASKS_DATA,
  normalise: tau2Rows,
  split: null,
  // The samples view's line; the agent is asked by its stage (the domain's policy, tools and the simulated user), never with this text.
  prompt_template: "{prompt}",
  answer_column: null,
  // τ²'s evaluator; its judge grades natural-language assertions only where a task's reward basis counts them (no release task's does).
  scoring: { type: "tau2", rule: "tau2", nl: "judge" },
  // τ² reports pass^1..4 from four trials per task: a run makes four attempts unless the benchmark's own attempts say otherwise.
  min_attempts: 4,
  subsets: ["airline", "retail", "telecom"],
  few_shot: { supported: false, default: 0, split: null, note: "Agent conversations run zero-shot, as τ² runs them: the domain's policy is the agent's system prompt." },
  sample_size: 278,
  needs: ["user simulator"],
};
