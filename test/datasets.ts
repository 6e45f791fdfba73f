/**
 * Test helper: a dataset revision row written straight into D1 (no upload,
 * no R2 chunks), for tests that only need its ref, columns and splits.
 */
import { env } from "cloudflare:workers";
import { newId } from "../src/crypto/ids";
import { openDb } from "../src/db/client";
import { datasetRevisions, type DatasetRevisionRow } from "../src/db/schema";

export interface SeedRevision {
  name: string;
  version: number;
  columns: { name: string; type: string }[];
  splits?: string[];
  subsets?: string[];
  rowCount?: number;
}

/** Inserts a revision for `projectId` (null: a global one) and returns the row with its `ref`. */
export async function seedRevision(projectId: string | null, spec: SeedRevision): Promise<DatasetRevisionRow & { ref: string }> {
  const id = newId("dsr");
  const row: DatasetRevisionRow = {
    id,
    projectId,
    name: spec.name,
    version: spec.version,
    digest: id.padEnd(64, "0"),
    rowCount: spec.rowCount ?? 10,
    columns: spec.columns,
    splits: spec.splits ?? [],
    subsets: spec.subsets ?? [],
    format: "jsonl",
    sizeBytes: 0,
    storagePrefix: `test/${id}`,
    chunkRows: 1000,
    source: null,
    createdAt: new Date().toISOString(),
  };
  await openDb(env.DB).insert(datasetRevisions).values(row);
  return { ...row, ref: `${spec.name}@${spec.version}` };
}
