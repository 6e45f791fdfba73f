/** Text-to-SQL (BIRD)'s detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Turn questions about large, messy real-world databases into SQL that returns the right rows.",
  status_detail: notBundled(definition.data, "Scoring executes SQL against the benchmark's SQLite databases, which happens on an external runner."),
  text: {
    what_it_measures:
      "Database grounding: " +
      "reading a schema with dirty values and domain conventions, using the external-knowledge hint, and writing SQL whose result matches the reference query's result.",
    how_it_works:
      "Each task gives a question, the database schema and often an 'evidence' hint (e.g. how a ratio is defined). The model writes one SQL query; " +
      "the runner executes it and the gold query on the same SQLite database and rewards 1 when the result sets match (execution accuracy). " +
      "A run can pick databases or difficulty as subsets.",
    strengths: [
      "Realistic, large databases spanning many professional domains.",
      "Execution-based scoring accepts any correct SQL, not one reference string.",
      "Exposes errors with values and joins that toy text-to-SQL sets hide.",
    ],
    limitations: [
      "Some gold queries and evidence hints are wrong or ambiguous, capping the score.",
      "The databases are large to download and host for the runner.",
      "Single-query generation: no interactive exploration of the database unless the runner provides it.",
    ],
    when_to_use: "Pick it when a product turns user questions into SQL over real data.",
    use_cases: ["Analytics copilots and BI chat", "Internal data assistants over warehouses"],
  },
  credentials: [],
  requirements: [RUNNER_REQUIREMENT, "The runner hosts the BIRD SQLite databases and executes both queries with a time limit."],
  references: [{ title: "Can LLM Already Serve as A Database Interface? (Li et al., 2023)", url: "https://arxiv.org/abs/2305.03111" }],
};
