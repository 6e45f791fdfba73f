/**
 * The runs a run's scores are set beside: the previous comparable run of
 * the project (same benchmark, dataset digest and model), and a re-score's
 * source run, each read with the same member tally as the run itself.
 * Their tallies are kept per isolate: a run polled while it executes
 * (/scores every few seconds) would otherwise read the whole of the
 * finished run beside it on every call.
 */
import type { RunOptions } from "../../domain/run-options";
import type { StoredTarget } from "../../domain/run-target";
import type { TargetSlot } from "../../reports/member-rows";
import { previousScore } from "../../reports/previous-score";
import { targetIdentity } from "../../reports/run-info";
import type { ScoreRow } from "../../reports/score-row";
import { memberTallyStatement, type MemberTallyRow } from "../member-tally";
import type { EvalRunRow } from "../schema";
import { rowsFor, toMemberRow, type LoadedRun } from "./load";
import { slotTarget } from "./plans";

interface RawPrevious {
  id: string;
  display_name: string | null;
  finished_at: string | null;
  options: string;
  k: number;
  member_count: number;
  base_seq: number;
  attempt_count: number;
  dataset_digest: string;
  scorer: string | null;
  match_a: number;
  match_b: number;
}

/** SQLite's version of targetIdentity over a stored JSON target column (keep the two in step). */
function identitySql(column: string): string {
  const f = (path: string) => `json_extract(${column}, '$.${path}')`;
  return `(CASE ${f("kind")} WHEN 'agent' THEN 'agent|' || ${f("runner_url")} || '|' || ${f("profile")} WHEN 'outputs' THEN 'outputs|' || ${f("dataset")} || '|' || ${f("output_column")} ELSE 'model|' || ${f("base_url")} || '|' || ${f("model")} END)`;
}

/**
 * The newest completed run of the project created before `run` that ran the
 * benchmark to completion on the same dataset digest with a target that
 * calls the same model at the same base URL (either of its slots; the same
 * slot as ours wins a tie). Walks the project's runs by the
 * (project_id, id) index, newest first.
 */
export async function findPreviousRun(
  d1: D1Database,
  run: Pick<EvalRunRow, "id" | "projectId">,
  benchmarkId: string,
  datasetDigest: string,
  target: StoredTarget,
  slot: TargetSlot,
): Promise<{ row: RawPrevious; slot: TargetSlot } | null> {
  const identity = targetIdentity(target);
  const row = await d1
    .prepare(
      `SELECT r.id, r.display_name, r.finished_at, r.options, rb.k, rb.member_count, rb.base_seq, rb.attempt_count, rb.dataset_digest,
         json_extract(rb.scoring, '$.type') AS scorer,
         coalesce(${identitySql("r.target")} = ?5, 0) AS match_a, coalesce(${identitySql("r.compare_target")} = ?5, 0) AS match_b
       FROM eval_runs r JOIN run_benchmarks rb ON rb.run_id = r.id AND rb.benchmark_id = ?2
       WHERE r.project_id = ?1 AND r.id < ?3 AND r.status = 'completed'
         AND rb.status = 'completed' AND rb.dataset_digest = ?4 AND rb.k IS NOT NULL AND rb.base_seq IS NOT NULL
         AND (${identitySql("r.target")} = ?5 OR ${identitySql("r.compare_target")} = ?5)
       ORDER BY r.id DESC LIMIT 1`,
    )
    .bind(run.projectId, benchmarkId, run.id, datasetDigest, identity)
    .first<RawPrevious>();
  if (!row) return null;
  const matched: TargetSlot = row.match_a && row.match_b ? slot : row.match_a ? "a" : "b";
  return { row, slot: matched };
}

/** Tally rows kept over all finished runs (a member row is about 200 bytes: tens of MB at most). */
const MAX_KEPT_TALLY_ROWS = 200_000;
const kept = new Map<string, MemberTallyRow[]>();
let keptRows = 0;

/**
 * The member tallies of a finished run's (benchmark range, slot), read once
 * per isolate. A finished run's rows change only through a resume, which
 * takes it out of `completed` (no longer found as anyone's previous run)
 * and gives it a new finished_at when it ends again: the key holds both.
 */
