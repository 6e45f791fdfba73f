/** ARC-Challenge's pinned source: the upstream files at a commit with the sha256 of each, as the loader checks them. Pure data. */
import { NUTCRACKER, NUTCRACKER_COMMIT, nutcrackerFile } from "../../nutcracker";
import type { PinnedDataset } from "../../types";

export const ARC_CHALLENGE_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.arc-challenge",
  version: 1,
  repository: NUTCRACKER,
  commit: NUTCRACKER_COMMIT,
  license: "CC-BY-SA-4.0",
  files: [
    nutcrackerFile("arc_challenge/test.jsonl", "db/arc-challenge/test.json", "eb44aa2cd4ed1954533d657a00f88f319f2f6a897dcee899fcce93282618b158", 485_562),
    nutcrackerFile("arc_challenge/dev.jsonl", "db/arc-challenge/dev.json", "38cda864251603d31c6cf847426da21ca571fb8be57687d4e5e08ea0d3fda964", 44_908),
  ],
  notes:
    "AI2's ARC-Challenge test set (1,172 questions) and 100 dev questions in nutcracker-db's re-encoding: question ids and " +
    "numeric answer labels are dropped, options are lettered A–E.",
};
