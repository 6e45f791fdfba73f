/** SWE-bench Pro's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { ENVIRONMENT_RUNNER_DETAIL, ENVIRONMENT_RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Long-horizon, multi-file engineering tasks from business and developer-tool codebases, built to resist contamination.",
  status_detail: notBundled(
    definition.data,
    ENVIRONMENT_RUNNER_DETAIL,
    "Built and tested apart from the entry: its public set's 731 instances pinned (the Hugging Face parquet at a commit, by its sha256), the harness's per-instance run_script.sh and parser.py pinned (the git tree id of run_scripts/ in scaleapi/SWE-bench_Pro-os), " +
      "and the environment runner's SWE-bench Pro branch (the instance's image, the harness's entry script, output.json graded as the harness grades it). " +
      "What remains: the entry loading both and joining each instance with its two scripts into the row an attempt carries.",
  ),
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
  requirements: [ENVIRONMENT_RUNNER_REQUIREMENT, "Docker (or equivalent) on the runner; the task images are published alongside the dataset."],
  references: [
    {
      title: "SWE-Bench Pro: Can AI Agents Solve Long-Horizon Software Engineering Tasks? (Deng et al., 2025)",
      url: "https://arxiv.org/abs/2509.16941",
    },
  ],
};
