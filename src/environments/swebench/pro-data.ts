/**
 * Where SWE-bench Pro's 731 public instances come from: the Hugging Face
 * parquet of ScaleAI/SWE-bench_Pro (test split) pinned to a commit, with
 * its size and sha256; and the loader turning it into revision rows: the
 * row as it is, one per instance, in instance_id order, each checked as a
 * Pro instance (its test lists and selected test files readable as the
 * Python list literals the harness eval()s: pro-task.ts's ProRow).
 * Pure data and parsing, no I/O.
 */
import { recordsOf } from "../../catalog/read";
import type { LoadedFile, PinnedDataset } from "../../catalog/types";
import type { JsonObject } from "../../datasets/canonical-json";
import { checkedInstanceRows, type PlacedRow } from "./instance-rows";
import { ProRow } from "./pro-task";

const REPO = "ScaleAI/SWE-bench_Pro";
/** The dataset repository's commit the harness's users pin (its data/ last changed at 2dd05cab). */
const COMMIT = "7ab5114912baf22bb098818e604c02fe7ad2c11f";

export const SWEBENCH_PRO_DATA: PinnedDataset = {
  kind: "pinned",
  name: "builtin.swebench-pro",
  version: 1,
  repository: REPO,
  commit: COMMIT,
  // The dataset card declares none; the harness repository (scaleapi/SWE-bench_Pro-os) is MIT.
  license: "unstated",
  files: [
    {
      path: "swebench_pro/data/test-00000-of-00001.parquet",
      url: `https://huggingface.co/datasets/${REPO}/resolve/${COMMIT}/data/test-00000-of-00001.parquet`,
      // The Git LFS pointer's oid and size as independent public pins state them (one read from Hugging Face's API, siblings[].lfs.sha256, and from a download; others from downloads at this commit); Hugging Face's pointer page itself was not at hand to read.
      sha256: "c8cd7115496ad4e9a8b21d088cef576a65bf821bb542b24336f13f714cef13f8",
      bytes: 7_816_820,
      format: "parquet",
    },
  ],
  notes:
    "The 731 public instances of SWE-bench Pro (11 repositories; Python, Go, JavaScript, TypeScript) as the Hugging Face test split holds them: " +
    "repo, instance_id, base_commit, patches, problem statement, requirements, interface, fail_to_pass and pass_to_pass (Python list literals), " +
    "before_repo_set_cmd, selected_test_files_to_run and dockerhub_tag (the image in jefzda/sweap-images). " +
    "The commercial and held-out subsets are not public.",
};

/** Revision rows from the pinned parquet. Throws naming the file and row on a row that is not a Pro instance, or an instance twice. */
export async function swebenchProRows(files: LoadedFile[]): Promise<JsonObject[]> {
  const rows: PlacedRow[] = [];
  for (const f of files) (await recordsOf(f)).forEach((data, i) => rows.push({ data, where: `${f.file.path} row ${i + 1}` }));
  return checkedInstanceRows(rows, ProRow);
}
