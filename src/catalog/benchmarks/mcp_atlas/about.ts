/** MCP-Atlas's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { AGENT_RUNNER_DETAIL, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Multi-step tasks across real MCP servers, where the agent must find the right tools itself; scored by claims in its answer.",
  status_detail: notBundled(definition.data, AGENT_RUNNER_DETAIL),
  text: {
    what_it_measures:
      "Tool discovery and orchestration over the Model Context Protocol: picking relevant tools among many (including plausible distractors) " +
      "across several real MCP servers, calling them with correct parameters, recovering from errors and synthesising a grounded answer.",
    how_it_works:
      "Prompts describe a goal without naming servers or tools; solving one typically takes several tool calls across servers. " +
      "The final answer is checked against a list of atomic factual claims grounded in the tools' outputs, giving partial credit per claim; " +
      "a task counts as passed above a coverage threshold.",
    strengths: [
      "Real MCP servers, not mocks, so latency, errors and messy outputs are part of the test.",
      "Answer-centred scoring accepts any valid tool path.",
      "Diagnostics separate tool-call mistakes from reasoning and synthesis mistakes.",
    ],
    limitations: [
      "Claim checking uses a model-based evaluator, with its own error rate.",
      "Live services can change their data over time, shifting answers.",
      "Needs the full server harness running next to the runner.",
    ],
    when_to_use: "Pick it for agents that connect to many MCP servers and must choose tools on their own.",
    use_cases: ["General MCP-based assistants", "Enterprise agents with large tool catalogues", "Research agents combining several data sources"],
  },
  credentials: [],
  requirements: [RUNNER_REQUIREMENT, "The MCP-Atlas server harness (containers) reachable from the runner, plus any API keys those servers need."],
  references: [
    {
      title: "MCP-Atlas: A Large-Scale Benchmark for Tool-Use Competency with Real MCP Servers (Scale AI, 2026)",
      url: "https://arxiv.org/abs/2602.00933",
    },
  ],
};
