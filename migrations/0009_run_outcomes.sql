-- Why a run and each of its benchmarks ended as they did (issue 21: a run
-- that scored nothing is not "completed"). Written once, when the run is
-- finalized (src/domain/run-outcome.ts decides; src/db/run-status.ts writes).

-- Attempts without a reward by error kind ({"http_401": 40, "timeout": 2}), summed over the run.
ALTER TABLE eval_runs ADD COLUMN error_counts TEXT;
-- The same for one benchmark, over its targets.
ALTER TABLE run_benchmarks ADD COLUMN error_counts TEXT;
-- Per target slot: {"a": {"status", "error", "requested", "scored", "error_counts"}, "b": ...}.
ALTER TABLE run_benchmarks ADD COLUMN target_outcomes TEXT;
