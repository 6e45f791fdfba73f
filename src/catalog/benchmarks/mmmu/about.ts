/** MMMU's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT } from "../../phrases";
import type { BenchmarkAbout } from "../../types";
import { MMMU_FILES, MMMU_NOT_LOADED } from "./source";

const notLoaded = Object.entries(MMMU_NOT_LOADED)
  .map(([s, why]) => `${s.replaceAll("_", " ")} (${why})`)
  .join("; ");

export const about: BenchmarkAbout = {
  description: `College-level exam questions that need an image (diagrams, charts, scores, chemical structures) and subject expertise: MMMU's validation split, ${MMMU_FILES.length} of its 30 subjects.`,
  status_detail:
    "Runs inline against any vision-capable OpenAI-compatible or Anthropic target; no judge or runner needed. " +
    `The validation shards of ${MMMU_FILES.length} subjects (${MMMU_FILES.length * 30} questions) load on first use, each checked against the digest its publisher states ` +
    "(twelve from a Hugging Face duplicate of MMMU/MMMU by their Git LFS sha256, seven from GitHub copies of the same shards by their git blob), " +
    "with their images taken out of the Parquet files and stored with the dataset revision. " +
    `Not loaded: ${notLoaded}. Each attempt sends all of its question's images (up to seven) inline, in order.`,
  text: {
    what_it_measures:
      "Expert-level multimodal understanding and reasoning: " +
      "reading heterogeneous images (tables, diagrams, maps, sheet music, medical images, chemical structures) " +
      "and combining them with college subject knowledge across six disciplines and 30 subjects.",
    how_it_works:
      "Each question is sent with its images (image_1 first; the question's <image N> placeholders stay in the text) as MMMU's construct_prompt writes it: " +
      "the question, then for multiple choice the options as '(A) …' lines and \"Answer with the option's letter from the given choices directly.\", " +
      "for an open question \"Answer the question using a single word or phrase.\" Zero-shot. " +
      "Scoring follows MMMU's eval_utils.py: for multiple choice the letter written as (X), else alone, else (in a longer reply) the option text it contains, the last one written when several; " +
      "for open questions the key phrase of each line (after 'is', 'so', 'therefore', '=' …) and every number in it, numbers rounded to two decimals and compared as numbers, text compared by containment; " +
      "a question with several accepted answers is right when any matches. Where a reply names no option upstream draws a random letter; Assay draws one from a hash of the question and reply, so re-scoring gives the same reward. " +
      "Subjects are the subsets.",
    strengths: [
      "Broad coverage of image types and subjects, with a per-subject breakdown.",
      "Requires both perception and domain knowledge, as real expert work does.",
      "The standard headline benchmark for multimodal models, scored by its own published rule.",
    ],
    limitations: [
      `Only ${MMMU_FILES.length} of the 30 subjects load here (see the status), so the overall score is not MMMU's 900-question validation accuracy.`,
      "Some questions can be answered from the text alone (see MMMU-Pro).",
      "Validation answers are public and widely seen.",
      "30 questions per subject: per-subject intervals are wide.",
    ],
    when_to_use: "Pick it to compare vision-language models on expert tasks that combine images and knowledge.",
    use_cases: ["Tutoring on diagrams and figures", "Technical document assistants", "Scientific and medical image Q&A (with care)"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "MMMU: A Massive Multi-discipline Multimodal Understanding and Reasoning Benchmark (Yue et al., 2023)", url: "https://arxiv.org/abs/2311.16502" },
    { title: "MMMU-Benchmark/MMMU (evaluation code and answer_dict_val.json)", url: "https://github.com/MMMU-Benchmark/MMMU" },
    { title: "MMMU/MMMU on Hugging Face", url: "https://huggingface.co/datasets/MMMU/MMMU" },
  ],
};
