/**
 * Test helper: finished runs written straight into D1 and R2 (run, run
 * benchmark, plan, one attempt row per ended attempt), for the leaderboard,
 * drift and cron tests. Finishing goes through an UPDATE of eval_runs'
 * status, as the engine does, so the run_finishes trigger fires.
 */
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../workers/index";
import { newId } from "../src/crypto/ids";
import { writePlan } from "../src/storage/run-plans";

export interface SyntheticBenchmark {
  benchmarkId: string;
  /** Per task, the rewards of its k attempts; null: ended without a reward; undefined: never ended. */
  rewards: (number | null | undefined)[][];
  /** Task keys (default t1, t2, ...) and digests (default: derived from the key). */
  keys?: string[];
  digests?: string[];
  datasetRevisionId?: string;
  datasetDigest?: string;
  scoring?: Record<string, unknown>;
  /** Compare-target rewards, same shape, for A/B runs. */
  compare?: (number | null | undefined)[][];
  /** Structured composite per task (same for every attempt). */
  composite?: (number | null)[];
}

export interface SyntheticRun {
  projectId: string;
  model: string;
  compareModel?: string;
  benchmarks: SyntheticBenchmark[];
  status?: "completed" | "failed" | "cancelled" | "running";
  missingPolicy?: "unknown" | "as_failure";
  /** ISO finish time (default now). */
  finishedAt?: string;
  timeoutS?: number;
}

const target = (model: string) => ({ kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model, params: {} });

/** Inserts the run (status running), its benchmarks, plans and attempts, then moves it to `status`. Returns its id. */
export async function syntheticRun(spec: SyntheticRun): Promise<string> {
  const runId = newId("run");
  const now = new Date().toISOString();
  const k = Math.max(1, ...spec.benchmarks.flatMap((b) => b.rewards.map((r) => r.length)));
  const targets = spec.compareModel ? 2 : 1;
  const options = {
    attempts: k,
    select: { shuffle: false, seed: 0, skip: 0 },
    temperature: 0,
    max_output_tokens: 64,
    timeout_s: spec.timeoutS ?? 10,
    concurrency: 4,
    missing_policy: spec.missingPolicy ?? "unknown",
  };
  const stmts: D1PreparedStatement[] = [
    env.DB.prepare(
      `INSERT INTO eval_runs (id, project_id, display_name, status, benchmark_ids, target, compare_target, options, created_at, updated_at, queued_at, started_at)
       VALUES (?1, ?2, NULL, 'running', ?3, ?4, ?5, ?6, ?7, ?7, ?7, ?7)`,
    ).bind(
      runId,
      spec.projectId,
      JSON.stringify(spec.benchmarks.map((b) => b.benchmarkId)),
      JSON.stringify(target(spec.model)),
      spec.compareModel ? JSON.stringify(target(spec.compareModel)) : null,
      JSON.stringify(options),
      now,
    ),
  ];
  let base = 0;
  for (const [position, b] of spec.benchmarks.entries()) {
    const keys = b.keys ?? b.rewards.map((_, i) => `t${i + 1}`);
    const digests = b.digests ?? keys.map((key) => `digest-${key}`);
    const count = b.rewards.length * k * targets;
    await writePlan(env.ARTIFACTS, runId, b.benchmarkId, keys.map((key, i) => [i, key, digests[i]!, null]));
    stmts.push(
      env.DB.prepare(
        `INSERT INTO run_benchmarks (run_id, benchmark_id, position, status, dataset_revision_id, dataset_digest, scoring, k, member_count, base_seq, attempt_count, planned_count)
         VALUES (?1, ?2, ?3, 'running', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)`,
      ).bind(
        runId,
        b.benchmarkId,
        position,
        b.datasetRevisionId ?? "dsr_synthetic",
        b.datasetDigest ?? "d".repeat(64),
        JSON.stringify(b.scoring ?? { type: "exact_match" }),
        k,
        b.rewards.length,
        base,
        count,
      ),
    );
    const sides: [string, (number | null | undefined)[][]][] = [["a", b.rewards]];
    if (spec.compareModel) sides.push(["b", b.compare ?? b.rewards]);
    for (let m = 0; m < b.rewards.length; m++) {
      for (const [t, rewards] of sides) {
        for (let i = 0; i < k; i++) {
          const reward = rewards[m]?.[i];
          if (reward === undefined) continue;
          const seq = base + (m * targets + (t === "a" ? 0 : 1)) * k + i;
          const composite = b.composite?.[m];
          stmts.push(
            env.DB.prepare(
              `INSERT INTO attempts (run_id, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, subset, attempt_index, status, reward, structured, tries, finished_at)
               VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, NULL, ?8, ?9, ?10, ?11, 1, ?12)`,
            ).bind(
              runId,
              seq,
              b.benchmarkId,
              t,
              keys[m]!,
              m,
              digests[m]!,
              i,
              reward === null ? "failed" : "succeeded",
              reward,
              composite === undefined || composite === null ? null : JSON.stringify({ composite }),
              now,
            ),
          );
        }
      }
    }
    base += count;
  }
  for (let i = 0; i < stmts.length; i += 50) await env.DB.batch(stmts.slice(i, i + 50));
  if (spec.status !== "running") await finishSynthetic(runId, spec.status ?? "completed", spec.finishedAt ?? now);
  return runId;
}

/** Ends a synthetic run the way the engine does: a conditional status update (the trigger records the finish). */
export async function finishSynthetic(runId: string, status: "completed" | "failed" | "cancelled", at = new Date().toISOString()): Promise<void> {
  await env.DB.prepare(`UPDATE eval_runs SET status = ?2, finished_at = ?3, updated_at = ?3 WHERE id = ?1 AND status IN ('queued', 'running')`)
    .bind(runId, status, at)
    .run();
}

/** Fires the Worker's scheduled handler (its default export's `scheduled`) once, at `at` (default now). */
export async function cronPass(at: Date | number = Date.now()): Promise<void> {
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env);
}

/** Rewards for `n` tasks with one attempt each: the first `passes` pass. */
export function passFail(n: number, passes: number): number[][] {
  return Array.from({ length: n }, (_, i) => [i < passes ? 1 : 0]);
}
