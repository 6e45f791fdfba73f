/** HumanEval's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { SANDBOX_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Write a Python function from its signature and docstring; hidden unit tests decide pass or fail.",
  status_detail:
    "Runs against a model target. Its 164 problems load from their pinned source (gzip JSON Lines, checked against its sha256); " +
    "each reply's code runs with the problem's tests in Assay's code sandbox (ASSAY_SANDBOX_URL: `npm start` starts one; see docs/sandbox.md). " +
    "Without a sandbox its attempts end without a reward, never with a 0.",
  text: {
    what_it_measures:
      "Functional correctness of short, self-contained Python functions written from a natural-language specification: " +
      "basic algorithms, string and list manipulation, simple maths.",
    how_it_works:
      "The model is shown the function stub (signature and docstring) and asked for the complete function in a ```python block. " +
      "Assay takes the last Python (or bare) fenced block of the reply, else the whole reply, and runs the program prompt + code + the problem's check() " +
      "+ check(entry_point) in a fresh python3 -I process in the sandbox (no network, 10 s, 1 GB): " +
      "a reply that is the whole function redefines the stub, a reply that is only the body completes it, as in openai/human-eval. " +
      "Reward 1 when the program exits 0 (every assertion passes), else 0 with the reason (assertion, exception, timeout, memory). " +
      "With several attempts per problem the run reports pass@k with the unbiased estimator.",
    strengths: [
      "Execution-based: no judge, no string matching, a program either works or not.",
      "Small and fast; the standard first signal for code generation.",
      "pass@k over several samples shows how much sampling helps.",
    ],
    limitations: [
      "Saturated for frontier models and widely leaked into training data.",
      "Few tests per problem: some wrong solutions pass (see HumanEval+).",
      "Only short Python functions; nothing about reading a codebase, tooling or other languages.",
      "Scores depend on the extraction rule and on whether the prompt is prepended; " +
        "harnesses that run every program in one interpreter pass a few programs that forget an import.",
    ],
    when_to_use: "Pick it as a quick code-generation regression check, for small models, or to measure pass@k gains from sampling.",
    use_cases: ["Code completion in editors", "Assistants that write utility functions or scripts"],
  },
  credentials: [],
  requirements: [SANDBOX_REQUIREMENT],
  references: [
    { title: "Evaluating Large Language Models Trained on Code (Chen et al., 2021)", url: "https://arxiv.org/abs/2107.03374" },
    { title: "openai/human-eval", url: "https://github.com/openai/human-eval" },
  ],
};
