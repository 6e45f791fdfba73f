/** MBPP's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { SANDBOX_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Crowd-sourced entry-level Python tasks, each with three test assertions.",
  status_detail:
    "Runs against a model target on the full set's 500-problem test split (task ids 11–510), 3-shot with tasks 2–4 as in the paper. " +
    "Its data loads from its pinned source (checked against its sha256); " +
    "each reply's code runs with the task's asserts in Assay's code sandbox (ASSAY_SANDBOX_URL; see docs/sandbox.md). " +
    "Without a sandbox its attempts end without a reward, never with a 0.",
  text: {
    what_it_measures:
      "Basic programming from a one-sentence task description: " +
      "simple loops, string handling and arithmetic, the kind of exercise an entry-level programmer solves.",
    how_it_works:
      "Each task is a short description plus its three test assertions, which pin down the function name and signature (the paper's prompt: " +
      "'You are an expert Python programmer, and here is your task: … Your code should pass these tests:'). Three solved tasks (ids 2, 3, 4) " +
      "come first as examples, their solutions in ```python blocks where the paper used [BEGIN]/[DONE]. Assay takes the last Python (or bare) " +
      "fenced block of the reply, else the whole reply, and runs code + test_setup_code + the asserts in a fresh python3 -I process in the sandbox (20 s, 1 GB): " +
      "reward 1 when it exits 0, else 0 with the reason. " +
      "The full set's test split is used (not the sanitized subset), as in the paper and lm-evaluation-harness; challenge tests are not run.",
    strengths: ["Simple, cheap and execution-based.", "Complements HumanEval with different phrasing (prose tasks rather than docstrings)."],
    limitations: [
      "Some descriptions are ambiguous without the tests, and the full set has noisy tasks.",
      "Saturated and widely seen in training.",
      "Only three assertions per task, shown in the prompt: a model can special-case them.",
    ],
    when_to_use: "Pick it with HumanEval for a broader cheap read of basic Python generation.",
    use_cases: ["Scripting assistants", "Teaching and practice tools for beginners"],
  },
  credentials: [],
  requirements: [SANDBOX_REQUIREMENT],
  references: [
    { title: "Program Synthesis with Large Language Models (Austin et al., 2021)", url: "https://arxiv.org/abs/2108.07732" },
    { title: "google-research/mbpp", url: "https://github.com/google-research/google-research/tree/master/mbpp" },
  ],
};
