/** TAU-Bench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Customer-service agents talk to a simulated user and use tools under a written policy (τ²-bench: airline, retail, telecom); the end state and what was said decide.",
  status_detail:
    "Runs here, in the Worker: its 278 release tasks (airline 50, retail 114, telecom 114; sierra-research/tau2-bench at its 2025-06-10 release, each file checked against its sha256) " +
    "load as rows, and each attempt is one conversation on a fresh copy of the task's domain: the target is the agent, calling the domain's tools through its own SDK " +
    "(OpenAI-compatible or Anthropic), and a second model plays the user from the task's hidden scenario (options.user_model, or the run's judge by default). " +
    "The reward is τ²'s evaluator's, every component kept; pass^1..pass^k (k = attempts, 4 by default as the leaderboard runs) is its headline. " +
    "τ² result files and τ-bench v1 trajectories can also be imported and replayed (formats tau2 and tau-bench; every recorded reward reproduced, docs/tau2.md).",
  status_summary: "Runs here on 278 tasks with a user-simulator model; pass^k is its headline",
  text: {
    what_it_measures:
      "Tool use in a conversation with rules: understanding what a (simulated) customer wants, following the domain policy " +
      "(what may be changed, refunded or rebooked), calling the right tools with the right arguments, and, in telecom, guiding the customer through fixes on their own phone.",
    how_it_works:
      "A language model plays the customer from a hidden scenario and ends the conversation with a stop token; " +
      "the agent under test talks with it and calls the domain's tools over its database. " +
      "The reward multiplies the checks each task names: the final database equals the one the gold actions produce, assertions on the environment hold, " +
      "the gold actions were called, required information was said, and (judged by a model) natural-language assertions hold. " +
      "A conversation that ends by the step or error limit scores 0. " +
      "Because users vary, the benchmark reports pass^k, the chance that all k attempts at a task succeed, computed from a run with k attempts.",
    strengths: [
      "Tests reliability (pass^k), not just occasional success.",
      "Combines dialogue, policy adherence and tool calling, as real support work does.",
      "Objective end-state checks, with the published result files replayable step by step.",
    ],
    limitations: [
      "The simulated user is itself a model and sometimes misbehaves; results depend on which model plays it.",
      "Three domains, with narrow tool sets.",
      "Some tasks have ambiguities that make perfect scores impossible.",
    ],
    when_to_use: "Pick it for support and operations agents that act on customer records under company rules.",
    use_cases: ["Customer-support agents", "Booking and order-management assistants", "Any agent bound by a written policy"],
  },
  credentials: [],
  requirements: [
    "A user-simulator model besides the agent's model: options.user_model (provider, base_url, model, api_key), or the run's judge, which plays the user when no user model is set. τ²'s leaderboard used gpt-4.1 as the user.",
    "An agent model that calls tools (OpenAI-compatible tool calls or Anthropic tool use).",
    "Nothing for imports: the domains load from their pinned files.",
  ],
  references: [
    {
      title: "τ-bench: A Benchmark for Tool-Agent-User Interaction in Real-World Domains (Yao et al., 2024)",
      url: "https://arxiv.org/abs/2406.12045",
    },
    {
      title: "τ²-Bench: Evaluating Conversational Agents in a Dual-Control Environment (Barres et al., 2025)",
      url: "https://arxiv.org/abs/2506.07982",
    },
  ],
};
