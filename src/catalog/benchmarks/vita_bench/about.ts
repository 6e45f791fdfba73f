/** VITA-Bench's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { AGENT_RUNNER_DETAIL, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Life-service agents (food delivery, in-store consumption, online travel) juggling many tools and a changing user over multi-turn conversations.",
  status_detail: notBundled(definition.data, AGENT_RUNNER_DETAIL),
  text: {
    what_it_measures:
      "Versatile interactive work in everyday service apps: " +
      "reasoning over time and place, navigating a large interconnected tool set, " +
      "asking for clarification when a request is ambiguous and tracking a user whose intent shifts during the conversation.",
    how_it_works:
      "Tasks are derived from real user requests in three domains (and cross-domain combinations). " +
      "A simulated user converses with the agent, which acts through the domain tools; " +
      "a rubric-based evaluator reads the long trajectory in sliding windows and checks each rubric item. " +
      "Domains (and the cross-scenario set, which is the main result) are the subsets.",
    strengths: [
      "Realistic service scenarios with large tool graphs and databases.",
      "Cross-scenario tasks test composition across apps.",
      "Rubrics credit the many valid ways to satisfy a request.",
    ],
    limitations: [
      "Rubric evaluation and the user simulator are model-based, so both add noise.",
      "Focused on consumer services from one region's apps.",
      "Long multi-turn episodes are slow and costly.",
    ],
    when_to_use: "Pick it for consumer-facing agents that book, order and plan for users in conversation.",
    use_cases: ["Food-delivery and local-services assistants", "Travel booking agents", "Super-app concierge agents"],
  },
  credentials: [],
  requirements: [RUNNER_REQUIREMENT, "A user-simulator model and the rubric evaluator configured on the runner."],
  references: [
    {
      title: "VitaBench: Benchmarking LLM Agents with Versatile Interactive Tasks in Real-world Applications (Meituan LongCat Team, 2025)",
      url: "https://arxiv.org/abs/2509.26490",
    },
  ],
};
