/** ARC-AGI-2's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "The harder second ARC set: 120 public evaluation tasks built to resist brute-force search, same grid format and exact-match rule.",
  status_detail:
    "Runs inline on ARC-AGI-2's public evaluation set: 120 tasks with 167 test inputs, each test input a member. " +
    "Data loads on first use from the 120 pinned task files of arcprize/ARC-AGI-2 (one fetch per file), each checked against its sha256. " +
    "A run makes 2 attempts per test input unless it asks for more (or sets this benchmark's own attempts) and leads with pass@2, the ARC Prize's rule.",
  text: {
    what_it_measures:
      "The same fluid abstraction as ARC-AGI-1 on tasks designed to need several interacting rules (symbolic meaning, compositional steps, " +
      "context-dependent rules), where ARC-AGI-1's tasks fall to search and scale.",
    how_it_works:
      "Same format and the same prompt as ARC-AGI: the demonstrations (2 to 6 pairs) and the test input as digit rows, the test output never sent; " +
      "the grid_match scorer gives 1 only for an exact match of the last grid in the reply. Each of the 167 test inputs (one to three per task) " +
      "is a member. The ARC Prize counts pass@2: a run makes 2 attempts per test input by default and leads with pass@2. " +
      "Upstream's README counts a task solved when all its test inputs are; scores here count test inputs, as the ARC Prize's per-input credit does.",
    strengths: [
      "Not saturated: frontier systems score far below the 66% average of human testers reported with the set.",
      "Exact-match scoring leaves no room for judge bias.",
      "The same format and prompt as ARC-AGI-1, so the two sets compare directly.",
    ],
    limitations: [
      "Only 120 public tasks: " +
        "wide confidence intervals, and the public set is exposed to contamination (the semi-private and private sets are not public).",
      "Grids as text are an awkward input for language models.",
      "Very expensive for reasoning models; raise max_output_tokens.",
    ],
    when_to_use: "Pick it when ARC-AGI-1 no longer separates the models you compare, or to track progress on abstraction at the frontier.",
    use_cases: ["Frontier reasoning research", "Comparing test-time compute strategies on novel problems"],
  },
  credentials: [],
  requirements: [],
  references: [{ title: "arcprize/ARC-AGI-2", url: "https://github.com/arcprize/ARC-AGI-2" }, { title: "ARC Prize", url: "https://arcprize.org" }],
};
