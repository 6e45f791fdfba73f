/**
 * Built-ins of the Vision group: MMMU, MMMU-Pro, MathVista (and
 * MATH-Vision, the one that runs, as its variant), ChartQA, DocVQA,
 * OCRBench, HallusionBench, RealWorldQA. All need image inputs.
 * Pure data.
 */
import { MATH_VISION_DATA, MATH_VISION_SUBJECTS } from "../sources-math-vision";
import type { BuiltinBenchmark, CatalogText, ExternalDataset } from "../types";
import { JUDGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "./common";

const external = (location: string, notes: string, license: string | null = null): ExternalDataset => ({
  kind: "external",
  location,
  revision: null,
  license,
  notes,
});

interface VisionEntry {
  id: string;
  name: string;
  description: string;
  data: ExternalDataset;
  text: CatalogText;
  split: string | null;
  prompt_template: string;
  answer_column: string;
  scoring: Record<string, unknown>;
  /** Why the scorer is not available yet, if it is not. */
  scorerGap?: string;
  subsets?: string[];
  requirements?: string[];
  references: { title: string; url: string }[];
}

const IMAGE_REQUIREMENT = "A vision-capable target model; the image column is sent with the prompt.";

function vision(e: VisionEntry): BuiltinBenchmark {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    category: "vision",
    kind: "inline",
    variant_of: null,
    status: "unavailable",
    status_detail: notBundled(e.data, NEEDS_IMAGES, ...(e.scorerGap ? [e.scorerGap] : [])),
    text: e.text,
    data: e.data,
    split: e.split,
    prompt_template: e.prompt_template,
    answer_column: e.answer_column,
    scoring: e.scoring,
    subsets: e.subsets ?? [],
    few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot; examples would add images to every request." },
    sample_size: null,
    credentials: [],
    requirements: [IMAGE_REQUIREMENT, ...(e.requirements ?? [])],
    references: e.references,
  };
}

const MC_TEMPLATE = "Look at the image and answer the question. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:";

/**
 * MATH-Vision testmini, runnable: its images are pinned with the problems,
 * stored with the revision and sent with each prompt.
 */
const MATH_VISION: BuiltinBenchmark = {
  id: "bm_math_vision",
  name: "MATH-Vision",
  description: "Competition mathematics problems whose figure is part of the question: 304 testmini problems over 16 subjects and five levels, each with its image.",
  category: "vision",
  kind: "inline",
  variant_of: "bm_mathvista",
  status: "runnable",
  status_detail:
    "Runs inline against any vision-capable OpenAI-compatible or Anthropic target; no judge or runner needed. The 304 testmini problems and their " +
    "304 images load on first use from mathllm/MATH-V at a pinned commit (testmini.jsonl checked against its sha256, the images against the sha256 " +
    "of their listing) and are stored with the dataset revision; each attempt sends its problem's image inline.",
  text: {
    what_it_measures:
      "Mathematical reasoning that depends on a figure: each problem (from mathematics competitions such as Math Kangaroo and AMC) states its question in " +
      "text and draws what is needed to solve it (shapes, graphs, grids, the answer options themselves) in one image. Reward 1 when the final answer " +
      "matches the gold answer, else 0; subjects (16, e.g. counting, graph theory, metric geometry - angle) are the subsets, and the level (1–5) is kept on every row.",
    how_it_works:
      "Each problem's text is sent with its image (OpenAI: an image_url part holding a data URL; Anthropic: an image block with a base64 source), followed by its " +
      "options as '(A) …' lines when it has them (when the options are just the letters A–E, the prompt says the choices are the panels so labelled in the image), " +
      "and asks for the final answer in \\boxed{}, only the letter for a multiple-choice problem. The question's <image1>, <image2> … placeholders stay in the text, " +
      "as upstream sends them: they name panels of the one composite image. Zero-shot. Scoring follows MATH-V's evaluate.py: the answer is read from the last " +
      "\\boxed{} (or after 'the answer is' and similar phrases, or a closing letter), normalised as its find_math_answer does (LaTeX, units, degrees and spaces " +
      "removed; fractions unified), and is right when it equals the gold letter or the gold option's text, or has the same value to two decimals. " +
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
  data: MATH_VISION_DATA,
  split: null,
  prompt_template:
    "{question}{options_text}\n\nSolve the problem step by step. Put your final answer in one \\boxed{{}}; for a multiple-choice question, only the letter of the right option goes in the \\boxed{{}}.",
  answer_column: "answer",
  scoring: { type: "math_vision" },
  image_column: "image",
  subsets: [...MATH_VISION_SUBJECTS],
  few_shot: { supported: false, default: 0, split: null, note: "Run zero-shot, as the paper evaluates it; examples would add images to every request." },
  sample_size: 304,
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "Measuring Multimodal Mathematical Reasoning with MATH-Vision Dataset (Wang et al., 2024)", url: "https://arxiv.org/abs/2402.14804" },
    { title: "mathllm/MATH-V (data and evaluation code)", url: "https://github.com/mathllm/MATH-V" },
  ],
};

