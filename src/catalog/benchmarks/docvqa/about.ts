/** DocVQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, VLMEVAL_STREAMED } from "../../phrases";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Answer questions about scanned business documents: forms, letters, reports, tables and handwriting (DocVQA's validation split, as VLMEvalKit publishes it).",
  status_detail:
    "Runs inline against any vision-capable target; no judge or runner needed. " +
    `Its data is VLMEvalKit's DocVQA_VAL.tsv (5,349 questions over 1,286 pages), checked against the md5 VLMEvalKit states. ${VLMEVAL_STREAMED} ` +
    "The test split's answers are withheld by its authors, so it is not offered.",
  text: {
    what_it_measures: "Reading documents: finding a value, name or date on a scanned page, using its layout (forms, tables, headers) and handwriting.",
    how_it_works:
      "Each question is sent with its page and VLMEvalKit's instruction to answer with a single word or phrase. " +
      "Scoring is DocVQA's ANLS as VLMEvalKit computes it: 1 minus the normalised Levenshtein distance between the reply and the nearest accepted answer " +
      "(both lower-cased, whitespace collapsed), and 0 when that similarity is under 0.5. The benchmark's score is the mean.",
    strengths: ["Real industry documents with several accepted answers per question.", "ANLS forgives small OCR slips but not wrong answers."],
    limitations: ["The whole reply is compared: a long answer around the right value loses similarity.", "Validation answers are public."],
    when_to_use: "Pick it for document-processing products: invoices, forms, contracts.",
    use_cases: ["Invoice and receipt extraction", "Form understanding", "Back-office document search"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [
    { title: "DocVQA: A Dataset for VQA on Document Images (Mathew et al., 2021)", url: "https://arxiv.org/abs/2007.00398" },
    { title: "VLMEvalKit (the table and its scoring)", url: "https://github.com/open-compass/VLMEvalKit" },
  ],
};
