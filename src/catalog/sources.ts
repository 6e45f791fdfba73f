/**
 * The datasets Assay loads for its built-in benchmarks: every file pinned
 * to a commit of a public repository, with the sha256 of its bytes, so a
 * loader refuses anything else. A mirror (ASSAY_DATASET_BASE_URL) serves
 * the same bytes under `path`; the upstream raw URL is the default.
 * Facts from the SOURCE.md of each folder in shared/datasets. Pure data, no I/O.
 */
import type { PinnedDataset, SourceFile } from "./types";

const raw = (repository: string, commit: string, path: string) => `https://raw.githubusercontent.com/${repository}/${commit}/${path}`;

const NUTCRACKER = "brucewlee/nutcracker-db";
const NUTCRACKER_COMMIT = "95fa9aa468d4d0e179e2e950cc68cd5058463503";
const nutcracker = (mirrorPath: string, upstreamPath: string, sha256: string, bytes: number): SourceFile => ({
  path: mirrorPath,
  url: raw(NUTCRACKER, NUTCRACKER_COMMIT, upstreamPath),
  sha256,
  bytes,
  format: "jsonl",
});

export const GSM8K_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.gsm8k",
  version: 1,
  repository: "openai/grade-school-math",
  commit: "3101c7d5072418e28b9008a6636bde82a006892c",
  license: "MIT",
  files: [
    {
      path: "gsm8k/test.jsonl",
      url: raw("openai/grade-school-math", "3101c7d5072418e28b9008a6636bde82a006892c", "grade_school_math/data/test.jsonl"),
      sha256: "3730d312f6e3440559ace48831e51066acaca737f6eabec99bccb9e4b3c39d14",
      bytes: 749_738,
      format: "jsonl",
    },
  ],
  loader: "gsm8k",
  notes: "The original test split, byte for byte (1,319 problems). The training split is not loaded.",
};

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
      return nutcracker(`mmlu/${subject}_${split}.jsonl`, `db/mmlu-${subject.replaceAll("_", "-")}/${split}.json`, sha256, bytes);
    }),
  ),
  loader: "mmlu",
  notes:
    "Six of MMLU's 57 subjects (1,010 test questions, 5 dev questions each), in nutcracker-db's JSON Lines re-encoding of " +
    "Hendrycks et al.'s CSV files: same questions, options and answers, one JSON object per question.",
};

export const ARC_CHALLENGE_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.arc-challenge",
  version: 1,
  repository: NUTCRACKER,
  commit: NUTCRACKER_COMMIT,
  license: "CC-BY-SA-4.0",
  files: [
    nutcracker("arc_challenge/test.jsonl", "db/arc-challenge/test.json", "eb44aa2cd4ed1954533d657a00f88f319f2f6a897dcee899fcce93282618b158", 485_562),
    nutcracker("arc_challenge/dev.jsonl", "db/arc-challenge/dev.json", "38cda864251603d31c6cf847426da21ca571fb8be57687d4e5e08ea0d3fda964", 44_908),
  ],
  loader: "arc_challenge",
  notes:
    "AI2's ARC-Challenge test set (1,172 questions) and 100 dev questions in nutcracker-db's re-encoding: question ids and " +
    "numeric answer labels are dropped, options are lettered A–E.",
};

export const TRUTHFULQA_MC1_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.truthfulqa-mc1",
  version: 1,
  repository: NUTCRACKER,
  commit: NUTCRACKER_COMMIT,
  license: "Apache-2.0",
  files: [nutcracker("truthfulqa_mc1/test.jsonl", "db/truthfulqa-mc1/test.json", "7b9b5921b0ec807cc3d27090f789bcaddcd516e4c836042b579acf812d020b72", 405_423)],
  loader: "truthfulqa_mc1",
  notes:
    "TruthfulQA's mc1_targets (817 questions) re-encoded by nutcracker-db. The source always lists the true option first; " +
    "the loader shuffles each question's options in a fixed, seeded order so position gives nothing away.",
};

