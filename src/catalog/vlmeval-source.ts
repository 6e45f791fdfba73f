/**
 * Where VLMEvalKit publishes its benchmark tables and the md5 it states
 * for each (DATASET_URL and DATASET_MD5 in vlmeval/dataset/*.py of
 * open-compass/VLMEvalKit at the commit below): the pins of the Vision
 * built-ins that load one of them. The publisher states no size, so none
 * is pinned. Pure data.
 */
import type { PinnedDataset, SourceFile } from "./types";

export const VLMEVALKIT = "open-compass/VLMEvalKit";
/** The commit whose dataset tables list the URLs and md5s below. */
export const VLMEVALKIT_COMMIT = "e8e78f05f3080fe28154f2130321f17951c3be94";

/** A VLMEvalKit table: mirror path vlmevalkit/<NAME>.tsv, its URL and md5. */
export function vlmevalFile(name: string, md5: string): SourceFile {
  return { path: `vlmevalkit/${name}.tsv`, url: `https://opencompass.openxlab.space/utils/VLMEval/${name}.tsv`, md5, format: "tsv" };
}

/** A pinned dataset of VLMEvalKit tables. */
export function vlmevalDataset(name: string, files: SourceFile[], license: string, notes: string): PinnedDataset {
  return {
    kind: "pinned",
    name,
    version: 1,
    repository: VLMEVALKIT,
    commit: VLMEVALKIT_COMMIT,
    license,
    files,
    notes:
      `${notes} Pinned by the md5 VLMEvalKit states for the table (its DATASET_MD5 at ${VLMEVALKIT_COMMIT.slice(0, 8)}); no size is stated, so none is checked. ` +
      "The table is read as it streams in, one row at a time, its base64 images stored with the revision as they come, so its size is bounded by the Worker's time, not its memory.",
  };
}
