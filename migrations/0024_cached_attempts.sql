-- Attempts whose reply came from the response cache (options.cache) instead
-- of a model call: 1 when cached, NULL otherwise (and for attempts made
-- before this column).
ALTER TABLE attempts ADD COLUMN cached INTEGER;
