/**
 * The pinned data of MATH-Vision (MATH-V): testmini.jsonl of mathllm/MATH-V
 * (304 problems) and the 304 images it names, at the repository's snapshot
 * commit (data and images unchanged since the first commit). The JSON Lines
 * file is pinned by its sha256; the images as a set, by the sha256 of
 * their listing (see PinnedImages), so the bundle holds one digest for
 * them. Facts from shared/datasets/mathvision/SOURCE.md. Pure data, no I/O.
 */
import type { PinnedDataset } from "../../types";

const MATH_V = "mathllm/MATH-V";
const MATH_V_COMMIT = "a1f5cc3add200c0cd080fad463e500f44ef1fb41";
const raw = (path: string) => `https://raw.githubusercontent.com/${MATH_V}/${MATH_V_COMMIT}/${path}`;

/** The 16 subjects of MATH-Vision, 19 testmini problems each, as the data spells them. */
export const MATH_VISION_SUBJECTS = [
  "algebra",
  "analytic geometry",
  "arithmetic",
  "combinatorial geometry",
  "combinatorics",
  "counting",
  "descriptive geometry",
  "graph theory",
  "logic",
  "metric geometry - angle",
  "metric geometry - area",
  "metric geometry - length",
  "solid geometry",
  "statistics",
  "topology",
  "transformation geometry",
] as const;

export const MATH_VISION_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.math-vision-testmini",
  version: 1,
  repository: MATH_V,
  commit: MATH_V_COMMIT,
  license: "MIT",
  files: [
    {
      path: "mathvision/testmini.jsonl",
      url: raw("data/testmini.jsonl"),
      sha256: "449e238b768f702e2659543495f2c87ee1f41a9e9c013d174daf12029756227a",
      bytes: 131_218,
      format: "jsonl",
    },
  ],
  images: {
    column: "image",
    path_prefix: "mathvision/",
    url_prefix: raw(""),
    media_type: "image/jpeg",
    count: 304,
    bytes: 9_485_692,
    listing_sha256: "b419ccf4364bb7be452432443a29b81826f43f29a195c40a0371b6fd66e6c22d",
  },
  notes:
    "testmini, the paper's official 304-problem subset (16 subjects × 19, levels 1–5), byte for byte, with its 304 JPEG images " +
    "(images/<id>.jpg, 9,485,692 bytes), each stored with the revision and sent with its problem. The images are pinned as a set: " +
    "the sha256 of the list of every image's sha256 and path must match, or the data is refused. The full 3,040-problem test set is not loaded.",
};
