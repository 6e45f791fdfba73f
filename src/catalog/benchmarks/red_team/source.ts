/**
 * Red Team's pinned source: the test split of Anthropic's hh-rlhf
 * harmless-base preference data (2,312 dialogues) from anthropics/hh-rlhf
 * at a fixed commit, with the sha256 and size of the gzip file (facts from
 * shared/datasets/red_team/SOURCE.md). Not the red-team attempts file,
 * which could not be had at a pinned digest. Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

const HH_RLHF = "anthropics/hh-rlhf";
const HH_RLHF_COMMIT = "354e5c3cb8960630860dd5774a6ac2a58313bf4d";

export const RED_TEAM_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.hh-rlhf-harmless-base",
  version: 1,
  repository: HH_RLHF,
  commit: HH_RLHF_COMMIT,
  license: "MIT",
  files: [
    {
      path: "red_team/harmless-base/test.jsonl.gz",
      url: rawUrl(HH_RLHF, HH_RLHF_COMMIT, "harmless-base/test.jsonl.gz"),
      sha256: "ebfaaed21162a4de120ae85366075b34425e2a6303fac59b99555002f7016f03",
      bytes: 742_801,
      format: "jsonl.gz",
    },
  ],
  notes:
    "hh-rlhf's harmless-base test split, byte for byte: 2,312 preference pairs {chosen, rejected}, each a whole dialogue in the " +
    "'\\n\\nHuman: ... \\n\\nAssistant: ...' format, the two differing in the final Assistant turn. Only the human turns before that final " +
    "reply are used. The red-team attempts file (red-team-attempts/red_team_attempts.jsonl.gz, 38,961 transcripts) is not this data. " +
    "The dialogues contain offensive and upsetting content by design.",
};