export const VISION: BuiltinBenchmark[] = [
  vision({
    id: "bm_mmmu",
    name: "MMMU",
    description: "College-level exam questions that need an image (diagrams, charts, scores, chemical structures) and subject expertise.",
    data: external("https://huggingface.co/datasets/MMMU/MMMU", "One configuration per subject; the validation split has public answers, the test split's are hidden.", "Apache-2.0"),
    text: {
      what_it_measures:
        "Expert-level multimodal understanding and reasoning: reading heterogeneous images (tables, diagrams, maps, sheet music, medical images, chemical structures) and combining them with college subject knowledge across six disciplines and 30 subjects.",
      how_it_works:
        "Questions come from exams, quizzes and textbooks; most are multiple choice, some open-ended. Here the multiple-choice questions are used: the image(s) and lettered options are sent, the model replies with a letter, and the multiple-choice scorer compares it with the key. Subjects are the subsets.",
      strengths: [
        "Broad coverage of image types and subjects, with a per-subject breakdown.",
        "Requires both perception and domain knowledge, as real expert work does.",
        "The standard headline benchmark for multimodal models.",
      ],
      limitations: [
        "Some questions can be answered from the text alone (see MMMU-Pro).",
        "Open-ended questions are left out here.",
        "Validation answers are public and widely seen.",
      ],
      when_to_use: "Pick it to compare vision-language models on expert tasks that combine images and knowledge.",
      use_cases: ["Tutoring on diagrams and figures", "Technical document assistants", "Scientific and medical image Q&A (with care)"],
    },
    split: "validation",
    prompt_template: MC_TEMPLATE,
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    references: [{ title: "MMMU: A Massive Multi-discipline Multimodal Understanding and Reasoning Benchmark (Yue et al., 2023)", url: "https://arxiv.org/abs/2311.16502" }],
  }),
  vision({
    id: "bm_mmmu_pro",
    name: "MMMU-Pro",
    description: "A stricter MMMU: text-answerable questions removed, up to ten options, and a setting where the question is inside the image.",
    data: external("https://huggingface.co/datasets/MMMU/MMMU_Pro", "Configurations for the standard (four and ten options) and vision-only settings."),
    text: {
      what_it_measures: "Genuine multimodal understanding: questions that cannot be solved from text alone, with more distractors, and a vision-only setting where the model must read the question from a screenshot.",
      how_it_works:
        "Starting from MMMU, questions answerable by text-only models were filtered out and options were expanded to up to ten. In the vision setting the question and options are rendered into the image. The model replies with a letter; the multiple-choice scorer compares it with the key. Settings are the subsets.",
      strengths: [
        "Closes MMMU's text-only shortcut.",
        "Ten options reduce guessing.",
        "The vision-only setting tests reading and reasoning together, as with real screenshots.",
      ],
      limitations: ["Harder to compare with older MMMU numbers.", "Still multiple choice.", "Vision-only results depend strongly on OCR quality."],
      when_to_use: "Pick it instead of MMMU when comparing strong multimodal models.",
      use_cases: ["Screenshot and UI understanding", "Expert visual Q&A"],
    },
    split: "test",
    prompt_template: MC_TEMPLATE,
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    subsets: ["standard_4", "standard_10", "vision"],
    references: [{ title: "MMMU-Pro: A More Robust Multi-discipline Multimodal Understanding Benchmark (Yue et al., 2024)", url: "https://arxiv.org/abs/2409.02813" }],
  }),
  vision({
    id: "bm_mathvista",
    name: "MathVista",
    description: "Mathematical reasoning over visual contexts: plots, geometry figures, tables, puzzles and scientific charts.",
    data: external("https://huggingface.co/datasets/AI4Math/MathVista", "testmini (1,000 problems with public answers) is the usual evaluation split; the larger test split's answers are hidden.", "CC-BY-SA-4.0"),
    text: {
      what_it_measures: "Whether a model can do mathematics that depends on what it sees: reading values off plots, reasoning about geometric figures, interpreting tables and solving visual puzzles.",
      how_it_works:
        "Problems are gathered from many existing visual QA and maths datasets plus newly written ones; answers are options, integers, decimals or lists. " +
        "The model answers freely; the run's judge model compares its final answer with the reference (option text or letter, numbers at the reference's precision), standing in for the original answer-extraction step. Task types are the subsets.",
      strengths: [
        "Wide variety of visual mathematical contexts in one suite.",
        "testmini is small enough for routine runs.",
        "Per-task and per-skill breakdowns.",
      ],
      limitations: [
        "Judge-based extraction adds a little noise; keep the judge fixed.",
        "Drawn largely from public datasets, so contamination is possible.",
        "Mixed answer formats make strict comparison with published numbers tricky.",
      ],
      when_to_use: "Pick it for assistants that must reason quantitatively about charts, figures or diagrams.",
      use_cases: ["Maths tutoring with figures", "Analytics assistants reading plots", "STEM homework help"],
    },
    split: "testmini",
    prompt_template: "Look at the image and solve the problem. End with the final answer on its own line.\n\n{question}",
    answer_column: "answer",
    scoring: {
      type: "llm_judge",
      criteria:
        "Score 1 if the candidate's final answer equals the reference: the same option (letter or text) for multiple choice, the same number at the reference's precision for numeric answers, the same items for lists. Ignore the working; score 0 otherwise.",
    },
    requirements: [JUDGE_REQUIREMENT],
    references: [{ title: "MathVista: Evaluating Mathematical Reasoning of Foundation Models in Visual Contexts (Lu et al., 2023)", url: "https://arxiv.org/abs/2310.02255" }],
  }),
  MATH_VISION,
  vision({
    id: "bm_chartqa",
    name: "ChartQA",
    description: "Questions about bar, line and pie charts that need reading values and doing arithmetic on them.",
    data: external("https://github.com/vis-nlp/ChartQA", "Human-written and machine-generated question sets over real charts, with the chart images and their data tables."),
    text: {
      what_it_measures: "Chart comprehension: locating the right marks, reading values, comparing series and computing differences, sums or ratios from what the chart shows.",
      how_it_works:
        "Each question refers to one chart image. The model answers with a short value; scoring is relaxed accuracy — numeric answers within 5% of the reference count as correct, text answers must match exactly. The human-written and augmented question sets are the subsets.",
      strengths: [
        "Real charts from the web with questions people actually ask.",
        "The human-written subset requires visual and logical reasoning, not just lookup.",
        "Cheap, short answers.",
      ],
      limitations: ["Relaxed accuracy forgives some reading errors and penalises formatting differences in text answers.", "Largely saturated by recent models.", "Only three chart types dominate."],
      when_to_use: "Pick it for products that answer questions about dashboards, reports or charts.",
      use_cases: ["BI and dashboard assistants", "Report summarisation", "Financial document Q&A"],
    },
    split: "test",
    prompt_template: "Look at the chart and answer the question with a single word or number.\n\n{question}",
    answer_column: "answer",
    scoring: { type: "relaxed_accuracy", tolerance: 0.05 },
    scorerGap: "Its scorer (relaxed accuracy: numbers within 5%) is not in Assay's scorer registry yet.",
    subsets: ["human", "augmented"],
    references: [{ title: "ChartQA: A Benchmark for Question Answering about Charts with Visual and Logical Reasoning (Masry et al., 2022)", url: "https://arxiv.org/abs/2203.10244" }],
  }),
  vision({
    id: "bm_docvqa",
    name: "DocVQA",
    description: "Answer questions about scanned business documents: forms, letters, reports, tables and handwriting.",
    data: external("https://rrc.cvc.uab.es/?ch=17 (registration required) and the Hugging Face mirror lmms-lab/DocVQA", "50,000 questions over more than 12,000 document images; test answers are scored by the organisers."),
    text: {
      what_it_measures: "Document understanding: reading printed, typed and handwritten text in context, and using layout (tables, forms, headings) to find the answer span.",
      how_it_works:
        "Each question refers to one document image and has one or more accepted answers, usually a span of text in the document. Scoring is ANLS (average normalised Levenshtein similarity): near-misses earn partial credit, and similarity below 0.5 counts as 0.",
      strengths: ["Realistic, messy documents from industry archives.", "ANLS tolerates small OCR slips while still requiring the right span.", "A long-standing standard, easy to compare."],
      limitations: ["Largely extractive: little reasoning beyond locating text.", "Near saturation for strong models.", "Test-set scoring goes through the organisers' server."],
      when_to_use: "Pick it for products that read invoices, forms, contracts or scanned paperwork.",
      use_cases: ["Invoice and form processing", "Back-office document assistants", "Knowledge bases of scanned documents"],
    },
    split: "validation",
    prompt_template: "Look at the document and answer the question with the exact text from the document where possible.\n\n{question}",
    answer_column: "answers",
    scoring: { type: "anls", threshold: 0.5 },
    scorerGap: "Its scorer (ANLS) is not in Assay's scorer registry yet.",
    references: [{ title: "DocVQA: A Dataset for VQA on Document Images (Mathew et al., 2021)", url: "https://arxiv.org/abs/2007.00398" }],
  }),
  vision({
    id: "bm_ocrbench",
    name: "OCRBench",
    description: "Text recognition in the wild: scene text, documents, key information extraction and handwritten maths.",
    data: external("https://github.com/Yuliang-Liu/MultimodalOCR", "1,000 question-answer pairs drawn from many OCR datasets; OCRBench v2 is a later, larger release."),
    text: {
      what_it_measures:
        "OCR ability of multimodal models across five kinds of task: recognising text, answering questions about scene text, answering questions about documents, extracting key information, and recognising handwritten mathematical expressions.",
      how_it_works:
        "Each item has an image, a question and one or more accepted answers. A reply counts as correct when it contains an accepted answer (the contains scorer, case-insensitive); the official score is the number correct out of 1,000. Task kinds are the subsets.",
      strengths: ["Compact yet broad: one number for OCR capability.", "Covers irregular, artistic and handwritten text, not just clean print.", "Simple, objective scoring."],
      limitations: ["Containment scoring accepts verbose answers that include the right string among others.", "Mostly short text; long-document reading is not covered.", "Saturating for the best models."],
      when_to_use: "Pick it to check that a multimodal model reads text reliably before building document or screenshot features on it.",
      use_cases: ["Screenshot understanding", "Receipt and label reading", "Accessibility features that read text aloud"],
    },
    split: null,
    prompt_template: "Look at the image and answer the question.\n\n{question}",
    answer_column: "answer",
    scoring: { type: "contains", ignore_case: true },
    subsets: [
      "text_recognition",
      "scene_text_vqa",
      "document_vqa",
      "key_information_extraction",
      "handwritten_math_expression",
    ],
    references: [{ title: "OCRBench: On the Hidden Mystery of OCR in Large Multimodal Models (Liu et al., 2023)", url: "https://arxiv.org/abs/2305.07895" }],
  }),
  vision({
    id: "bm_hallusionbench",
    name: "HallusionBench",
    description: "Yes/no questions about images and edited images that catch models answering from prior knowledge instead of looking.",
    data: external("https://github.com/tianyi-lab/HallusionBench", "Questions with original and edited figures (charts, tables, maps, illusions), grouped so consistency can be checked."),
    text: {
      what_it_measures:
        "Language hallucination and visual illusion: whether a model reports what the image actually shows when that conflicts with what it expects, e.g. a chart edited to contradict well-known facts.",
      how_it_works:
        "Questions are yes/no, asked about original images and about versions edited to change the answer, and some without the image. They are posed here as a two-option choice (Yes / No); the multiple-choice scorer accepts the letter or the word. " +
        "Question-level accuracy is the reward; grouping by figure shows whether answers stay consistent across edits. Visual categories are the subsets.",
      strengths: [
        "Directly probes over-reliance on parametric knowledge, a key multimodal failure.",
        "Paired original/edited images make shortcuts visible.",
        "Objective yes/no scoring.",
      ],
      limitations: ["Yes/no format has a 50% floor; look at consistency, not only accuracy.", "Relatively small.", "Edited images are synthetic and can look odd."],
      when_to_use: "Pick it when users will rely on the model's reading of images that may contradict common knowledge (updated charts, altered documents).",
      use_cases: ["Chart and report reading", "Fact-checking assistants", "Visual QA in regulated settings"],
    },
    split: null,
    prompt_template: "Look at the image and answer the question. Reply with the letter of your answer.\n\n{question}\n\n{choices_text}\n\nAnswer:",
    answer_column: "answer_letter",
    scoring: { type: "multiple_choice" },
    references: [{ title: "HallusionBench: An Advanced Diagnostic Suite for Entangled Language Hallucination and Visual Illusion (Guan et al., 2023)", url: "https://arxiv.org/abs/2310.14566" }],
  }),
  vision({
    id: "bm_realworldqa",
    name: "RealWorldQA",
    description: "Spatial and physical understanding of real photographs, many taken from vehicles, with short verifiable answers.",
    data: external("https://huggingface.co/datasets/xai-org/RealWorldQA", "Released by xAI; each item has one image, a question with answer-format instructions and a short answer.", "CC-BY-ND-4.0"),
    text: {
      what_it_measures: "Basic real-world spatial understanding: distances, relative positions, sizes, counts and the state of objects (such as traffic lights) in everyday and driving scenes.",
      how_it_works:
        "Each question tells the model how to answer (a letter from the given options, a word or a number). The reply is compared with the reference by exact match after formatting cleanup (case, quotes and markdown removed; trailing punctuation still counts).",
      strengths: ["Real photographs rather than synthetic scenes.", "Short, unambiguous answers.", "Relevant to embodied and driving applications."],
      limitations: [
        "A few hundred images; intervals are wide.",
        "Exact match is strict about extra words and punctuation.",
        "Licence forbids derivatives, which limits adapting the data.",
      ],
      when_to_use: "Pick it for applications that reason about physical scenes from cameras.",
      use_cases: ["Driver-assistance and robotics prototypes", "Smart-camera assistants", "Accessibility tools describing surroundings"],
    },
    split: "test",
    prompt_template: "{question}",
    answer_column: "answer",
    scoring: { type: "exact_match" },
    references: [{ title: "Grok-1.5 Vision Preview (xAI, 2024)", url: "https://x.ai/news/grok-1.5v" }],
  }),
];
