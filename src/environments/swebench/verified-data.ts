/**
 * Where SWE-bench Verified's instances come from: the Hugging Face parquet
 * of princeton-nlp/SWE-bench_Verified pinned to a commit, with the sha256
 * of its bytes (its Git LFS pointer's oid, as Hugging Face's own cache
 * names the blob); and the loader turning that file, or the same rows as
 * one config.json per instance (how ../shared keeps them, and how tests
 * generate them), into the revision rows the importer and the grader read:
 * the Hugging Face row as it is, one per instance, in instance_id order,
 * each checked as a SwebenchInstance. Pure data and parsing, no I/O.
 */
import { recordsOf } from "../../catalog/read";
import type { LoadedFile, PinnedDataset } from "../../catalog/types";
import type { JsonObject } from "../../datasets/canonical-json";
import { checkedInstanceRows, type PlacedRow } from "./instance-rows";
import { SwebenchInstance } from "./instance";

const REPO = "princeton-nlp/SWE-bench_Verified";
/** The dataset repository's commit whose test split is the pinned file. */
const COMMIT = "c104f840cc67f8b6eec6f759ebc8b2693d585d4a";

export const SWEBENCH_VERIFIED_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.swebench-verified",
  version: 1,
  repository: REPO,
  commit: COMMIT,
  license: "MIT",
  files: [
    {
      path: "swebench_verified/data/test-00000-of-00001.parquet",
      url: `https://huggingface.co/datasets/${REPO}/resolve/${COMMIT}/data/test-00000-of-00001.parquet`,
      sha256: "a45b1fe4e2f0c8390b2b2938ac83e92ed5979000856808f3679c07812e9e6dcd",
      bytes: 2_096_679,
      format: "parquet",
    },
  ],
  notes:
    "The 500 instances of SWE-bench Verified as the Hugging Face test split holds them (FAIL_TO_PASS and PASS_TO_PASS as JSON text). " +
    "The split was revised after July 2024 (pylint-dev__pylint-7080 lists one PASS_TO_PASS test fewer than 2024 reports); grading uses the lists of this revision.",
};

/** Revision rows from the pinned parquet, or from config.json files (one instance each). Throws naming the file on a row that is not an instance. */
export async function swebenchRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const rows: PlacedRow[] = [];
  for (const f of files) {
    if (f.file.format === "json") {
      const data = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(f.bytes)) as JsonObject;
      rows.push({ data, where: f.file.path });
    } else {
      (await recordsOf(f)).forEach((data, i) => rows.push({ data, where: `${f.file.path} row ${i + 1}` }));
    }
  }
  return checkedInstanceRows(rows, SwebenchInstance);
}
