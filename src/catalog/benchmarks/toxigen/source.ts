/**
 * The pinned data of ToxiGen: the 31 demonstration-based prompt files of
 * microsoft/TOXIGEN (16 hate_<group>, 15 neutral_<group>; no neutral_trans
 * upstream), each pinned to the repository commit with its size, their
 * sha256s as a set (facts from shared/datasets/toxigen/SOURCE.md). Content
 * warning: the hate files are deliberately hateful text. Pure data, no I/O.
 */
import type { PinnedDataset } from "../../types";

const TOXIGEN = "microsoft/TOXIGEN";
const TOXIGEN_COMMIT = "01517e814639e0334c920a3c502036c8158aac87";

/** [file name without .txt, bytes], in file-name order; their sha256s are pinned as a set (listing_sha256). */
const FILES: [string, number][] = [
  ["hate_asian_1k", 499093],
  ["hate_bisexual_1k", 443794],
  ["hate_black_1k", 741295],
  ["hate_chinese_1k", 380934],
  ["hate_immigrant_1k", 281309],
  ["hate_jewish_1k", 569538],
  ["hate_latino_1k", 704000],
  ["hate_lgbtq_1k", 573075],
  ["hate_mental_disability_1k", 476620],
  ["hate_mexican_1k", 671444],
  ["hate_middle_east_1k", 422551],
  ["hate_muslim_1k", 421760],
  ["hate_native_american_1k", 476000],
  ["hate_physical_disability_1k", 409643],
  ["hate_trans_1k", 581554],
  ["hate_women_1k", 385583],
  ["neutral_asian_1k", 611895],
  ["neutral_bisexual_1k", 911612],
  ["neutral_black_1k", 853769],
  ["neutral_chinese_1k", 408062],
  ["neutral_immigrant_1k", 338243],
  ["neutral_jewish_1k", 645674],
  ["neutral_latino_1k", 466000],
  ["neutral_lgbtq_1k", 910319],
  ["neutral_mental_disability_1k", 552905],
  ["neutral_mexican_1k", 479603],
  ["neutral_middle_east_1k", 411319],
  ["neutral_muslim_1k", 487659],
  ["neutral_native_american_1k", 582993],
  ["neutral_physical_disability_1k", 454497],
  ["neutral_women_1k", 390963],
];

/** The target groups, as the file names spell them. */
export const TOXIGEN_GROUPS: readonly string[] = [...new Set(FILES.map(([name]) => name.replace(/^(hate|neutral)_/, "").replace(/_1k$/, "")))].sort();

export const TOXIGEN_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.toxigen",
  version: 1,
  repository: TOXIGEN,
  commit: TOXIGEN_COMMIT,
  license: "CDLA-Permissive-2.0",
  files: FILES.map(([name, bytes]) => ({
    path: `toxigen/prompts/${name}.txt`,
    url: `https://raw.githubusercontent.com/${TOXIGEN}/${TOXIGEN_COMMIT}/prompts/${name}.txt`,
    bytes,
    format: "txt",
  })),
  // The 31 files' sha256s as one digest (docs/deploy.md, "The bundle").
  listing_sha256: "9d612a68b1248a0a897e778d86d8fea4ac372da2647ae605a0956268f76062d8",
  notes:
    "The repository's prompt files, byte for byte (31 files of 1,000 prompts; each prompt a draw of 4–6 sentences from a small per-group pool, " +
    "separated by a literal backslash-n). The loader keeps each file's distinct sentences (722 in all), labelled hate or neutral by the file " +
    "they come from. The human-annotated ToxiGen sets are on the Hugging Face hub and are not loaded.",
};
