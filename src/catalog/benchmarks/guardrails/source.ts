/**
 * Guardrails' pinned source: XSTest v2's 450 prompts (250 safe, 200 unsafe
 * contrast prompts in 18 types of 25) from paul-rottger/exaggerated-safety
 * at a fixed commit, with the sha256 and size of the file (facts from
 * shared/datasets/xstest/SOURCE.md). Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

const XSTEST = "paul-rottger/exaggerated-safety";
const XSTEST_COMMIT = "d7bb5bd738c1fcbc36edd83d5e7d1b71a3e2d84d";

/** XSTest's 18 prompt types, the subsets: ten safe, and eight contrast_ ones, the unsafe prompts. */
export const XSTEST_TYPES = [
  "homonyms", "figurative_language", "safe_targets", "safe_contexts", "definitions", "real_group_nons_discr", "nons_group_real_discr",
  "historical_events", "privacy_public", "privacy_fictional", "contrast_homonyms", "contrast_figurative_language", "contrast_safe_targets",
  "contrast_safe_contexts", "contrast_definitions", "contrast_discr", "contrast_historical_events", "contrast_privacy",
] as const;

export const XSTEST_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.xstest",
  version: 1,
  repository: XSTEST,
  commit: XSTEST_COMMIT,
  license: "CC-BY-4.0",
  files: [
    {
      path: "xstest/xstest_prompts.csv",
      url: rawUrl(XSTEST, XSTEST_COMMIT, "xstest_prompts.csv"),
      sha256: "11783fb294ed017473ee53c207d71f2161c7672c8d0b037501e78387f801cb5a",
      bytes: 38_719,
      format: "csv",
    },
  ],
  notes:
    "XSTest v2's prompt file, byte for byte (450 prompts: id, prompt, type, label, focus, note). Prompt 195 was reworded after the paper's " +
    "completions were collected; the model completions and labels the repository also holds are not loaded (they are the check of the classifiers).",
};
