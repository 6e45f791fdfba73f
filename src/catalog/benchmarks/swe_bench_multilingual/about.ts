/** SWE-bench Multilingual's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { CONTAINER_IMAGES_REQUIREMENT, ENVIRONMENT_RUNNER_DETAIL, ENVIRONMENT_RUNNER_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "SWE-bench-style issue fixing in nine languages beyond Python.",
  status_detail:
    "Its 300 instances load from the Hugging Face parquet pinned by the size and sha256 that public pins of the file state (the Git LFS pointer itself could not be read when it was pinned); the loader checks both, then every row's fields. " +
    ENVIRONMENT_RUNNER_DETAIL +
    " Each instance runs in its evaluation image as the official harness names it (swebench/sweb.eval.x86_64.<instance>, pulled by a runner with Docker or Podman; the local backend cannot build it), " +
    "the agent edits /testbed at the base commit, then the test patch is applied and the test command the harness defines for the instance's repository and pull request runs. " +
    "The logs of all 42 repositories are graded by SWE-bench's rules (FAIL_TO_PASS and PASS_TO_PASS all passing), each read by the log parser the official harness uses for its repository (go test, cargo, phpunit, redis's runner, googletest, doctest, Maven, Gradle, ant, jest, vitest, jasmine, TAP, karma, minitest, test-unit, cucumber, rspec).",
  status_summary: "Runs on an environment runner that can pull the instances' images; all 42 repositories graded",
  text: {
    what_it_measures: "Whether an agent's issue-fixing ability carries over to C, C++, Go, Java, JavaScript, TypeScript, PHP, Ruby and Rust codebases and their toolchains.",
    how_it_works:
      "Same protocol as SWE-bench: a real issue, the repository at its base commit, and the tests that the real fix made pass. " +
      "The agent patches the code in a container and the verifier runs the tests; reward 1 only if all pass.",
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
  requirements: [ENVIRONMENT_RUNNER_REQUIREMENT, CONTAINER_IMAGES_REQUIREMENT],
  references: [{ title: "SWE-bench Multilingual", url: "https://www.swebench.com/multilingual.html" }],
};
