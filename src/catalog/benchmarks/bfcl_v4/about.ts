/** BFCL v4's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Berkeley Function Calling Leaderboard, non-live AST categories: the right function, the right arguments, parallel calls, and no call when none fits.",
  status_detail:
    "Runs inline against any OpenAI-compatible or Anthropic target that supports tool calling; no runner or judge needed. " +
    "The 1,240 questions of simple_python, multiple, parallel, " +
    "parallel_multiple and irrelevance load on first use from their pinned source (ShishirPatil/gorilla at a fixed commit, checked against each file's sha256). " +
    "BFCL's live, multi-turn and agentic (web search, memory) categories, and simple_java / simple_javascript, are not part of it.",
  text: {
    what_it_measures:
      "Single-turn function calling: " +
      "given a request and one to four function documents, whether the model calls the right function with correctly typed, " +
      "acceptable arguments (simple_python, multiple), issues every needed call when several are needed, in any order (parallel, parallel_multiple), " +
      "and calls nothing when no function fits (irrelevance). " +
      "Reward 1 or 0 per question; the categories are the subsets.",
    how_it_works:
      "Each question's functions are sent as real tools through the target's own API (OpenAI tools of type function, Anthropic tools with input_schema), " +
      "converted as BFCL's harness converts them: " +
      "BFCL's type names become JSON Schema's (dict → object, float → number, tuple → array, any → string), " +
      "dots in names become underscores and are mapped back, " +
      "and each description ends with BFCL's 'Note that the provided function is in Python 3 syntax.' The user's message is sent as is, with no system prompt. " +
      "The model's tool calls are checked as BFCL's AST checker does: the call count must match; the function name must be the expected one; " +
      "every required parameter present and no unknown one; each value of the declared type (an int is accepted for a float) " +
      "and among the possible answers, strings compared after removing spaces and ,./-_*^ and lowercasing; " +
      "a parameter may be left out only when the answer marks it optional; parallel calls are matched in any order. " +
      "A text reply where a call was expected scores 0 with that reason; irrelevance passes only when no call is made. " +
      "The reason of a failed attempt is BFCL's error type and message.",
    strengths: [
      "Deterministic: the checker needs no judge model, so scores are reproducible.",
      "Tests the real tool-calling path of the API, not a prompt format, so it reflects how agents will call the model.",
      "Per-category scores separate choosing a function, filling arguments, parallel calls and restraint.",
    ],
    limitations: [
      "Single-turn only: " +
        "no multi-turn state, no executing the calls, no agentic tasks (BFCL's live, multi-turn, web search and memory categories are not included).",
      "AST matching accepts only the listed answers; a reasonable call the answer key does not list fails.",
      "Public and widely used for years, so training contamination is likely and many items are saturated.",
      "Results on the official leaderboard weight more categories; this Python AST subset is not the headline overall score.",
    ],
    when_to_use: "Pick it before wiring a model into tools or APIs, or to compare models' native function calling on the same tool definitions.",
    use_cases: ["Tool-using assistants", "API orchestration agents", "Choosing a default model for an agent framework"],
  },
  credentials: [],
  requirements: ["A target whose endpoint supports tool calling (OpenAI tools or Anthropic tool use)."],
  references: [
    {
      title: "The Berkeley Function Calling Leaderboard (BFCL): From Tool Use to Agentic Evaluation (Patil et al., 2025)",
      url: "https://gorilla.cs.berkeley.edu/leaderboard.html",
    },
    {
      title: "BFCL's AST checker (berkeley-function-call-leaderboard, ast_checker.py)",
      url: "https://github.com/ShishirPatil/gorilla/tree/6ea57973c7a6097fd7c5915698c54c17c5b1b6c8/berkeley-function-call-leaderboard",
    },
  ],
};
