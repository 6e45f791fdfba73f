/**
 * HellaSwag's pinned source: the validation items as a bzip2 text file, pinned
 * to a commit of a public repository with the sha256 and size of its bytes
 * (facts from shared/datasets/hellaswag/SOURCE.md). Pure data, no I/O.
 */
import { rawUrl } from "../../github";
import type { PinnedDataset } from "../../types";

const HELLASWAG_TEXT = "klosax/hellaswag_text_data";
// The last commit whose tree still has the repository's MIT LICENSE; the data file is the same at HEAD.
const HELLASWAG_COMMIT = "0455359cb53700e000f98431f096720ee9b35550";

export const HELLASWAG_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.hellaswag",
  version: 1,
  repository: HELLASWAG_TEXT,
  commit: HELLASWAG_COMMIT,
  license: "MIT",
  files: [
    {
      path: "hellaswag/hellaswag_val_full.txt.bz2",
      url: rawUrl(HELLASWAG_TEXT, HELLASWAG_COMMIT, "hellaswag_val_full.txt.bz2"),
      sha256: "50b637899e4263c2bc456c2dc726c95d2c8cd8e2a552ea5bd7719ce3cb03fe5b",
      bytes: 1_964_544,
      format: "txt.bz2",
    },
  ],
  notes:
    "Not the original JSON Lines: a text conversion of rowanz/hellaswag's hellaswag_val.jsonl (all 10,042 validation items, in file order), " +
    "six lines per item: activity label and context, the gold ending's index, the four endings. The converter applied lm-evaluation-harness's " +
    "cleanup ([header], [step], [title] markers removed) but kept the raw context, so an ActivityNet prompt can differ from the harness's by " +
    "the case of one letter. The in-domain/zero-shot split, source ids and ctx_a/ctx_b split are not in the file.",
};
