-- Recorded outputs and re-scoring (issue 17).
-- eval_runs.source_run_id: the finished run whose stored outputs a re-score
-- run scores again (NULL for every other run); rescore_scoring: the scoring
-- spec (JSON) the re-score applies to each of its benchmarks.
ALTER TABLE eval_runs ADD COLUMN source_run_id TEXT;
ALTER TABLE eval_runs ADD COLUMN rescore_scoring TEXT;
-- run_benchmarks.recorded: per target slot, where the benchmark's recorded
-- outputs came from and how they matched its tasks (matched, missing,
-- unmatched count and first keys), written when the benchmark is planned.
ALTER TABLE run_benchmarks ADD COLUMN recorded TEXT;
