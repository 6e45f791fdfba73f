/** Terminal-Bench 2.0's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { ENVIRONMENT_RUNNER_DETAIL, ENVIRONMENT_RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Hard, realistic tasks an agent must complete in a Linux terminal: building, configuring, debugging, securing.",
  status_detail: notBundled(
    definition.data,
    ENVIRONMENT_RUNNER_DETAIL,
    "Its tasks load as a benchmark of your project from a copy of the tasks folder (POST /api/benchmarks/tasks with a ZIP of it, or `assay benchmark tasks terminal-bench-2 PATH`): " +
      "each task keeps its image (task.toml docker_image), which a runner with Docker or Podman pulls, or builds from the task's Dockerfile when the pull fails; " +
      "the local backend builds the Debian-based ones it can and names what it cannot (docs/environments.md).",
  ),
  text: {
    what_it_measures:
      "Competence as an autonomous shell user: " +
      "compiling and packaging software, system administration, data wrangling, security puzzles and scientific computing, judged by the state the agent leaves behind.",
    how_it_works:
      "The agent gets a task instruction and a shell in the task's container. " +
      "When it stops, the task's test script checks the end state (files produced, services running, outputs correct). " +
      "Tasks were hand-written and checked to be solvable; version 2.0 is run through the Harbor harness.",
    strengths: [
      "Outcome-based: any sequence of commands that reaches the right state counts.",
      "Covers skills far beyond code editing (tooling, networking, systems).",
      "Hard enough to separate frontier agents.",
    ],
    limitations: [
      "Under a hundred tasks, so scores move by several points per task.",
      "Depends on the agent harness and its time limits.",
      "Containers and long trajectories make runs slow and costly.",
    ],
    when_to_use: "Pick it for agents that operate machines: DevOps helpers, CLI coding agents, data-engineering agents.",
    use_cases: ["CLI coding agents", "DevOps and SRE assistants", "Data pipeline agents"],
  },
  credentials: [],
  requirements: [ENVIRONMENT_RUNNER_REQUIREMENT, "Most tasks need the internet at build time (apt, pip) and images from Docker Hub: a runner with Docker or Podman and network."],
  references: [{ title: "Terminal-Bench", url: "https://www.tbench.ai" }, { title: "Harbor", url: "https://harborframework.com" }],
};