export const TRUTHFULQA_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.truthfulqa",
  version: 1,
  repository: "p4l4ni/LLM_HALLUCINATION",
  commit: "a56b9db3da6e180b30c3e03fd3f21cb161a00a12",
  license: "Apache-2.0",
  files: [
    {
      path: "truthfulqa/TruthfulQA.csv",
      url: raw("p4l4ni/LLM_HALLUCINATION", "a56b9db3da6e180b30c3e03fd3f21cb161a00a12", "TruthfulQA.csv"),
      sha256: "764be5c0c27c337baed4db641555c125428569df44a8dbf9b28796a6ce4d7616",
      bytes: 503_551,
      format: "csv",
    },
  ],
  loader: "truthfulqa",
  notes:
    "The current TruthfulQA.csv layout (790 questions, 37 categories, with 'Best Incorrect Answer'), taken from a public " +
    "mirror pinned to a commit because the upstream sylinrl/TruthfulQA repository has no pinned snapshot here; byte " +
    "identity with upstream is not verified.",
};

export const HUMANEVAL_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.humaneval",
  version: 1,
  repository: "openai/human-eval",
  commit: "6d43fb980f9fee3c892a914eda09951f772ad10d",
  license: "MIT",
  files: [
    {
      path: "humaneval/HumanEval.jsonl.gz",
      url: raw("openai/human-eval", "6d43fb980f9fee3c892a914eda09951f772ad10d", "data/HumanEval.jsonl.gz"),
      sha256: "b796127e635a67f93fb35c04f4cb03cf06f38c8072ee7cee8833d7bee06979ef",
      bytes: 44_877,
      format: "jsonl.gz",
    },
  ],
  loader: "humaneval",
  notes: "The original gzip file, byte for byte (164 problems).",
};

export const MBPP_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mbpp",
  version: 1,
  // google-research/google-research is too large to pin here; this public mirror holds the same mbpp.jsonl (see notes).
  repository: "patdfb/TPC-EES",
  commit: "0f4e84d313671e09268aecb804d0e99062980869",
  license: "CC-BY-4.0",
  files: [
    {
      path: "mbpp/mbpp.jsonl",
      url: raw("patdfb/TPC-EES", "0f4e84d313671e09268aecb804d0e99062980869", "mbpp/mbpp.jsonl"),
      sha256: "ccf64ceae9c5403bf50a044cb6d505bfd2a2963ee58338ba268fd65beab92a9f",
      bytes: 563_743,
      format: "jsonl",
    },
  ],
  loader: "mbpp",
  notes:
    "The full mbpp.jsonl (974 tasks) of google-research/mbpp, from a public mirror at a pinned commit: same length and identical text " +
    "where compared with upstream, not a hash match. Split by task id as the MBPP README says: 1–10 prompt, 11–510 test, 511–600 validation, 601–974 train.",
};

export const MBPP_PLUS_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mbpp-plus",
  version: 1,
  repository: "evalplus/evalplus",
  // The last commit that changed MbppPlus.jsonl (2023-11-16); the next one deleted it for release assets (v0.1.0).
  commit: "767efcc368e0ef16568bba4ee2f1b005e849e8a6",
  license: "Apache-2.0",
  files: [
    {
      path: "mbpp_plus/MbppPlus.jsonl",
      url: raw("evalplus/evalplus", "767efcc368e0ef16568bba4ee2f1b005e849e8a6", "MbppPlus.jsonl"),
      sha256: "08405a4e8764a4941cfe0945d25a956355a0454f364ea902c4020a44e7057973",
      bytes: 2_733_811,
      format: "jsonl",
    },
  ],
  loader: "mbpp_plus",
  notes:
    "EvalPlus's MbppPlus.jsonl from its repository, byte for byte: 399 tasks of sanitized MBPP with their base inputs (the original tests' arguments) " +
    "and about 100 plus inputs each (42,082 in all). It matches what the v0.1.0 release is documented to hold but was not compared with that release asset; " +
    "the current v0.2.0 (378 tasks) is not this file.",
};
