/** MMLU's pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them (six subjects of nutcracker-db's re-encoding). Pure data. */
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

const MMLU_FILES: Record<(typeof MMLU_SUBJECTS)[number], { test: [string, number]; dev: [string, number] }> = {
  abstract_algebra: {
    test: ["c34a9da7fceea69263c0ea99d34a806cd69043d7e162fe8fb96d76eec4eeb01e", 30_736],
    dev: ["632e662e5df9977bcb7ec7d14102513a78e4d33139122d8efeceffefc0a86cc0", 1_373],
  },
  anatomy: {
    test: ["dd8cca64b941632e32848e7d8deca27c02dbf3ddf8eaa45ec790e7b594ed010e", 51_710],
    dev: ["3b9e3c16e65373d766d4f47ade89a535b6717b60ebb7482f38d1af4bd4f9a823", 1_603],
  },
  college_computer_science: {
    test: ["a76e6d87e17ba0d3cab2cdf7b85dada90d822f723f2be8a824c324c59aa324c5", 55_997],
    dev: ["edecfc9eb2d25b7234a218a05b68f582b9ffec40e4937cb8313fa4828e9427c3", 3_321],
  },
  high_school_mathematics: {
    test: ["5772d5b033c7f9a565dfecfdd95af3dd2ff85fae486c745a16680020c6bc5d40", 85_304],
    dev: ["69493701d03a24ea1925fc90df775099e35e9629a7b9eadb28f7648de7521969", 1_865],
  },
  high_school_us_history: {
    test: ["537c997c1c4964e095e561e35aceb72d0107665a4d505b835fd07851cbefaf30", 331_785],
    dev: ["bfa04c8984f3782945b82974a62331389551933fd5b23160ce2477b75aceb91a", 9_624],
  },
  sociology: {
    test: ["a7c79d1c586183eb4132720a52a211be6dc119d5779ef7ac32d0cc1b0bfd5714", 98_375],
    dev: ["281d4ad26fd82cee9195dc70bc48b10479cf48be2d475fd5c560ad6278c327b6", 2_414],
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
      const [sha256, bytes] = MMLU_FILES[subject][split];
      return nutcrackerFile(`mmlu/${subject}_${split}.jsonl`, `db/mmlu-${subject.replaceAll("_", "-")}/${split}.json`, sha256, bytes);
    }),
  ),
  notes:
    "Six of MMLU's 57 subjects (1,010 test questions, 5 dev questions each), in nutcracker-db's JSON Lines re-encoding of " +
    "Hendrycks et al.'s CSV files: same questions, options and answers, one JSON object per question.",
};
