/** DocVQA's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import { IMAGE_REQUIREMENT, NEEDS_IMAGES, notBundled } from "../../phrases";
import { definition } from "./definition";
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Answer questions about scanned business documents: forms, letters, reports, tables and handwriting.",
  status_detail: notBundled(definition.data, NEEDS_IMAGES, "Its scorer (ANLS) is not in Assay's scorer registry yet."),
  text: {
    what_it_measures:
      "Document understanding: reading printed, typed and handwritten text in context, and using layout (tables, forms, headings) " +
      "to find the answer span.",
    how_it_works:
      "Each question refers to one document image and has one or more accepted answers, usually a span of text in the document. " +
      "Scoring is ANLS (average normalised Levenshtein similarity): near-misses earn partial credit, and similarity below 0.5 counts as 0.",
    strengths: [
      "Realistic, messy documents from industry archives.",
      "ANLS tolerates small OCR slips while still requiring the right span.",
      "A long-standing standard, easy to compare.",
    ],
    limitations: [
      "Largely extractive: little reasoning beyond locating text.",
      "Near saturation for strong models.",
      "Test-set scoring goes through the organisers' server.",
    ],
    when_to_use: "Pick it for products that read invoices, forms, contracts or scanned paperwork.",
    use_cases: ["Invoice and form processing", "Back-office document assistants", "Knowledge bases of scanned documents"],
  },
  credentials: [],
  requirements: [IMAGE_REQUIREMENT],
  references: [{ title: "DocVQA: A Dataset for VQA on Document Images (Mathew et al., 2021)", url: "https://arxiv.org/abs/2007.00398" }],
};
