/**
 * SuperGPQA's pinned source: SuperGPQA-all.jsonl on Hugging Face at the
 * commit that added it, with the sha256 its Git LFS pointer states (a
 * Hugging Face file's LFS oid is the sha256 of its bytes), and the
 * disciplines the data's `discipline` column holds. Pure data.
 */
import type { PinnedDataset } from "../../types";

/** m-a-p/SuperGPQA's commit "Add files using upload-large-folder tool", whose pointer for SuperGPQA-all.jsonl is pinned here. */
const COMMIT = "05eef0be7d48bb605979bc70f9b95b1a9d417073";

export const SUPERGPQA_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.supergpqa",
  version: 1,
  repository: "huggingface.co/datasets/m-a-p/SuperGPQA",
  commit: COMMIT,
  license: "ODC-BY-1.0",
  files: [
    {
      path: "supergpqa/SuperGPQA-all.jsonl",
      url: `https://huggingface.co/datasets/m-a-p/SuperGPQA/resolve/${COMMIT}/SuperGPQA-all.jsonl`,
      // The LFS pointer at that commit: "oid sha256:bbb7a0ba…de9e", "size 23957173".
      sha256: "bbb7a0ba29a013301f913f02add57641de28bc6b0ceb64d0c6f8b5440910de9e",
      bytes: 23_957_173,
      format: "jsonl",
    },
  ],
  notes:
    "SuperGPQA-all.jsonl as its authors published it on Hugging Face (26,529 questions, 4 to 10 options each, with discipline, field, subfield and difficulty), " +
    "pinned by the sha256 and size its Git LFS pointer states at that commit. Read as a stream (24 MB is too much to hold whole in a Worker beside its rows).",
};

/** The 13 disciplines, as SuperGPQA's README names them, with its question count for each (26,529 in all). */
export const SUPERGPQA_DISCIPLINES: readonly (readonly [string, number])[] = [
  ["Agronomy", 485],
  ["Economics", 873],
  ["Education", 484],
  ["Engineering", 7892],
  ["History", 674],
  ["Law", 656],
  ["Literature and Arts", 1676],
  ["Management", 501],
  ["Medicine", 2755],
  ["Military Science", 205],
  ["Philosophy", 347],
  ["Science", 9838],
  ["Sociology", 143],
];