async function finishedTallies(d1: D1Database, p: { id: string; base_seq: number; attempt_count: number; finished_at: string | null }, slot: TargetSlot): Promise<MemberTallyRow[]> {
  const key = `${p.id}:${p.base_seq}:${p.attempt_count}:${slot}:${p.finished_at}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit); // most recently read last
    return hit;
  }
  const rows = (await memberTallyStatement(d1, p.id, p.base_seq, p.base_seq + p.attempt_count, slot).all<MemberTallyRow>()).results;
  if (p.finished_at === null || rows.length > MAX_KEPT_TALLY_ROWS) return rows;
  while (keptRows + rows.length > MAX_KEPT_TALLY_ROWS) {
    const [oldest, old] = kept.entries().next().value!;
    kept.delete(oldest);
    keptRows -= old.length;
  }
  kept.set(key, rows);
  keptRows += rows.length;
  return rows;
}

/** Attaches the previous comparable run to each score row that has a number. */
export async function attachPrevious(d1: D1Database, loaded: LoadedRun, rows: ScoreRow[]): Promise<void> {
  const { run } = loaded;
  await Promise.all(
    rows.map(async (row) => {
      const target = slotTarget(run, row.target);
      if (!target || row.score_counts === null || row.dataset_digest === null) return;
      const found = await findPreviousRun(d1, run, row.benchmark_id, row.dataset_digest, target, row.target);
      if (!found) return;
      const p = found.row;
      const prevRows = await finishedTallies(d1, p, found.slot);
      const prevPolicy = (JSON.parse(p.options) as Partial<RunOptions>).missing_policy ?? "unknown";
      row.previous = previousScore(row, rowsFor(loaded, row.benchmark_id, row.target), {
        run_id: p.id,
        display_name: p.display_name,
        finished_at: p.finished_at,
        facts: {
          benchmark_id: row.benchmark_id,
          name: row.benchmark_name,
          status: "completed",
          error: null,
          k: p.k,
          member_count: p.member_count,
          dataset_digest: p.dataset_digest,
          planning_complete: true,
          scorer: p.scorer,
        },
        rows: prevRows.map(toMemberRow),
        policy: prevPolicy,
      });
      row.previous.target = found.slot;
    }),
  );
}

/**
 * A re-score's rows beside its source run's: the same (benchmark, target)
 * of the source, compared as an A/B is (paired test per task, source = A,
 * this run = B) by the previous-run comparison's rule.
 */
export async function attachSource(d1: D1Database, loaded: LoadedRun, rows: ScoreRow[]): Promise<void> {
  const sourceId = loaded.run.sourceRunId;
  if (!sourceId) return;
  const src = await d1
    .prepare(
      `SELECT r.id, r.display_name, r.finished_at, r.options, rb.benchmark_id, rb.k, rb.member_count, rb.base_seq, rb.attempt_count, rb.dataset_digest,
         json_extract(rb.scoring, '$.type') AS scorer
       FROM eval_runs r JOIN run_benchmarks rb ON rb.run_id = r.id
       WHERE r.id = ?1 AND r.project_id = ?2 AND rb.k IS NOT NULL AND rb.base_seq IS NOT NULL AND rb.attempt_count IS NOT NULL`,
    )
    .bind(sourceId, loaded.run.projectId)
    .all<Omit<RawPrevious, "match_a" | "match_b"> & { benchmark_id: string }>();
  await Promise.all(
    rows.map(async (row) => {
      const p = src.results.find((s) => s.benchmark_id === row.benchmark_id);
      if (!p || row.score_counts === null) return;
      const srcRows = await finishedTallies(d1, p, row.target);
      row.source = previousScore(row, rowsFor(loaded, row.benchmark_id, row.target), {
        run_id: p.id,
        display_name: p.display_name,
        finished_at: p.finished_at,
        facts: { benchmark_id: row.benchmark_id, name: row.benchmark_name, status: "completed", error: null, k: p.k, member_count: p.member_count, dataset_digest: p.dataset_digest, planning_complete: true, scorer: p.scorer },
        rows: srcRows.map(toMemberRow),
        policy: (JSON.parse(p.options) as Partial<RunOptions>).missing_policy ?? "unknown",
      });
    }),
  );
}
