/** ARC-AGI's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Abstract grid puzzles: infer a transformation from a few examples and apply it to a new grid (ARC-AGI-1's 400 public evaluation tasks).",
  status_detail:
    "Runs inline on ARC-AGI-1's public evaluation set: 400 tasks with 419 test inputs, each test input a member. " +
    "Data loads on first use from the 400 pinned task files of fchollet/ARC-AGI (one fetch per file), each checked against its sha256. " +
    "A run makes 2 attempts per test input unless it asks for more (or sets this benchmark's own attempts) and leads with pass@2, the ARC Prize's rule. " +
    "ARC-AGI-2 is its variant.",
  text: {
    what_it_measures:
      "Fluid, few-shot abstraction: inferring an unseen rule (symmetry, counting, object movement, colour mapping) " +
      "from two to seven input/output grid pairs and applying it to a fresh input, with no domain knowledge to lean on.",
    how_it_works:
      "A task shows coloured grids (up to 30×30 cells, ten colours 0–9) as demonstration pairs plus one or two test inputs; " +
      "each test input is one member of the run. " +
      "The prompt writes every grid one row per line with its cells as digits separated by spaces, lists the task's demonstrations (\"Example 1 / Input: " +
      "/ Output:\"), then the test input, and asks for the test output grid; the test outputs are only the expected answers and are never sent. " +
      "The grid_match scorer reads the last grid in the reply (a block of digit rows of equal width, or a JSON list of lists) " +
      "and gives 1 only for an exact match of dimensions and every cell, else 0 with the reason (no grid, wrong size, how many cells differ). " +
      "The ARC Prize allows two attempts per test input and counts the input solved if either is right (pass@2): " +
      "a run makes 2 attempts per test input by default and its scores lead with pass@2 (the mean over attempts and pass^2 follow); " +
      "scores count test inputs, not tasks (a two-input task counts twice; the ARC Prize credits each test input too).",
    strengths: [
      "Each task is novel by design, so memorised knowledge helps little.",
      "Exact-match scoring leaves no room for judge bias.",
      "Humans solve most tasks easily while models struggle, so it keeps separating frontier systems.",
    ],
    limitations: [
      "Grids written out as text are an awkward input for language models; scores mix reasoning with perception of a text layout.",
      "The public evaluation tasks have circulated for years; only the private sets are contamination-free.",
      "Expensive for reasoning models, which may spend many thousands of tokens per task (raise max_output_tokens).",
      "Measures abstraction on toy grids, not language or world knowledge.",
      "A reply that writes its answer grid before a scratch grid is read by its last grid.",
    ],
    when_to_use: "Pick it when you care about generalisation to genuinely new problems rather than recall, e.g. comparing reasoning-focused models.",
    use_cases: [
      "Research on reasoning and program synthesis",
      "Agents that must induce rules from a handful of examples (data transformation, spreadsheet automation)",
    ],
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "On the Measure of Intelligence (Chollet, 2019)", url: "https://arxiv.org/abs/1911.01547" },
    { title: "fchollet/ARC-AGI", url: "https://github.com/fchollet/ARC-AGI" },
    { title: "ARC Prize", url: "https://arcprize.org" },
  ],
};
