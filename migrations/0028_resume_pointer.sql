-- How far the run's latest resume has reopened its attempts. `resumes`
-- counts the resumes (0: never resumed); `resumed_through` is the last seq
-- of the pages that resume has processed (-1 as it starts, NULL if the run
-- was never resumed). A page's rows without a reward are deleted in the
-- same transaction that moves the pointer past it, and only by the step
-- that finds the pointer at the page's start: a redelivered step deletes
-- nothing twice. Seqs at or below the pointer are then never deleted again
-- until the next resume, which the read routes' block cache relies on
-- (src/db/results/sealed-blocks.ts). A resume already under way when this
-- migration runs has no pointer: its steps go on unguarded, as before, and
-- set one as they pass.
ALTER TABLE eval_runs ADD COLUMN resumes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE eval_runs ADD COLUMN resumed_through INTEGER;
