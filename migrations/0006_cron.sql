-- What the cron pass keeps: runs that just finished (an outbox filled by a
-- trigger, so every path that ends a run is seen), the sweeper's watch over
-- active runs, per-run scores (score history and the ranked view), project
-- leaderboards, drift alerts, outbound webhooks with their deliveries, and
-- inbound triggers.

-- One row per run reaching completed | failed | cancelled, whatever ended it
-- (the last attempt, stop, a dead letter, the sweeper). The cron pass reads
-- these in id order and deletes them once handled.
CREATE TABLE run_finishes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id TEXT NOT NULL,
  project_id TEXT NOT NULL,
  status TEXT NOT NULL,
  at TEXT NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0         -- passes that failed handling it; dropped after a few
);

CREATE TRIGGER eval_runs_finished AFTER UPDATE OF status ON eval_runs
WHEN NEW.status IN ('completed', 'failed', 'cancelled') AND OLD.status NOT IN ('completed', 'failed', 'cancelled')
BEGIN
  INSERT INTO run_finishes (run_id, project_id, status, at)
  VALUES (NEW.id, NEW.project_id, NEW.status, coalesce(NEW.finished_at, NEW.updated_at));
END;

-- Active runs only, so the sweeper never scans finished ones.
CREATE INDEX eval_runs_active ON eval_runs(id) WHERE status IN ('queued', 'running');

-- Small named values of the cron pass (the sweeper's cursor).
CREATE TABLE cron_state (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- The sweeper's view of an active run: a progress signature (planned
-- attempts, terminal tally, status) and when it last changed.
CREATE TABLE run_watch (
  run_id TEXT PRIMARY KEY,
  signature TEXT NOT NULL,
  progress_at TEXT NOT NULL,
  sweeps INTEGER NOT NULL DEFAULT 0,       -- rounds of re-sending already spent on this run
  sweep_seq INTEGER NOT NULL DEFAULT 0,    -- where the current round's scan of attempts resumes
  open_found INTEGER NOT NULL DEFAULT 0    -- open attempts found so far in the current round
) WITHOUT ROWID;

-- Comparable groups of results: the same dataset revision and digest,
-- benchmark, scoring spec (or runner), task names and digests, k and
-- missing-reward policy. Created by a submission or by the cron pass.
CREATE TABLE leaderboard_boards (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  key TEXT NOT NULL,                       -- sha256 of the canonical spec
  benchmark_id TEXT NOT NULL,
  dataset_revision_id TEXT NOT NULL,
  dataset_digest TEXT NOT NULL,
  spec TEXT NOT NULL,                      -- JSON: scoring, runner, k, missing_policy, task_count, tasks_digest
  entry_count INTEGER NOT NULL DEFAULT 0,  -- explicitly submitted entries
  created_at TEXT NOT NULL,
  UNIQUE (project_id, key)
);
CREATE INDEX leaderboard_boards_project ON leaderboard_boards(project_id, benchmark_id, id);

-- Explicit submissions: a snapshot of one (run, benchmark, target), frozen.
CREATE TABLE leaderboard_entries (
  id TEXT PRIMARY KEY,
  board_id TEXT NOT NULL,
  project_id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  benchmark_id TEXT NOT NULL,
  target TEXT NOT NULL,                    -- a | b
  model TEXT NOT NULL,                     -- display label of the target
  run_status TEXT NOT NULL,
  score REAL,
  scored INTEGER NOT NULL,
  missing INTEGER NOT NULL,
  composite REAL,
  snapshot TEXT NOT NULL,                  -- JSON: the whole aggregate at submission
  submitted_at TEXT NOT NULL,
  UNIQUE (project_id, run_id, benchmark_id, target)
);
CREATE INDEX leaderboard_entries_board ON leaderboard_entries(board_id, id);

-- Scores of finished runs per (run, benchmark, target), written once per
-- finish by the cron pass: score history, the ranked view and drift baselines.
CREATE TABLE run_scores (
  run_id TEXT NOT NULL,
  benchmark_id TEXT NOT NULL,
  target TEXT NOT NULL,
  project_id TEXT NOT NULL,
  board_id TEXT NOT NULL,
  drift_key TEXT NOT NULL,                 -- benchmark, dataset digest and scorer
  model_key TEXT NOT NULL,                 -- what identifies the target model
  model TEXT NOT NULL,
  run_status TEXT NOT NULL,
  score REAL,
  scored INTEGER NOT NULL,
  missing INTEGER NOT NULL,
  composite REAL,
  aggregate TEXT NOT NULL,                 -- JSON: the whole aggregate
  finished_at TEXT NOT NULL,
  rank INTEGER,                            -- within its board among completed runs; null otherwise
  PRIMARY KEY (run_id, benchmark_id, target)
) WITHOUT ROWID;
CREATE INDEX run_scores_board ON run_scores(board_id, rank);

-- A deleted run leaves the ranked view; the runs ranked below it move up.
CREATE TRIGGER eval_runs_deleted AFTER DELETE ON eval_runs
BEGIN
  DELETE FROM run_scores WHERE run_id = OLD.id;
END;

CREATE TRIGGER run_scores_deleted AFTER DELETE ON run_scores WHEN OLD.rank IS NOT NULL
BEGIN
  UPDATE run_scores SET rank = rank - 1 WHERE board_id = OLD.board_id AND rank > OLD.rank;
END;
CREATE INDEX run_scores_project ON run_scores(project_id, benchmark_id, board_id, rank);
CREATE INDEX run_scores_drift ON run_scores(project_id, drift_key, model_key, finished_at);

CREATE TABLE drift_settings (
  project_id TEXT PRIMARY KEY,
  min_drop REAL NOT NULL,                  -- smallest drop in score that may raise an alert
  updated_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE drift_alerts (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  run_id TEXT NOT NULL,
  baseline_run_id TEXT NOT NULL,
  benchmark_id TEXT NOT NULL,
  target TEXT NOT NULL,
  model TEXT NOT NULL,
  detail TEXT NOT NULL,                    -- JSON: scores, delta, interval, test, regressed tasks
  created_at TEXT NOT NULL,
  acked_at TEXT,
  acked_by TEXT,
  UNIQUE (run_id, benchmark_id, target)
);
CREATE INDEX drift_alerts_project ON drift_alerts(project_id, id);

CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,                    -- JSON array of event types
  description TEXT,
  secret TEXT NOT NULL,                    -- sealed whsec_ secret
  created_at TEXT NOT NULL
);
CREATE INDEX webhooks_project ON webhooks(project_id, id);

-- One message per (subscription, event); its id is the webhook-id header,
-- the same on every retry.
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL,
  project_id TEXT NOT NULL,
  event_key TEXT NOT NULL,                 -- what happened, so each event is enqueued once
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,                   -- the JSON body, as signed
  status TEXT NOT NULL,                    -- pending | delivered | failed
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  response_status INTEGER,
  last_error TEXT,
  log TEXT NOT NULL DEFAULT '[]',          -- JSON: the last tries {at, status, error, ms}
  created_at TEXT NOT NULL,
  delivered_at TEXT,
  UNIQUE (webhook_id, event_key)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, id);

CREATE TABLE triggers (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  name TEXT NOT NULL,
  template TEXT NOT NULL,                  -- JSON: the run configuration without keys
  secrets TEXT,                            -- sealed keys of the template's targets and judge
  secret TEXT NOT NULL,                    -- sealed whsec_ secret that signs calls
  created_at TEXT NOT NULL,
  last_fired_at TEXT
);
CREATE INDEX triggers_project ON triggers(project_id, id);
