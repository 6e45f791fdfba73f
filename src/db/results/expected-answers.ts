/**
 * The expected answer of attempts' dataset rows, for the samples and trials
 * views: the benchmarks' answer columns and the dataset revisions the run
 * planned with from D1, the few row chunks a page touches from R2.
 */
import { inArray } from "drizzle-orm";
import { expectedAnswer } from "../../domain/prompt";
import { rowAt } from "../../storage/row-cache";
import { openDb } from "../client";
import { readBenchmarkPlans } from "./plans";
import { benchmarks, datasetRevisions, type EvalRunRow } from "../schema";

/**
 * The expected answer of each attempt's dataset row (null when the
 * benchmark has no answer column or the row cannot be read), from the
 * revision the run planned with.
 */
export async function expectedAnswers(
  h: { DB: D1Database; ARTIFACTS: R2Bucket },
  run: EvalRunRow,
  rows: readonly { benchmark_id: string; row_index: number }[],
): Promise<(string | null)[]> {
  if (!rows.length) return [];
  const db = openDb(h.DB);
  const plans = await readBenchmarkPlans(h.DB, run);
  const ids = [...new Set(rows.map((r) => r.benchmark_id))];
  const revIds = [...new Set(plans.filter((p) => ids.includes(p.benchmark_id)).flatMap((p) => (p.dataset_revision_id ? [p.dataset_revision_id] : [])))];
  const [bms, revs] = await Promise.all([
    db.select().from(benchmarks).where(inArray(benchmarks.id, ids)).all(),
    revIds.length ? db.select().from(datasetRevisions).where(inArray(datasetRevisions.id, revIds)).all() : [],
  ]);
  const bmById = new Map(bms.map((b) => [b.id, b]));
  const revById = new Map(revs.map((r) => [r.id, r]));
  const revOf = new Map(plans.map((p) => [p.benchmark_id, p.dataset_revision_id ? revById.get(p.dataset_revision_id) : undefined]));
  return Promise.all(
    rows.map(async (r) => {
      const bm = bmById.get(r.benchmark_id);
      const rev = revOf.get(r.benchmark_id);
      if (!bm || !rev || !bm.answerColumn) return null;
      try {
        const row = await rowAt(h.ARTIFACTS, rev, r.row_index);
        return expectedAnswer({ prompt_template: bm.promptTemplate, prompt_column: bm.promptColumn, answer_column: bm.answerColumn }, row.data);
      } catch {
        // A revision whose rows are gone still has results; only the expected answer is unknown.
        return null;
      }
    }),
  );
}
