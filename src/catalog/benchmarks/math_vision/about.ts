/** MATH-Vision's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Competition mathematics problems whose figure is part of the question: 304 testmini problems over 16 subjects and five levels, each with its image.",
  status_detail:
    "Runs inline against any vision-capable OpenAI-compatible or Anthropic target; no judge or runner needed. " +
    "The 304 testmini problems and their 304 images load on first use from mathllm/MATH-V at a pinned commit (testmini.jsonl checked against its sha256, " +
    "the images against the sha256 of their listing) " +
    "and are stored with the dataset revision; each attempt sends its problem's image inline.",
  text: {
    what_it_measures:
      "Mathematical reasoning that depends on a figure: each problem (from mathematics competitions such as Math Kangaroo and AMC) " +
      "states its question in text and draws what is needed to solve it (shapes, graphs, grids, the answer options themselves) in one image. " +
      "Reward 1 when the final answer matches the gold answer, else 0; subjects (16, e.g. counting, graph theory, metric geometry - angle) " +
      "are the subsets, and the level (1–5) is kept on every row.",
    how_it_works:
      "Each problem's text is sent with its image (OpenAI: an image_url part holding a data URL; Anthropic: " +
      "an image block with a base64 source), followed by its options as '(A) " +
      "…' lines when it has them (when the options are just the letters A–E, the prompt says the choices are the panels so labelled in the image), " +
      "and asks for the final answer in \\boxed{}, only the letter for a multiple-choice problem. " +
      "The question's <image1>, <image2> … placeholders stay in the text, as upstream sends them: they name panels of the one composite image. " +
      "Zero-shot. Scoring follows MATH-V's evaluate.py: " +
      "the answer is read from the last \\boxed{} (or after 'the answer is' and similar phrases, or a closing letter), " +
      "normalised as its find_math_answer does (LaTeX, units, degrees and spaces removed; " +
      "fractions unified), and is right when it equals the gold letter or the gold option's text, or has the same value to two decimals. " +
      "Where upstream evaluates values with sympy, Assay evaluates numbers, fractions, roots, π and arithmetic itself, so a symbolic answer with variables counts only when its text matches.",
    strengths: [
      "The image is needed: most problems cannot be solved from the text alone, and a third give their options only in the picture.",
      "Real competition problems with a difficulty level and 16 subjects, scored by a deterministic rule without a judge.",
      "testmini is small enough for routine runs and is the paper's official subset.",
    ],
    limitations: [
      "304 problems (19 per subject): per-subject intervals are wide.",
      "Answers are extracted by rule; a model that does not end with a boxed answer or 'the answer is …' may be marked wrong although right.",
      "Symbolic answers are compared by text, not by sympy as upstream does, so a few equivalent forms score differently.",
      "Public since 2024, so contamination of strong models is possible.",
    ],
    when_to_use: "Pick it to check that a model actually reads figures when it does mathematics, and to compare vision-language models on visual reasoning with a rule-based score.",
    use_cases: ["Maths tutoring on worksheets and figures", "STEM homework help with diagrams", "Checking that an endpoint really receives and uses images"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "Measuring Multimodal Mathematical Reasoning with MATH-Vision Dataset (Wang et al., 2024)", url: "https://arxiv.org/abs/2402.14804" },
    { title: "mathllm/MATH-V (data and evaluation code)", url: "https://github.com/mathllm/MATH-V" },
  ],
};
