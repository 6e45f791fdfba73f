/** MMMU-Pro's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, VLMEVAL_STREAMED } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "A stricter MMMU: text-answerable questions removed, up to ten options, and a setting where the question is inside the image (MMMU-Pro, as VLMEvalKit publishes it).",
  status_detail:
    "Runs inline against any vision-capable target; no judge or runner needed. " +
    "Its data is VLMEvalKit's two MMMU-Pro tables, MMMU_Pro_10c.tsv (standard, ten options) and MMMU_Pro_V.tsv (vision), each checked against the md5 VLMEvalKit states; " +
    `the setting is the split ('standard' or 'vision'), and a run of both gives MMMU-Pro's overall score, their mean. ${VLMEVAL_STREAMED}`,
  text: {
    what_it_measures: "Multimodal understanding that cannot be shortcut: MMMU questions filtered so text-only models fail, options raised to ten, and a vision setting where the model must read the question itself from a screenshot or photo.",
    how_it_works:
      "Standard setting: the question's images and the question with its options as 'A. …' lines and MMMU-Pro's direct instruction. " +
      "Vision setting: the screenshot alone with MMMU-Pro's vision instruction (the last line 'Answer: $LETTER'). " +
      "Scoring is MMMU-Pro's evaluate.py, which uses MMMU's parse_multi_choice_response: the letter written as (X), else alone, else the option text a longer reply contains; " +
      "a reply naming none gets a letter drawn from a hash of question and reply where upstream draws at random.",
    strengths: ["Much harder to game than MMMU: text-only and guessing shortcuts removed.", "The vision setting tests reading and reasoning together, as on a real screen."],
    limitations: ["Ten options make chance 10%, but per-subject counts are small.", "The vision screenshots are large; loading them takes a while."],
    when_to_use: "Pick it over MMMU when models are strong enough that MMMU no longer separates them.",
    use_cases: ["Screen-reading assistants", "Expert multimodal Q&A", "Model selection for vision features"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "MMMU-Pro: A More Robust Multi-discipline Multimodal Understanding Benchmark (Yue et al., 2024)", url: "https://arxiv.org/abs/2409.02813" },
    { title: "MMMU-Benchmark/MMMU (mmmu-pro: prompts and evaluate.py)", url: "https://github.com/MMMU-Benchmark/MMMU" },
    { title: "VLMEvalKit (the tables)", url: "https://github.com/open-compass/VLMEvalKit" },
  ],
};
