-- Budgets (issue 19): a run whose options.budget ran out ends cancelled with
-- eval_runs.stop_reason = 'budget_exhausted' (NULL for every other run) and
-- eval_runs.budget_report, JSON: the limit that stopped it, the limits and
-- what its recorded attempts spent (src/domain/run-budget.ts BudgetReport).
ALTER TABLE eval_runs ADD COLUMN stop_reason TEXT;
ALTER TABLE eval_runs ADD COLUMN budget_report TEXT;
