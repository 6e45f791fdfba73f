-- Long model outputs live in R2, not in D1 (issue 40): an attempt whose
-- output passes src/storage/attempt-outputs.ts OUTPUT_INLINE_BYTES keeps it
-- in its transcript object, whose key goes here, and its output column stays
-- empty; every reader follows the key (the trace, the samples and their
-- export, the comparison, a re-score). A row then holds a few hundred bytes
-- however long the reply, so D1's 10 GB holds millions of attempts.
ALTER TABLE attempts ADD COLUMN output_key TEXT;
