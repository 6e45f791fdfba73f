-- Whether an attempt's reply was cut by the output-token limit (OpenAI
-- finish_reason "length", Anthropic stop_reason "max_tokens"): 1 cut, 0 not,
-- NULL when not recorded (agent runs, recorded outputs, imports, attempts
-- that ended without a reply, and attempts made before this column). The run
-- overview's truncation rate is over the attempts that record it.
ALTER TABLE attempts ADD COLUMN truncated INTEGER;
