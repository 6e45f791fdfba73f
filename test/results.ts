/**
 * Test helpers for results: a run created through the API whose plan and
 * attempt rows are then written straight into D1 (and R2), so a test can
 * build an exact outcome table without executing anything.
 */
import { env } from "cloudflare:workers";
import { writePlan } from "../src/storage/run-plans";
import type { PlanMember } from "../src/execution/plan-layout";
import { seedBenchmark } from "./benchmarks";
import { call } from "./http";

/** One slot: a reward, "invalid" (ended without reward), or null (no row: not ended). */
export type Slot = number | "invalid" | null;

export interface SeedMember {
  key: string;
  subset?: string | null;
  a: Slot[];
  b?: Slot[];
  /** Per-slot extra columns for target a (output, reason, structured...). */
  extra?: Record<string, unknown>[];
}

export interface SeedBenchmarkRun {
  /** An existing benchmark id; default: a fresh seeded one. */
  id?: string;
  k: number;
  members: SeedMember[];
  /** Selected members (default: members.length); extra ones have no row at all. */
  member_count?: number;
  status?: string;
  error?: string | null;
  digest?: string;
  scoring?: Record<string, unknown>;
  /** Write the plan to R2 (default true). */
  plan?: boolean;
}

export interface SeedRunSpec {
  benchmarks: SeedBenchmarkRun[];
  status?: string;
  model?: string;
  base_url?: string;
  compare_model?: string;
  missing_policy?: "unknown" | "as_failure";
  api_key?: string;
  display_name?: string;
  /** More fields of the create body (judge, ...). */
  extra?: Record<string, unknown>;
}

/** Creates the run (as a draft, through the API), then writes its status, plans and attempts. */
export async function seedRun(key: string, projectId: string, spec: SeedRunSpec): Promise<{ runId: string; benchmarkIds: string[] }> {
  const benchmarkIds: string[] = [];
  for (const b of spec.benchmarks) benchmarkIds.push(b.id ?? (await seedBenchmark(projectId)));
  const base_url = spec.base_url ?? "https://models.example/v1";
  const body: Record<string, unknown> = {
    benchmarks: benchmarkIds,
    target: { kind: "model", provider: "openai", base_url, model: spec.model ?? "model-a", api_key: spec.api_key ?? "sk-seeded-key-000000" },
    options: { attempts: spec.benchmarks[0]?.k ?? 1, missing_policy: spec.missing_policy ?? "unknown" },
  };
  if (spec.display_name) body.display_name = spec.display_name;
  Object.assign(body, spec.extra ?? {});
  if (spec.compare_model) body.compare_target = { kind: "model", provider: "openai", base_url, model: spec.compare_model };
  const created = await call("POST", "/api/eval-runs", { key, body });
  if (created.status !== 201) throw new Error(`run create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const runId = created.body.id as string;
  const status = spec.status ?? "completed";
  const now = new Date().toISOString();
  const finished = ["completed", "failed", "cancelled"].includes(status) ? now : null;
  await env.DB.prepare(`UPDATE eval_runs SET status = ?2, started_at = ?3, finished_at = ?4 WHERE id = ?1`).bind(runId, status, now, finished).run();

  const targets = spec.compare_model ? 2 : 1;
  let base = 0;
  const stmts: D1PreparedStatement[] = [];
  for (const [position, b] of spec.benchmarks.entries()) {
    const id = benchmarkIds[position]!;
    const memberCount = b.member_count ?? b.members.length;
    const failed = b.status === "failed";
    const attemptCount = failed ? 0 : memberCount * b.k * targets;
    stmts.push(
      env.DB.prepare(
        `INSERT INTO run_benchmarks (run_id, benchmark_id, position, status, error, dataset_digest, scoring, k, member_count, base_seq, attempt_count, planned_count)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
      ).bind(
        runId,
        id,
        position,
        b.status ?? (status === "completed" || status === "failed" ? "completed" : status === "cancelled" ? "cancelled" : "running"),
        b.error ?? null,
        failed ? null : (b.digest ?? "digest-1"),
        JSON.stringify(b.scoring ?? { type: "exact_match" }),
        failed ? null : b.k,
        failed ? 0 : memberCount,
        base,
        attemptCount,
        attemptCount,
      ),
    );
    if (failed) continue;
    const plan: PlanMember[] = [];
    for (let m = 0; m < memberCount; m++) {
      const member = b.members[m];
      const key = member?.key ?? `extra-${m}`;
      plan.push([m, key, `d-${key}`, member?.subset ?? null]);
      if (!member) continue;
      const sides: Slot[][] = [member.a, ...(targets === 2 ? [member.b ?? []] : [])];
      sides.forEach((slots, t) => {
        slots.forEach((slot, i) => {
          if (slot === null) return;
          const seq = base + (m * targets + t) * b.k + i;
          const extra = (t === 0 ? member.extra?.[i] : undefined) ?? {};
          stmts.push(
            env.DB.prepare(
              `INSERT INTO attempts (run_id, seq, benchmark_id, target, member_key, member_index, row_index, task_digest, subset, attempt_index,
                 status, reward, structured, output, reason, error, exit_code, tries, input_tokens, output_tokens, cost, latency_ms, started_at, finished_at)
               VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)`,
            ).bind(
              runId,
              seq,
              id,
              t === 0 ? "a" : "b",
              key,
              m,
              m,
              `d-${key}`,
              member.subset ?? null,
              i,
              (extra.status as string) ?? (slot === "invalid" ? "failed" : "succeeded"),
              slot === "invalid" ? null : slot,
              extra.structured ? JSON.stringify(extra.structured) : null,
              (extra.output as string) ?? (slot === "invalid" ? null : `output of ${key}/${i}`),
              (extra.reason as string) ?? (slot === "invalid" ? null : slot === 1 ? "matches" : "does not match"),
              (extra.error as string) ?? (slot === "invalid" ? "model call: 500 upstream" : null),
              (extra.exit_code as number) ?? null,
              1,
              (extra.input_tokens as number) ?? 10,
              (extra.output_tokens as number) ?? 5,
              (extra.cost as number) ?? null,
              (extra.latency_ms as number) ?? 42,
              "2026-01-01T00:00:00.000Z",
              "2026-01-01T00:00:01.500Z",
            ),
          );
        });
      });
    }
    if (b.plan !== false) await writePlan(env.ARTIFACTS, runId, id, plan);
    base += attemptCount;
  }
  for (let i = 0; i < stmts.length; i += 50) await env.DB.batch(stmts.slice(i, i + 50));
  return { runId, benchmarkIds };
}
