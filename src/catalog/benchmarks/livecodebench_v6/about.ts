/** LiveCodeBench v6's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { SANDBOX_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "The 175 contest problems LiveCodeBench's release_v6 added (LeetCode, AtCoder, Codeforces; January to April 2025), graded on hidden tests in the code sandbox.",
  status_detail:
    "Runs against a model target on test6.jsonl of livecodebench/code_generation_lite (Hugging Face, commit 0fe84c39), checked against the sha256 and size of its LFS object " +
    "and read as a stream (134 MB). That file is LiveCodeBench's version tag v6: the problems new in release_v6, not the cumulative release_v6's 1,055, whose older files " +
    "hold problems too large for a Worker to load. Grading needs Assay's code sandbox (ASSAY_SANDBOX_URL; docs/sandbox.md); a run without one is refused at start. " +
    "The per-benchmark option release_window ({start, end}, YYYY-MM-DD) selects the problems whose contest date falls in it, as LiveCodeBench's --start_date and --end_date do.",
  status_summary: "Runs here on 175 problems (release_v6's new ones); hidden tests in the sandbox",
  text: {
    what_it_measures: "Algorithmic problem solving on recent competitive-programming tasks, with contamination controlled by release date.",
    how_it_works:
      "Problems are collected from contests as they happen and stamped with their contest date. The model gets LiveCodeBench's prompt: the statement, " +
      "then either the LeetCode starter code to complete or the instruction to read stdin and write stdout, and answers with a fenced block. " +
      "As LiveCodeBench extracts it, the code is the lines between the reply's last two lines holding ```. " +
      "It runs in Assay's sandbox against the public tests, then the hidden ones, under LiveCodeBench's rules: stdin problems wrapped into one function called with stdin patched " +
      "and the output compared line by line (stripped, numbers as decimals), LeetCode problems called as Solution methods on JSON arguments; 6 s per test, " +
      "the first failure ends it, and the problem passes only when every test does (pass@1 is the mean). " +
      "The hidden tests are stored as published (base64 of zlib of a pickled JSON string) and decoded only inside the sandbox, by an unpickler that refuses every global. " +
      "A long grading continues over several sandbox requests, up to LiveCodeBench's own limit for the problem ((6 + 1) s per test + 5 s). " +
      "The release_window option keeps problems with start 00:00 <= contest date <= end 00:00 (LiveCodeBench compares the end day's midnight, so a problem later that day is left out); " +
      "difficulty (easy, medium, hard) is the subset.",
    strengths: [
      "Contamination control by date is built in: window the run to problems newer than a model's training data.",
      "Harder and more varied than HumanEval-style tasks; separates strong code models.",
      "Execution-based, with many hidden tests per problem.",
    ],
    limitations: [
      "Competitive programming is not everyday software engineering (no codebases, no APIs).",
      "175 problems; compare scores only on the same window and release.",
      "Grading is heavy: megabytes of tests per problem, seconds to minutes of sandbox time per attempt.",
      "LiveCodeBench's reliability guard (os functions disabled) is replaced by the sandbox's isolation, and a grading split over requests re-runs the code's module.",
    ],
    when_to_use: "Pick it to compare reasoning-heavy code models fairly, on problems they cannot have seen.",
    use_cases: ["Algorithm-heavy coding assistants", "Evaluating reasoning modes on code"],
  },
  credentials: [],
  requirements: [SANDBOX_REQUIREMENT],
  references: [
    {
      title: "LiveCodeBench: Holistic and Contamination Free Evaluation of Large Language Models for Code (Jain et al., 2024)",
      url: "https://arxiv.org/abs/2403.07974",
    },
    { title: "LiveCodeBench/LiveCodeBench (evaluation code)", url: "https://github.com/LiveCodeBench/LiveCodeBench" },
    { title: "livecodebench/code_generation_lite on Hugging Face", url: "https://huggingface.co/datasets/livecodebench/code_generation_lite" },
  ],
};
