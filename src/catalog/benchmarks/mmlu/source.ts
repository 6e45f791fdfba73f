/** MMLU's pinned source: the upstream files at a commit, their sha256s pinned as a set, as the loader checks them (six subjects of nutcracker-db's re-encoding). Pure data. */
import { NUTCRACKER, NUTCRACKER_COMMIT, nutcrackerFile } from "../../nutcracker";
import type { PinnedDataset } from "../../types";

/** The MMLU subjects whose test and dev files are pinned, in the order their rows are stored. */
export const MMLU_SUBJECTS = [
  "abstract_algebra",
  "anatomy",
  "college_computer_science",
  "high_school_mathematics",
  "high_school_us_history",
  "sociology",
] as const;

/** Each subject's test and dev files' sizes; their sha256s are pinned as a set (listing_sha256). */
const MMLU_FILES: Record<(typeof MMLU_SUBJECTS)[number], { test: number; dev: number }> = {
  abstract_algebra: {
    test: 30_736,
    dev: 1_373,
  },
  anatomy: {
    test: 51_710,
    dev: 1_603,
  },
  college_computer_science: {
    test: 55_997,
    dev: 3_321,
  },
  high_school_mathematics: {
    test: 85_304,
    dev: 1_865,
  },
  high_school_us_history: {
    test: 331_785,
    dev: 9_624,
  },
  sociology: {
    test: 98_375,
    dev: 2_414,
  },
};

export const MMLU_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mmlu",
  version: 1,
  repository: NUTCRACKER,
  commit: NUTCRACKER_COMMIT,
  license: "MIT",
  files: MMLU_SUBJECTS.flatMap((subject) =>
    (["test", "dev"] as const).map((split) => {
      return nutcrackerFile(`mmlu/${subject}_${split}.jsonl`, `db/mmlu-${subject.replaceAll("_", "-")}/${split}.json`, undefined, MMLU_FILES[subject][split]);
    }),
  ),
  // The 12 files' sha256s as one digest (docs/deploy.md, "The bundle").
  listing_sha256: "8a2c696d0df05f578ec39d45ef7d104fbb6396e0cd20217f40bb7a6a8b9ce90d",
  notes:
    "Six of MMLU's 57 subjects (1,010 test questions, 5 dev questions each), in nutcracker-db's JSON Lines re-encoding of " +
    "Hendrycks et al.'s CSV files: same questions, options and answers, one JSON object per question.",
};
