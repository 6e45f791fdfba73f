/**
 * MMMU's pinned source: the validation shard of each of its 30 subjects
 * (the Hugging Face dataset MMMU/MMMU, one Parquet file per subject with
 * its images embedded), each pinned by a digest its publisher states.
 * Seven come from public GitHub repositories that hold the Hugging Face
 * shards byte for byte (facts from shared/datasets/mmmu/SOURCE.md: the
 * git blob at the commit); twelve from a duplicate of MMMU/MMMU on Hugging
 * Face at a fixed commit, by the sha256 its Git LFS pointer states. The
 * other eleven are named with why they are not loaded: no stated digest
 * could be found for them, or (Agriculture, 119 MB) the shard is larger
 * than a Worker reads whole. Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset, SourceFile } from "../../types";

/** MMMU's 30 subjects, as its configurations and ids spell them. */
export const MMMU_SUBJECTS = [
  "Accounting", "Agriculture", "Architecture_and_Engineering", "Art", "Art_Theory", "Basic_Medical_Science", "Biology", "Chemistry",
  "Clinical_Medicine", "Computer_Science", "Design", "Diagnostics_and_Laboratory_Medicine", "Economics", "Electronics", "Energy_and_Power",
  "Finance", "Geography", "History", "Literature", "Manage", "Marketing", "Materials", "Math", "Mechanical_Engineering", "Music",
  "Pharmacy", "Physics", "Psychology", "Public_Health", "Sociology",
] as const;
export type MmmuSubject = (typeof MMMU_SUBJECTS)[number];

/** The Hugging Face duplicate of MMMU/MMMU ("Duplicate from MMMU/MMMU"), at its one commit; its shards' LFS digests are stated on their pages. */
const HF_REPO = "aslessor/MMMU";
const HF_COMMIT = "5220c4b833edaf9d6e5747500fd8e9fe70c68e81";
const VLMEXP = "waynechang95/VLMEXP";
const VLMEXP_COMMIT = "210a213c86c8ba3a891e0351dbf7fbe5b0154093";
const LLM_EVALUATE = "yunyinghua/LLM-evaluate";

const SHARD = "validation-00000-of-00001.parquet";
const mirrorPath = (subject: MmmuSubject) => `mmmu/${subject}/${SHARD}`;

/** A shard held byte for byte in a GitHub repository at a commit (exact size known). */
const github = (subject: MmmuSubject, repository: string, commit: string, path: string, sha256: string, bytes: number): SourceFile => ({
  path: mirrorPath(subject),
  url: rawUrl(repository, commit, path),
  sha256,
  bytes,
  format: "parquet",
});

/** A shard of the Hugging Face duplicate, by its LFS pointer's sha256 (Hugging Face states the size only rounded). */
const hub = (subject: MmmuSubject, sha256: string): SourceFile => ({
  path: mirrorPath(subject),
  url: `https://huggingface.co/datasets/${HF_REPO}/resolve/${HF_COMMIT}/${subject}/${SHARD}`,
  sha256,
  format: "parquet",
});

