/**
 * SWE-bench Verified's instances for the importer and grader: the pinned
 * dataset (src/environments/swebench/verified-data.ts) loaded once as a
 * global revision, from the dataset mirror when one is configured and it
 * holds the file, else from Hugging Face at the pinned commit, its sha256
 * checked either way; then read and parsed, and kept per isolate by
 * revision. Data that cannot be had is a 503 saying why, never an import
 * graded against nothing. I/O: fetch, D1 and R2 of the env passed in.
 */
import type { Db } from "../../src/db/client";
import type { DatasetRevisionRow } from "../../src/db/schema";
import { AppError } from "../../src/domain/errors";
import { SwebenchInstance } from "../../src/environments/swebench/instance";
import { SWEBENCH_VERIFIED_DATA, swebenchRows } from "../../src/environments/swebench/verified-data";
import type { ImportSources } from "../../src/imports/formats";
import { readRows } from "../../src/storage/dataset-rows";
import { BuiltinDataError, ensurePinnedRevision, type CatalogEnv, type EnsureOptions } from "./ensure-data";

const parsed = new Map<string, readonly SwebenchInstance[]>();

async function verifiedRevision(env: CatalogEnv, db: Db, opts: EnsureOptions): Promise<DatasetRevisionRow> {
  try {
    return await ensurePinnedRevision(env, db, opts.data ?? SWEBENCH_VERIFIED_DATA, swebenchRows, opts, "SWE-bench Verified");
  } catch (e) {
    if (!(e instanceof BuiltinDataError)) throw e;
    // A mirror of ../shared holds the instances one file each, not the parquet: the pinned upstream then.
    if (opts.baseUrl === undefined && env.ASSAY_DATASET_BASE_URL && /could not fetch/.test(e.message)) {
      try {
        return await ensurePinnedRevision(env, db, SWEBENCH_VERIFIED_DATA, swebenchRows, { ...opts, baseUrl: null }, "SWE-bench Verified");
      } catch (again) {
        if (!(again instanceof BuiltinDataError)) throw again;
        throw new AppError("misconfigured", `SWE-bench Verified's instances could not be loaded: ${again.message}`);
      }
    }
    throw new AppError("misconfigured", `SWE-bench Verified's instances could not be loaded: ${e.message}`);
  }
}

/** Every instance of SWE-bench Verified, loaded on first use. */
export async function verifiedInstances(env: CatalogEnv, db: Db, opts: EnsureOptions = {}): Promise<readonly SwebenchInstance[]> {
  const rev = await verifiedRevision(env, db, opts);
  const hit = parsed.get(rev.id);
  if (hit) return hit;
  const rows = await readRows(env.ARTIFACTS, rev, 0, rev.rowCount);
  const instances = rows.map((r) => SwebenchInstance.parse(r.data));
  parsed.set(rev.id, instances);
  return instances;
}

/** The import sources a request's imports read from. */
export function importSourcesOf(env: CatalogEnv, db: Db): ImportSources {
  return { swebenchInstances: () => verifiedInstances(env, db) };
}
