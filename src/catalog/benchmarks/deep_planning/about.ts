/** DeepPlanning's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { AGENT_RUNNER_DETAIL, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Long-horizon planning under hard constraints: multi-day travel itineraries and multi-item shopping plans built from tool lookups.",
  status_detail: notBundled(definition.data, AGENT_RUNNER_DETAIL),
  text: {
    what_it_measures:
      "Planning as constrained optimisation: " +
      "gathering the facts a plan depends on through tools (opening hours, availability, prices), respecting local constraints on each step, " +
      "and meeting global budgets of time and money across the whole plan.",
    how_it_works:
      "The agent gets a request (destination, dates, budget, preferences, or a shopping list) and specialised APIs over a sandboxed database. " +
      "It must return a complete plan — a minute-level itinerary with costs, or an optimised basket. " +
      "Rule-based checkers verify every constraint, so the score reflects whether the plan is actually feasible and within budget. " +
      "Domains are the subsets.",
    strengths: [
      "Tests global consistency, where step-by-step tool use alone is not enough.",
      "Deterministic, rule-based checking in an offline sandbox: reproducible.",
      "Hard for current agents, so it separates them.",
    ],
    limitations: [
      "Two domains only (travel and shopping).",
      "Strict all-constraints scoring can hide partial competence.",
      "Large per-task databases make attempts long.",
    ],
    when_to_use: "Pick it for assistants that must produce complete plans or schedules under budgets, not just answer questions.",
    use_cases: ["Travel assistants", "Shopping and procurement agents", "Scheduling and logistics planners"],
  },
  credentials: [],
  requirements: [RUNNER_REQUIREMENT, "The DeepPlanning sandbox (databases and APIs) on the runner."],
  references: [
    {
      title: "DeepPlanning: Benchmarking Long-Horizon Agentic Planning with Verifiable Constraints (Zhang et al., 2026)",
      url: "https://arxiv.org/abs/2601.18137",
    },
  ],
};