/** The subjects loaded, in MMMU's order. */
export const MMMU_FILES: SourceFile[] = [
  github("Accounting", VLMEXP, VLMEXP_COMMIT, `MMMU/Accounting/${SHARD}`, "f1bedfc8ad70d24f8c1daa50a309d9b3b88ea14caea60299b648c69049fa870f", 1_535_386),
  hub("Art", "d86be1080d7a33a76e9b98f0df0d7ebacbd37b1c29927bbf592489cc4b996c57"),
  hub("Basic_Medical_Science", "577102f6f742471a947a82579df0ffa8b7bfd1b10dc2eadbf90f9ea5ff0cddd4"),
  hub("Biology", "644e5b10eb90689a0e41a7c738526113551f59ab5e66c44a870e6bca52d39e08"),
  hub("Chemistry", "ff62af1b99c6f60d2b2228bf438152d9e44c06e42455d5eb5e229954aa95b00b"),
  github("Computer_Science", LLM_EVALUATE, "961a8554784bedc739844f1dbf56aa2a1c370a41", `Computer_Science/${SHARD}`, "73c8ef8ba23a050b85c524363614801cdc73db36ad7a7348643006766da037f5", 2_078_701),
  github("Economics", VLMEXP, VLMEXP_COMMIT, `MMMU/Economics/${SHARD}`, "1a6b0ef6edf3eb76f2fae37cbff28d6723eec4bd94d4b3d6e676aa4ea924d95b", 1_424_097),
  github("Finance", VLMEXP, VLMEXP_COMMIT, `MMMU/Finance/${SHARD}`, "194f838578ac4fe08c0784b833bfbd89087a0bd2e83dc02c89e7d4e9d5b6d326", 1_002_833),
  hub("Geography", "536505f8dc6199713effcd7cf9b8ae2da2325e51ec17d0fcfabc75956965701c"),
  hub("History", "fe6ba5fa13133d43afbd63abfe75b49ac45c5de566ac896fbc370cb1492c8f82"),
  github("Manage", VLMEXP, VLMEXP_COMMIT, `MMMU/Manage/${SHARD}`, "838ecee5c3c9708b3fb70e414b83bfee35725814290908a853b24d06bbd832fe", 3_139_783),
  github("Marketing", VLMEXP, VLMEXP_COMMIT, `MMMU/Marketing/${SHARD}`, "0b4854d8a509e8e0f401255d5788fd83e489e4d5d5207826856dcffa1157feb2", 1_361_340),
  hub("Materials", "755929af6969ea77e9cb1ef18e9cecc08f0ae19d4f13c2e330f3836b02f5876f"),
  github("Math", LLM_EVALUATE, "1682e2e3e877e0c260fbba5dee0dd3f298fd35df", `Math/${SHARD}`, "ebe73665a3b1db2bfd33ae67a00efcf86b6d817463a12d995e30716d69aae8e7", 1_447_995),
  hub("Mechanical_Engineering", "8381e04c04dc8e0b3a21404e251a1fc2deb52d3f5b2485e5e8bc99e4907d21d7"),
  hub("Music", "132f8e3965276788f1b5388c39565d5475b8eb61af3142522be446e9a131af8f"),
  hub("Pharmacy", "93bc3de041d8f69b9e7cd29886ad68f26ac5b11bdf221cabb5f84b8b8d8ca6a9"),
  hub("Physics", "649a7c85ae9f1aa0762059eca0c082e3862f669f07a1283c36ada31def2c391d"),
  hub("Sociology", "a38e31036b6cfb6df82c069f2715b8df0158969405e86a08c1732c334638ac32"),
];

/** Subjects not loaded, and why. */
export const MMMU_NOT_LOADED: Partial<Record<MmmuSubject, string>> = {
  Agriculture: "its shard is 119 MB, more than a Worker reads whole (32 MB)",
  ...Object.fromEntries(
    (
      [
        "Architecture_and_Engineering", "Art_Theory", "Clinical_Medicine", "Design", "Diagnostics_and_Laboratory_Medicine",
        "Electronics", "Energy_and_Power", "Literature", "Psychology", "Public_Health",
      ] as const
    ).map((s) => [s, "no digest stated by a publisher could be found for its shard"]),
  ),
};

/** The subjects a revision holds. */
export const MMMU_LOADED_SUBJECTS: readonly MmmuSubject[] = MMMU_FILES.map((f) => f.path.split("/")[1] as MmmuSubject);

export const MMMU_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.mmmu-validation",
  version: 1,
  repository: "MMMU/MMMU",
  commit: HF_COMMIT,
  license: "Apache-2.0",
  files: MMMU_FILES,
  notes:
    `The validation split (30 questions per subject) of ${MMMU_FILES.length} of MMMU's 30 subjects, each subject's Parquet shard as Hugging Face's MMMU/MMMU publishes it, ` +
    `images embedded. Twelve shards come from ${HF_REPO}@${HF_COMMIT}, a duplicate of MMMU/MMMU, pinned by the sha256 of their Git LFS pointers; ` +
    `Accounting, Economics, Finance, Manage and Marketing from ${VLMEXP}@${VLMEXP_COMMIT}, Computer_Science and Math from ${LLM_EVALUATE}, GitHub copies of the Hugging Face shards ` +
    "pinned by the digest of the git blob at that commit (its Math shard is a later revision than the duplicate's, whose sha256 is c69c7b3d…). " +
    `Not loaded: ${Object.entries(MMMU_NOT_LOADED).map(([s, why]) => `${s} (${why})`).join("; ")}.`,
};
