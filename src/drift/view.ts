/** The public form of a drift alert, shared by the API and the drift.detected webhook. No I/O. */
import type { DriftFinding, RegressedTask } from "./detect";

export interface AlertSource {
  id: string;
  run_id: string;
  baseline_run_id: string;
  benchmark_id: string;
  benchmark_name: string | null;
  target: string;
  model: string;
  detail: DriftFinding;
  created_at: string;
  acked_at: string | null;
}

export interface AlertView {
  id: string;
  /** The new run that got worse. */
  run_id: string;
  /** The earlier completed run of the same benchmark and model it is compared with. */
  baseline_run_id: string;
  benchmark_id: string;
  /** What a reader calls it (null once the benchmark is gone); benchmark_id is for machines. */
  benchmark_name: string | null;
  /** Which target of the runs: "target" or "compare_target". */
  target: "target" | "compare_target";
  model: string;
  baseline_score: number | null;
  score: number | null;
  /** New minus baseline, over the tasks both scored. */
  delta: number | null;
  delta_ci95: [number, number] | null;
  p_value: number | null;
  test: { name: string; method: string };
  shared_tasks: number;
  regressed_count: number;
  /** The tasks that got worse, largest drop first (at most 50). */
  regressed_tasks: RegressedTask[];
  min_drop: number;
  alpha: number;
  summary: string;
  display: { delta: string | null };
  created_at: string;
  acked_at: string | null;
}

export function alertView(a: AlertSource): AlertView {
  const d = a.detail;
  return {
    id: a.id,
    run_id: a.run_id,
    baseline_run_id: a.baseline_run_id,
    benchmark_id: a.benchmark_id,
    benchmark_name: a.benchmark_name,
    target: a.target === "b" ? "compare_target" : "target",
    model: a.model,
    baseline_score: d.baseline_score,
    score: d.score,
    delta: d.delta,
    delta_ci95: d.delta_ci95,
    p_value: d.p_value,
    test: { name: d.test.name, method: d.test.method },
    shared_tasks: d.shared_tasks,
    regressed_count: d.regressed_count,
    regressed_tasks: d.regressed,
    min_drop: d.min_drop,
    alpha: d.alpha,
    summary: d.reason,
    display: d.display,
    created_at: a.created_at,
    acked_at: a.acked_at,
  };
}
