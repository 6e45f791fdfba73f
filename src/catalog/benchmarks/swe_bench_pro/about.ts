/** SWE-bench Pro's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { CONTAINER_IMAGES_REQUIREMENT, ENVIRONMENT_RUNNER_DETAIL, ENVIRONMENT_RUNNER_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Long-horizon, multi-file engineering tasks from business and developer-tool codebases, built to resist contamination.",
  status_detail:
    "Its 731 public instances load from the Hugging Face parquet pinned by its sha256, each joined with its run_script.sh and parser.py from the official harness's run_scripts/ folder, pinned by its git tree id. " +
    ENVIRONMENT_RUNNER_DETAIL +
    " Each instance runs in its image as the harness names it (jefzda/sweap-images, tagged by the row's dockerhub_tag; pulled by a runner with Docker or Podman, which the local backend cannot), " +
    "the agent edits /app at the base commit, then the harness's entry script resets the tests, runs run_script.sh on the selected test files and parser.py writes output.json: " +
    "resolved only when every FAIL_TO_PASS and PASS_TO_PASS test is PASSED there, as swe_bench_pro_eval.py grades it.",
  status_summary: "Runs on an environment runner that can pull the instances' images",
  text: {
    what_it_measures:
      "Sustained engineering on changes a professional might need hours or days for: " +
      "features and fixes spanning several files, in repositories of business applications, B2B services and developer tools.",
    how_it_works:
      "Tasks come from consecutive commits of actively maintained repositories, rewritten by humans into clear problem statements with requirements. " +
      "The agent works in a container; the verifier runs the task's tests. The public set uses copyleft (GPL) " +
      "repositories, which discourages their inclusion in training data; held-out and commercial (private startup code) sets are not released.",
    strengths: [
      "Much harder than SWE-bench Verified, with substantial multi-file patches.",
      "Contamination resistance by licence choice and private sets.",
      "Covers several languages and application domains.",
    ],
    limitations: [
      "Expensive: each attempt builds a container and may take many agent turns.",
      "Scores depend heavily on the agent scaffold (tools, context management, retries), not only on the model; compare with the same scaffold.",
      "Only the public set can be run outside Scale AI, so local scores are not the published leaderboard.",
    ],
    when_to_use: "Pick it when SWE-bench Verified no longer separates the agents you compare, or to test long-horizon work.",
    use_cases: ["Autonomous engineering agents for product teams", "Evaluating long-context and planning improvements in coding agents"],
  },
  credentials: [],
  requirements: [ENVIRONMENT_RUNNER_REQUIREMENT, CONTAINER_IMAGES_REQUIREMENT],
  references: [
    {
      title: "SWE-Bench Pro: Can AI Agents Solve Long-Horizon Software Engineering Tasks? (Deng et al., 2025)",
      url: "https://arxiv.org/abs/2509.16941",
    },
  ],
};
