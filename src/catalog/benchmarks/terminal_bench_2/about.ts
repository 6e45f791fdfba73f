/** Terminal-Bench 2.0's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { CONTAINER_IMAGES_REQUIREMENT, ENVIRONMENT_RUNNER_DETAIL, ENVIRONMENT_RUNNER_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";
import { TERMINAL_BENCH_2_DATA } from "./source";

const pin = TERMINAL_BENCH_2_DATA.git_tree!;

export const about: BenchmarkAbout = {
  description: "Hard, realistic tasks an agent must complete in a Linux terminal: building, configuring, debugging, securing.",
  status_detail:
    `Its 89 tasks load on first use from the task folder pinned by its git tree id (${pin.tree}, ${TERMINAL_BENCH_2_DATA.repository}@${TERMINAL_BENCH_2_DATA.commit.slice(0, 8)}:${pin.folder}): ` +
    `the folder's listing must hash to that id and every file to the blob id the listing gives, or nothing loads. ` +
    `Loading costs ${pin.files + 1} requests upstream (GitHub's listing, then ${pin.files} files, over ${(pin.bytes / 1e6).toFixed(1)} MB), within a paid Worker's 1,000 subrequests; ` +
    "a deployment on the free plan (50) or without GitHub loads it from a mirror in one request: `assay data pull bm_terminal_bench_2` writes the folder as one archive, checked the same way. " +
    "The copy pinned vendors the official tasks (Harbor's registry names laude-institute/terminal-bench-2@69671fba, which could not be read where the pin was made). " +
    ENVIRONMENT_RUNNER_DETAIL +
    " Each task keeps its prebuilt image (task.toml docker_image, alexgshaw/<task>:20251031), which a runner with Docker or Podman pulls, or builds from the task's Dockerfile when the pull fails; " +
    "the local backend builds the Debian-based ones it can and names what it cannot (most need pip or the network at build time). " +
    "A folder of your own tasks, or another copy of these, loads as a benchmark of your project (POST /api/benchmarks/tasks, `assay benchmark tasks NAME PATH`).",
  status_summary: "Runs on an environment runner that can pull the tasks' images",
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
  requirements: [ENVIRONMENT_RUNNER_REQUIREMENT, CONTAINER_IMAGES_REQUIREMENT, "Most tasks' Dockerfiles need the internet at build time (apt, pip), so without their images only a runner with network can build them."],
  references: [{ title: "Terminal-Bench", url: "https://www.tbench.ai" }, { title: "Harbor", url: "https://harborframework.com" }],
};
