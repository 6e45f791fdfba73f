-- Batch APIs (issue 19, options.batch): a run's model calls submitted as
-- provider batches (OpenAI Batch API, Anthropic Message Batches) and polled
-- by the cron, kept here so a restart mid-run loses nothing and counts
-- nothing twice.
-- call_batches: one provider batch. state: submitting (rows written, the
-- provider not yet answered), submitted (the provider holds it; the cron
-- polls it), ended (its results were landed), cancelled (its run stopped).
CREATE TABLE call_batches (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  target TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_batch_id TEXT,
  state TEXT NOT NULL,
  provider_status TEXT,
  item_count INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  polled_at TEXT,
  ended_at TEXT,
  error TEXT
);
CREATE INDEX call_batches_open ON call_batches (state, polled_at);
CREATE INDEX call_batches_run ON call_batches (run_id, state);
-- call_batch_items: one attempt's call inside a batch, by (run, seq).
-- state: submitted (waiting on the batch), landed (its reply kept under
-- reply_key and sent to be scored), live (its batch request failed: it runs
-- as a normal call), expired (ended without a reward), cancelled (its run
-- stopped); a resume submits expired and cancelled ones again. tries: the attempt's tries
-- counting the batch's call.
CREATE TABLE call_batch_items (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  state TEXT NOT NULL,
  tries INTEGER NOT NULL,
  reply_key TEXT,
  error TEXT,
  PRIMARY KEY (run_id, seq)
);
CREATE INDEX call_batch_items_batch ON call_batch_items (batch_id, state);
