/** TAU-Bench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { AGENT_RUNNER_DETAIL, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Customer-service agents talk to a simulated user and use tools under a written policy; the final database state decides.",
  status_detail: notBundled(definition.data, AGENT_RUNNER_DETAIL),
  text: {
    what_it_measures:
      "Tool use in a conversation with rules: understanding what a (simulated) " +
      "customer wants, following the domain policy (what may be changed, refunded or rebooked), calling the right tools with the right arguments, and ending with the correct database state.",
    how_it_works:
      "A language model plays the customer from a hidden instruction; " +
      "the agent under test talks with it and calls domain tools (retail orders, airline bookings). " +
      "When the conversation ends, the database is compared with the goal state; reward 1 on a match. " +
      "Because users vary, the benchmark reports pass^k — the chance that all k attempts at a task succeed — which Assay computes from a run with k attempts.",
    strengths: [
      "Tests reliability (pass^k), not just occasional success.",
      "Combines dialogue, policy adherence and tool calling, as real support work does.",
      "Objective end-state check.",
    ],
    limitations: [
      "The simulated user is itself a model and sometimes misbehaves; results depend on which model plays it.",
      "Few domains, with narrow tool sets.",
      "Some tasks have ambiguities that make perfect scores impossible.",
    ],
    when_to_use: "Pick it for support and operations agents that act on customer records under company rules.",
    use_cases: ["Customer-support agents", "Booking and order-management assistants", "Any agent bound by a written policy"],
  },
  credentials: [],
  requirements: [RUNNER_REQUIREMENT, "A user-simulator model configured on the runner, besides the agent's model."],
  references: [
    {
      title: "τ-bench: A Benchmark for Tool-Agent-User Interaction in Real-World Domains (Yao et al., 2024)",
      url: "https://arxiv.org/abs/2406.12045",
    },
  ],
};
