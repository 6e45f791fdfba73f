/** TruthfulQA MC1's pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them. Pure data. */
import { NUTCRACKER, NUTCRACKER_COMMIT, nutcrackerFile } from "../../nutcracker";
import type { PinnedDataset } from "../../types";

export const TRUTHFULQA_MC1_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.truthfulqa-mc1",
  version: 1,
  repository: NUTCRACKER,
  commit: NUTCRACKER_COMMIT,
  license: "Apache-2.0",
  files: [nutcrackerFile("truthfulqa_mc1/test.jsonl", "db/truthfulqa-mc1/test.json", "7b9b5921b0ec807cc3d27090f789bcaddcd516e4c836042b579acf812d020b72", 405_423)],
  notes:
    "TruthfulQA's mc1_targets (817 questions) re-encoded by nutcracker-db. The source always lists the true option first; " +
    "the loader shuffles each question's options in a fixed, seeded order so position gives nothing away.",
};
