-- Results: the final aggregates of finished runs, one row per (run,
-- benchmark, target), so score history reads a few rows per run instead of
-- rescanning every past run's attempts. A cache, never the source of truth:
-- a row is used only while `computed_for` still equals the run's
-- finished_at (a resumed run finishes again and is recomputed) and
-- `version` equals the metrics version of the code reading it.

CREATE TABLE run_score_cache (
  run_id TEXT NOT NULL,
  benchmark_id TEXT NOT NULL,
  target TEXT NOT NULL,                    -- 'a' = target, 'b' = compare_target
  computed_for TEXT NOT NULL,              -- eval_runs.finished_at these aggregates were computed for
  version INTEGER NOT NULL,                -- metrics version (src/db/results.ts SCORES_VERSION)
  body TEXT NOT NULL,                      -- JSON: status, error, k, dataset digest and the aggregate
  PRIMARY KEY (run_id, benchmark_id, target)
) WITHOUT ROWID;
