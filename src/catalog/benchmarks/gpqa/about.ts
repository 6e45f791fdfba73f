/** GPQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "GPQA Diamond: 198 graduate-level biology, physics and chemistry questions written by experts to resist web search, asked as simple-evals asks them.",
  status_detail:
    "Runs inline on GPQA Diamond (198 questions). Assay downloads the authors' password-protected dataset.zip from idavidrein/gpqa at a pinned commit, " +
    "checks its sha256, opens it with the password the authors publish beside it, and checks the diamond CSV inside against its own sha256. " +
    "The authors ask that the questions never appear in plain text online: Assay never logs or prints them, and reports and exports carry scores and " +
    "record ids, not questions.",
  status_summary: "Runs here on 198 tasks (GPQA Diamond)",
  text: {
    what_it_measures:
      "Expert-level scientific reasoning: questions that PhD holders in the field usually answer correctly but skilled non-experts " +
      "with unrestricted web access mostly miss.",
    how_it_works:
      "The Diamond cut: questions two experts answered correctly and most non-experts did not. Each question's four answers are shuffled as " +
      "openai/simple-evals shuffles them, with Python's random.Random(0) drawing one permutation per question in file order (the seed and the " +
      "permutation are stored with every row, so every run and re-run asks the same order). The prompt is simple-evals' chain-of-thought one, " +
      "asking for a last line 'Answer: $LETTER'; the letter is read by its pattern, the first 'Answer: X' of the reply (A-D, as written), and " +
      "compared with the key. The subsets are the three domains.",
    strengths: [
      "Still far from saturated for many models.",
      "'Google-proof' by construction, so it rewards reasoning over retrieval.",
      "The same prompt, option order and answer pattern as simple-evals, so scores compare with its published ones.",
    ],
    limitations: [
      "Small: 198 questions, so intervals are wide; compare with care and prefer several attempts per question.",
      "Multiple choice lets a model eliminate options instead of solving the problem.",
      "Only three sciences; some keys are disputed (the CSV keeps the validators' disagreement notes).",
      "simple-evals repeats the set four times with fresh permutations; here attempts of a question share its one seed-0 order.",
    ],
    when_to_use: "Pick it to compare strong models on hard science reasoning, or to check whether a reasoning mode actually helps on expert questions.",
    use_cases: ["Research assistants in the natural sciences", "Technical support agents for scientific products"],
  },
  credentials: [],
  requirements: [],
  references: [
    { title: "GPQA: A Graduate-Level Google-Proof Q&A Benchmark (Rein et al., 2023)", url: "https://arxiv.org/abs/2311.12022" },
    { title: "idavidrein/gpqa (dataset.zip and its password)", url: "https://github.com/idavidrein/gpqa" },
    { title: "openai/simple-evals, gpqa_eval.py", url: "https://github.com/openai/simple-evals" },
  ],
};
