/** LiveCodeBench v6's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { CODE_RUNNER, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Recent contest problems from LeetCode, AtCoder and Codeforces, dated so you can test on problems newer than a model's training data.",
  status_detail: notBundled(definition.data, CODE_RUNNER),
  text: {
    what_it_measures: "Algorithmic problem solving on competitive-programming tasks, with contamination controlled by release date.",
    how_it_works:
      "Problems are collected continuously from programming contests and stamped with their contest date; " +
      "release_v6 is a frozen snapshot of that collection. The model writes a full program (standard input/output) or a class method (LeetCode style); " +
      "the runner executes it against hidden tests within time limits. " +
      "Restricting a run to problems published after a model's cutoff gives a contamination-free score. Difficulty (easy, medium, hard) " +
      "is the natural subset.",
    strengths: [
      "Contamination control by date is built in.",
      "Harder and more varied than HumanEval-style tasks; separates strong code models.",
      "Execution-based with many hidden tests per problem.",
    ],
    limitations: [
      "Competitive programming is not everyday software engineering (no codebases, no APIs).",
      "Scores depend on the date window, so always compare on the same window and release.",
      "Verification is heavy: large test files and strict time limits on the runner.",
    ],
    when_to_use: "Pick it to compare reasoning-heavy code models fairly, on problems they cannot have seen.",
    use_cases: ["Algorithm-heavy coding assistants", "Evaluating reasoning modes on code"],
  },
  credentials: [],
  requirements: [RUNNER_REQUIREMENT, "A sandbox that runs Python programs against large hidden test sets with per-test time limits."],
  references: [
    {
      title: "LiveCodeBench: Holistic and Contamination Free Evaluation of Large Language Models for Code (Jain et al., 2024)",
      url: "https://arxiv.org/abs/2403.07974",
    },
    { title: "livecodebench.github.io", url: "https://livecodebench.github.io" },
  ],
};
