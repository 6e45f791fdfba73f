-- Execution: each benchmark's plan within a run, the attempts themselves and
-- the run's log. Attempts are WITHOUT ROWID keyed by (run_id, seq) with no
-- secondary index, so inserting one writes one row and finishing it writes
-- one more: two D1 rows written per attempt.

CREATE TABLE run_benchmarks (
  run_id TEXT NOT NULL,
  benchmark_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  status TEXT NOT NULL,                    -- pending | planning | running | completed | failed | cancelled
  error TEXT,                              -- why the benchmark could not run (never scored 0)
  dataset_revision_id TEXT,
  dataset_digest TEXT,
  scoring TEXT,                            -- JSON scorer spec as run, for re-scoring
  k INTEGER,
  member_count INTEGER,                    -- selected members
  base_seq INTEGER,                        -- first attempt seq of this benchmark
  attempt_count INTEGER,                   -- member_count * k * targets
  planned_count INTEGER NOT NULL DEFAULT 0,-- attempts written and enqueued so far
  few_shot TEXT,                           -- JSON array of row indices used as examples
  PRIMARY KEY (run_id, benchmark_id)
) WITHOUT ROWID;

CREATE TABLE attempts (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  benchmark_id TEXT NOT NULL,
  target TEXT NOT NULL,                    -- 'a' = target, 'b' = compare_target
  member_key TEXT NOT NULL,
  member_index INTEGER NOT NULL,           -- position of the member in the selection
  row_index INTEGER NOT NULL,
  task_digest TEXT NOT NULL,
  subset TEXT,
  attempt_index INTEGER NOT NULL,
  status TEXT NOT NULL,                    -- pending | dispatched | running | succeeded | failed | cancelled | timed_out
  reward REAL,                             -- null: no reward (missing), never silently 0
  structured TEXT,                         -- JSON {composite, dimensions, judge_summary}
  output TEXT,
  reason TEXT,                             -- the scorer's verdict in words
  error TEXT,
  exit_code INTEGER,
  tries INTEGER NOT NULL DEFAULT 0,
  input_tokens INTEGER,
  output_tokens INTEGER,
  cost REAL,
  latency_ms INTEGER,
  transcript_key TEXT,                     -- R2 object (JSONL) holding this attempt's transcript
  started_at TEXT,
  finished_at TEXT,
  PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;

CREATE TABLE run_logs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id TEXT NOT NULL,
  at TEXT NOT NULL,
  level TEXT NOT NULL,                     -- info | warn | error
  event TEXT NOT NULL,                     -- started | planned | retry | error | finished | ...
  attempt_seq INTEGER,
  message TEXT NOT NULL                    -- scrubbed of secrets before it is written
);
CREATE INDEX run_logs_run ON run_logs(run_id, id);
