/** SWE-bench Multilingual's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { ENVIRONMENT_RUNNER_DETAIL, ENVIRONMENT_RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "SWE-bench-style issue fixing in nine languages beyond Python.",
  status_detail: notBundled(definition.data, ENVIRONMENT_RUNNER_DETAIL, "Assay's eval plans hold SWE-bench's test commands for the Python repositories only (src/environments/swebench/specs.ts), so its nine languages' instances need their eval scripts too."),
  text: {
    what_it_measures: "Whether an agent's issue-fixing ability carries over to C, C++, Go, Java, JavaScript, TypeScript, PHP, Ruby and Rust codebases and their toolchains.",
    how_it_works:
      "Same protocol as SWE-bench: a real issue, the repository at its base commit, and the tests that the real fix made pass. " +
      "The agent patches the code in a container and the verifier runs the tests; reward 1 only if all pass. Languages are the subsets.",
    strengths: [
      "Exposes agents and scaffolds overfitted to Python tooling.",
      "Compatible with the SWE-bench harness, so the same runner serves both.",
      "Small enough (300 tasks) to run regularly.",
    ],
    limitations: [
      "Expensive: each attempt builds a container and may take many agent turns.",
      "Scores depend heavily on the agent scaffold (tools, context management, retries), not only on the model; compare with the same scaffold.",
      "Around thirty tasks per language, so per-language scores have wide intervals.",
    ],
    when_to_use: "Pick it when your agent works on codebases that are not Python.",
    use_cases: ["Coding agents for polyglot monorepos", "Language-specific developer tools"],
  },
  credentials: [],
  requirements: [ENVIRONMENT_RUNNER_REQUIREMENT, "Docker (or equivalent) on the runner, with each language's toolchain in the task images."],
  references: [{ title: "SWE-bench Multilingual", url: "https://www.swebench.com/multilingual.html" }],
};
