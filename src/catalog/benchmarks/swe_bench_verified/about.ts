/** SWE-bench Verified's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { ENVIRONMENT_RUNNER_DETAIL, ENVIRONMENT_RUNNER_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Resolve real GitHub issues in popular Python repositories; the project's own tests decide.",
  status_detail:
    "Its 500 instances load from the Hugging Face parquet pinned by its sha256. " +
    ENVIRONMENT_RUNNER_DETAIL +
    " Each instance runs in its evaluation image as the official harness names it (swebench/sweb.eval.x86_64.<instance>, pulled by a runner with Docker or Podman; the local backend cannot build it), " +
    "the agent edits /testbed at the base commit, then the test patch is applied and the instance's test command runs, and the log is graded by SWE-bench's own rules (FAIL_TO_PASS and PASS_TO_PASS all passing).",
  status_summary: "Runs on an environment runner that can pull the instances' images",
  text: {
    what_it_measures:
      "Repository-level software engineering: " +
      "understanding an issue, finding the relevant code in a large unfamiliar codebase, and writing a patch that fixes it without breaking anything else.",
    how_it_works:
      "Each task is a real issue from an open-source Python project with the repository at the commit before the fix. " +
      "The agent edits the code in a container; the verifier applies its patch and runs the tests the real fix made pass (FAIL_TO_PASS) " +
      "and the ones that already passed (PASS_TO_PASS). Reward 1 only if all pass. " +
      "The Verified set is a 500-task subset that human engineers checked to be well specified and fairly tested.",
    strengths: [
      "Real issues and real test suites: the closest standard benchmark to everyday engineering work.",
      "Human validation removed under-specified tasks and unfair tests from the original set.",
      "The de facto headline number for coding agents.",
    ],
    limitations: [
      "Expensive: each attempt builds a container and may take many agent turns.",
      "Scores depend heavily on the agent scaffold (tools, context management, retries), not only on the model; compare with the same scaffold.",
      "Python only, and a handful of repositories dominate the set.",
      "Public for years, so training contamination is a real concern; many tasks are small fixes.",
    ],
    when_to_use: "Pick it to compare coding agents or the models behind them on realistic bug fixing.",
    use_cases: ["Autonomous coding agents", "PR-writing bots", "IDE agents that edit across files"],
  },
  credentials: [],
  requirements: [ENVIRONMENT_RUNNER_REQUIREMENT, "The environment runner needs a container engine (Docker or Podman) that can pull the instances' evaluation images from Docker Hub (swebench/sweb.eval.x86_64.*)."],
  references: [
    { title: "SWE-bench: Can Language Models Resolve Real-World GitHub Issues? (Jimenez et al., 2023)", url: "https://arxiv.org/abs/2310.06770" },
    { title: "Introducing SWE-bench Verified (OpenAI, 2024)", url: "https://openai.com/index/introducing-swe-bench-verified/" },
  ],
};
