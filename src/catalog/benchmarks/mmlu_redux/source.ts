/**
 * MMLU-Redux's pinned source: the authors' 57 annotation CSVs (100
 * re-checked MMLU questions per subject) from aryopg/mmlu-redux at a fixed
 * commit, each with its size, their sha256s pinned as a set (facts from
 * shared/datasets/mmlu_redux/SOURCE.md, every file matching its git blob).
 * These are the working files, not the Hugging Face release: separators,
 * one file's encoding and the error labels vary, which the normaliser
 * reads as they are. Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

const REDUX = "aryopg/mmlu-redux";
const REDUX_COMMIT = "4563cfa79b659d76716e5b6019f46bba85fa02db";

/** [subject, bytes] of each subject's CSV, in file-name order; their sha256s are pinned as a set (listing_sha256). */
const FILES: [string, number][] = [
  ["abstract_algebra", 35_621],
  ["anatomy", 31_472],
  ["astronomy", 35_665],
  ["business_ethics", 47_943],
  ["clinical_knowledge", 34_620],
  ["college_biology", 41_490],
  ["college_chemistry", 28_685],
  ["college_computer_science", 47_555],
  ["college_mathematics", 25_357],
  ["college_medicine", 53_510],
  ["college_physics", 33_259],
  ["computer_security", 37_542],
  ["conceptual_physics", 29_010],
  ["econometrics", 47_623],
  ["electrical_engineering", 16_676],
  ["elementary_mathematics", 19_878],
  ["formal_logic", 42_193],
  ["global_facts", 29_053],
  ["high_school_biology", 43_807],
  ["high_school_chemistry", 33_552],
  ["high_school_computer_science", 45_736],
  ["high_school_european_history", 164_295],
  ["high_school_geography", 26_348],
  ["high_school_government_and_politics", 42_409],
  ["high_school_macroeconomics", 41_711],
  ["high_school_mathematics", 20_496],
  ["high_school_microeconomics", 37_144],
  ["high_school_physics", 47_140],
  ["high_school_psychology", 34_092],
  ["high_school_statistics", 53_152],
  ["high_school_us_history", 151_873],
  ["high_school_world_history", 158_855],
  ["human_aging", 33_805],
  ["human_sexuality", 29_287],
  ["international_law", 43_033],
  ["jurisprudence", 31_260],
  ["logical_fallacies", 37_293],
  ["machine_learning", 36_947],
  ["management", 27_024],
  ["marketing", 31_470],
  ["medical_genetics", 26_032],
  ["miscellaneous", 18_602],
  ["moral_disputes", 33_010],
  ["moral_scenarios", 41_490],
  ["nutrition", 36_527],
  ["philosophy", 32_466],
  ["prehistory", 33_735],
  ["professional_accounting", 53_928],
  ["professional_law", 118_092],
  ["professional_medicine", 86_801],
  ["professional_psychology", 44_754],
  ["public_relations", 34_467],
  ["security_studies", 92_161],
  ["sociology", 39_674],
  ["us_foreign_policy", 36_210],
  ["virology", 30_147],
  ["world_religions", 24_661],
];

/** The 57 subjects, the subsets. */
export const MMLU_REDUX_SUBJECTS: readonly string[] = FILES.map(([subject]) => subject);

/** Mirror path of a subject's file (the shared folder's layout). */
export const reduxPath = (subject: string) => `mmlu_redux/mmlu_redux/mmlu_${subject}.csv`;

export const MMLU_REDUX_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mmlu-redux",
  version: 1,
  repository: REDUX,
  commit: REDUX_COMMIT,
  license: "CC-BY-4.0",
  files: FILES.map(([subject, bytes]) => ({
    path: reduxPath(subject),
    url: rawUrl(REDUX, REDUX_COMMIT, `mmlu_redux/mmlu_${subject}.csv`),
    bytes,
    format: "csv",
  })),
  // The 57 files' sha256s as one digest: 57 in the Worker cost ~2 KB of its bundle (docs/deploy.md, "The bundle").
  listing_sha256: "ff54a95d752922bbca113ba4466bcb1deb80de3cbe70287b7c537abb206bb76d",
  notes:
    "The authors' annotation CSVs (57 subjects x 100 questions, 5,700 rows), byte for byte: nine use ';' as separator, mmlu_moral_scenarios.csv has one " +
    "Mac-Roman byte, four order their columns differently, and error_type has 27 spellings of 7 labels (case, '_' or ' ', trailing spaces). " +
    "They are not the Hugging Face release (edinburgh-dawg/mmlu-redux-2.0), whose labels are normalised; a few annotations may differ from it.",
};
