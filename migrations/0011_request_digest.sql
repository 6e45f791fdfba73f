-- What an idempotent create remembers of its body: a keyed digest per
-- top-level field (JSON), so reusing a request_id with another body is a
-- 409 naming the fields that differ. NULL for runs made before this column.
ALTER TABLE eval_runs ADD COLUMN request_digest TEXT;
