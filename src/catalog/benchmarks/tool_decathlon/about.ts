/** Tool Decathlon's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { AGENT_RUNNER_DETAIL, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Toolathlon: long, multi-app tasks across dozens of real applications, each checked by its own evaluation script.",
  status_detail: notBundled(definition.data, AGENT_RUNNER_DETAIL),
  text: {
    what_it_measures:
      "Execution of realistic workflows that cross applications — e-mail with calendars and files, a shop back office, course management, " +
      "cloud and database consoles — over many tool calls, starting from realistic, populated states.",
    how_it_works:
      "Each task sets up its applications in a realistic initial state and gives a short, often loosely worded instruction. " +
      "The agent works through MCP-based tools (on the order of twenty turns per task); when it stops, a dedicated script checks the resulting state. " +
      "Reward 1 only if the check passes.",
    strengths: [
      "Diversity: many applications and hundreds of tools in one suite.",
      "Populated initial states make tasks realistic rather than toy.",
      "Execution-based checks with no judge.",
    ],
    limitations: [
      "Heavy setup: containers for many applications plus some remote services.",
      "About a hundred tasks, so per-application scores are thin.",
      "Long trajectories make each attempt slow and costly.",
    ],
    when_to_use: "Pick it for general-purpose work agents expected to operate several business applications end to end.",
    use_cases: ["Office and operations agents", "E-commerce back-office automation", "IT administration agents"],
  },
  credentials: [],
  requirements: [
    RUNNER_REQUIREMENT,
    "The Toolathlon environment (containers for the local applications and the MCP servers) " +
      "next to the runner, plus accounts for any remote services it uses.",
  ],
  references: [
    {
      title: "The Tool Decathlon: Benchmarking Language Agents for Diverse, Realistic, and Long-Horizon Task Execution (Li et al., 2025)",
      url: "https://arxiv.org/abs/2510.25726",
    },
  ],
};
