-- Foundation: tenants and their keys, dataset revisions, benchmarks,
-- profiles and eval runs. Attempts arrive with the execution migration.

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  plan TEXT NOT NULL,                      -- 'team' (evaluations included) | 'free'
  evaluations_enabled INTEGER NOT NULL,    -- 0/1, copied from the plan, overridable
  credits INTEGER NOT NULL,                -- ML-compute credits left (one per attempt)
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,                    -- shown in lists; the secret never is
  hash TEXT NOT NULL UNIQUE,               -- sha256 of the whole key
  scopes TEXT NOT NULL,                    -- JSON array of read | write | admin
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_project ON api_keys(project_id, id);

-- project_id NULL marks a global (built-in) revision.
CREATE TABLE dataset_revisions (
  id TEXT PRIMARY KEY,
  project_id TEXT,
  name TEXT NOT NULL,
  version INTEGER NOT NULL,
  digest TEXT NOT NULL,                    -- sha256 over the row digests, in order
  row_count INTEGER NOT NULL,
  columns TEXT NOT NULL,                   -- JSON [{name, type}]
  splits TEXT NOT NULL,                    -- JSON array of distinct split values
  subsets TEXT NOT NULL,                   -- JSON array of distinct subset values
  format TEXT NOT NULL,                    -- jsonl | csv | parquet
  size_bytes INTEGER NOT NULL,
  storage_prefix TEXT NOT NULL,            -- R2 prefix holding the row chunks
  chunk_rows INTEGER NOT NULL,             -- rows per chunk object
  source TEXT,                             -- where a built-in revision was loaded from
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX dataset_revisions_version ON dataset_revisions(coalesce(project_id, ''), name, version);
CREATE INDEX dataset_revisions_digest ON dataset_revisions(coalesce(project_id, ''), name, digest);

-- project_id NULL marks a built-in benchmark, visible to every project.
CREATE TABLE benchmarks (
  id TEXT PRIMARY KEY,
  project_id TEXT,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT,
  kind TEXT NOT NULL,                      -- inline | runner
  dataset_ref TEXT,                        -- name@version
  dataset_revision_id TEXT,
  split TEXT,
  prompt_column TEXT,
  prompt_template TEXT,
  answer_column TEXT,
  scoring TEXT NOT NULL,                   -- JSON scorer spec {type, ...}
  options TEXT NOT NULL,                   -- JSON: few_shot, subsets, ...
  catalog TEXT,                            -- JSON detail text of built-ins
  sample_size INTEGER,
  first_used_at TEXT,                      -- set when a run first references it; blocks delete
  archived_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX benchmarks_project ON benchmarks(project_id, id);

CREATE TABLE profiles (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  params TEXT NOT NULL,                    -- JSON object
  secret_names TEXT NOT NULL,              -- JSON array of secret parameter names
  secret_params TEXT,                      -- AES-GCM sealed JSON object
  content_digest TEXT NOT NULL,            -- HMAC over params and secrets: same content or 409
  created_at TEXT NOT NULL,
  UNIQUE (project_id, name, version)
);

CREATE TABLE eval_runs (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  display_name TEXT,
  status TEXT NOT NULL,                    -- draft | queued | running | completed | failed | cancelled
  request_id TEXT,
  benchmark_ids TEXT NOT NULL,             -- JSON array, in the order given
  target TEXT NOT NULL,                    -- JSON, secrets removed
  compare_target TEXT,
  judge TEXT,
  options TEXT NOT NULL,                   -- JSON, validated run options
  secrets TEXT,                            -- AES-GCM sealed JSON {target, compare_target, judge}
  copied_from TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  queued_at TEXT,
  started_at TEXT,
  finished_at TEXT
);
CREATE UNIQUE INDEX eval_runs_request ON eval_runs(project_id, request_id) WHERE request_id IS NOT NULL;
CREATE INDEX eval_runs_project ON eval_runs(project_id, id);
