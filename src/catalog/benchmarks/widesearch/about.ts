/** WideSearch's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { AGENT_RUNNER_DETAIL, RUNNER_REQUIREMENT, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Broad web information gathering: collect many facts about many entities into one complete, correct table.",
  status_detail: notBundled(definition.data, AGENT_RUNNER_DETAIL),
  text: {
    what_it_measures:
      "Exhaustive, faithful information collection at scale: " +
      "the tedious kind of search where the difficulty is completeness and accuracy across hundreds of cells rather than finding one hidden fact.",
    how_it_works:
      "Each task asks for a table (e.g. a metric for every company in a sector) with defined columns. The agent searches the web and returns the table; " +
      "it is aligned to the gold table by its key column and compared item by item. A task succeeds only if the whole table is right; " +
      "row- and item-level F1 give partial credit in the structured result.",
    strengths: [
      "Targets a real, common workload (wide research) other benchmarks ignore.",
      "Objective, cell-level verification.",
      "Success rates are low, leaving plenty of headroom.",
    ],
    limitations: [
      "Depends on the live web; pages change and answers can drift.",
      "All-or-nothing task success is harsh; look at the F1 figures too.",
      "Needs a search and browsing backend on the runner.",
    ],
    when_to_use: "Pick it for research agents that compile lists, comparisons or datasets from the web.",
    use_cases: ["Market and competitor research agents", "Lead and list building", "Data collection assistants"],
  },
  credentials: [],
  requirements: [RUNNER_REQUIREMENT, "Web search and page-fetching tools for the agent on the runner."],
  references: [{ title: "WideSearch: Benchmarking Agentic Broad Info-Seeking (Wong et al., 2025)", url: "https://arxiv.org/abs/2508.07999" }],
};
