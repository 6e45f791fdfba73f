/** Text-to-SQL (BIRD)'s detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { SANDBOX_REQUIREMENT } from "../../phrases";
import { BIRD_MIRROR_ONLY } from "./source";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Turn questions about large, messy real-world databases into SQL that returns the right rows.",
  status_detail:
    "Runs against a model target on BIRD mini-dev (SQLite): 500 questions over 11 databases, each scored by execution accuracy in Assay's code sandbox " +
    "(ASSAY_SANDBOX_URL; docs/sandbox.md), which receives each database once, by its sha256; a run without a sandbox is refused at start. " +
    BIRD_MIRROR_ONLY,
  status_summary: "Runs here on mini-dev's 500 SQLite questions; SQL executed in the sandbox; data from a mirror of BIRD's archive",
  text: {
    what_it_measures:
      "Database grounding: " +
      "reading a schema with dirty values and domain conventions, using the external-knowledge hint, and writing SQL whose result matches the reference query's result.",
    how_it_works:
      "Each task is BIRD's own baseline prompt: the database's CREATE TABLE statements, the question, its 'evidence' hint as External Knowledge " +
      "(e.g. how a ratio is defined) and BIRD's instruction to answer with SQLite SQL only. The model writes one query (a fenced ```sql block is unwrapped). " +
      "The sandbox runs it and the gold query on the task's database, read-only, and rewards 1 when the sets of rows are equal, as BIRD's evaluation_ex.py compares them: " +
      "row order and repeated rows do not matter, columns and values do; an error or BIRD's 30 s limit is 0, with the reason. " +
      "Difficulty (simple, moderate, challenging) is the subset. The dev set's 1,534 questions and the hidden test set are not loaded.",
    strengths: [
      "Realistic, large databases spanning many professional domains.",
      "Execution-based scoring accepts any correct SQL, not one reference string.",
      "Exposes errors with values and joins that toy text-to-SQL sets hide.",
    ],
    limitations: [
      "Some gold queries and evidence hints are wrong or ambiguous, capping the score.",
      "The databases (1.5 GB) come only inside BIRD's archive, with no stated digest: they are loaded from a mirror and checked by count, header and tables.",
      "Single-query generation: no interactive exploration of the database unless the runner provides it.",
    ],
    when_to_use: "Pick it when a product turns user questions into SQL over real data.",
    use_cases: ["Analytics copilots and BI chat", "Internal data assistants over warehouses"],
  },
  credentials: [],
  requirements: [SANDBOX_REQUIREMENT, "A dataset mirror holding BIRD's unpacked archive (ASSAY_DATASET_BASE_URL)."],
  references: [
    { title: "bird-bench/mini_dev (mini-dev data and evaluation code)", url: "https://github.com/bird-bench/mini_dev" },{ title: "Can LLM Already Serve as A Database Interface? (Li et al., 2023)", url: "https://arxiv.org/abs/2305.03111" }],
};
