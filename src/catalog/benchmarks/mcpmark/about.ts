/** MCPMark's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { AGENT_RUNNER_DETAIL, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Realistic create-read-update-delete work through MCP on Notion, GitHub, the filesystem, PostgreSQL and a browser, verified by scripts.",
  status_detail: notBundled(definition.data, AGENT_RUNNER_DETAIL),
  text: {
    what_it_measures:
      "Thorough, stateful use of real services through MCP: " +
      "not just reading but creating and changing pages, repositories, files and database rows correctly, over long tool-calling sessions.",
    how_it_works:
      "Before each task the runner puts the service into the task's initial state (duplicating Notion templates, creating a GitHub repository, seeding a database). " +
      "The agent works through the service's MCP server; afterwards the task's verification script inspects the real state and decides pass or fail. " +
      "Environments are isolated per task so attempts do not see each other's changes. Services are the subsets.",
    strengths: [
      "Verifies the actual end state in real services, so partial or cosmetic work fails.",
      "Exercises write operations, which read-only tool benchmarks skip.",
      "Five services with very different tools and data models.",
    ],
    limitations: [
      "Needs real accounts and credentials for Notion and GitHub, and a PostgreSQL server; setup is the heaviest in the catalog.",
      "Service API changes and rate limits can fail tasks for reasons outside the agent.",
      "Long sessions make runs slow and costly.",
    ],
    when_to_use: "Pick it for agents that will operate your team's real tools (docs, repositories, databases) and must leave them in the right state.",
    use_cases: ["Workspace and knowledge-base agents", "Repository maintenance bots", "Database operations assistants", "Browser automation agents"],
  },
  credentials: [
    {
      service: "notion",
      description:
        "Notion internal-integration tokens: " +
        "one with access to the source hub holding the task templates, one with full access to the evaluation hub page the tasks are copied into.",
    },
    {
      service: "github",
      description:
        "A GitHub personal access token (several can be given for round-robin use) " +
        "allowed to create and delete repositories in a dedicated evaluation organisation, and that organisation's name.",
    },
    {
      service: "postgres",
      description: "Host, port, database, user name and password of a PostgreSQL server the runner may reset and seed for each task.",
    },
  ],
  requirements: [
    RUNNER_REQUIREMENT,
    "The filesystem and Playwright tasks run locally on the runner (a browser installed for Playwright); " +
      "the other services need the credentials listed.",
  ],
  references: [
    { title: "MCPMark: A Benchmark for Stress-Testing Realistic and Comprehensive MCP Use (2025)", url: "https://arxiv.org/abs/2509.24002" },
    { title: "mcpmark.ai", url: "https://mcpmark.ai" },
  ],
};
