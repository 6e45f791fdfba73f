/**
 * Re-scoring a finished run: a new run, linked to its source, whose
 * attempts reuse the source's stored outputs with a new scoring spec,
 * started at once. Bad input is a 422 naming the field and writes nothing;
 * a run that cannot start is deleted again. I/O: D1 through src/db and the
 * runs service.
 */
import { newId } from "../crypto/ids";
import { deleteRun as deleteRunRow, runConfig } from "../db/eval-runs";
import type { EvalRunRow } from "../db/schema";
import { AppError } from "../domain/errors";
import { RESCORABLE, rescoreErrors, type RescoreBody } from "../domain/rescore";
import { configForCopy, type RunConfig } from "../domain/run-config";
import { storeJudge } from "../domain/run-target";
import { requirePlan } from "./project";
import { insertRun, loadRun, refuse, startRun, withBenchmarkIds, type RunControl, type RunScope } from "./runs";

/** The started re-score of run `sourceId` (409 unless it has ended, 402 without plan or credits). */
export async function rescoreRun(scope: RunScope, control: RunControl, sourceId: string, given: RescoreBody): Promise<EvalRunRow> {
  const source = await loadRun(scope, sourceId);
  if (!(RESCORABLE as readonly string[]).includes(source.status)) {
    throw new AppError("conflict", `run ${source.id} is ${source.status}: only a run that has ended (${RESCORABLE.join(", ")}) can be re-scored`);
  }
  const resolved = await withBenchmarkIds(scope, given);
  const body = resolved.value;
  const errors = [...resolved.errors, ...rescoreErrors(body, source).filter((e) => !resolved.errors.some((r) => r.field === e.field))];
  if (errors.length) refuse(errors);
  await requirePlan(scope, true);

  const copy = configForCopy(await runConfig(source));
  const benchmarks = body.benchmarks ? source.benchmarkIds.filter((id) => body.benchmarks!.includes(id)) : source.benchmarkIds;
  const judgeKey = body.judge?.api_key ?? undefined;
  const config: RunConfig = {
    ...copy,
    display_name: body.display_name ?? `re-score of ${source.displayName ?? source.id}`,
    benchmarks,
    judge: body.judge ? storeJudge(body.judge, judgeKey !== undefined) : null,
    secrets: judgeKey !== undefined ? { judge: judgeKey } : {},
  };
  const now = new Date().toISOString();
  const { run } = await insertRun(scope, { id: newId("run"), requestId: null, copiedFrom: null, sourceRunId: source.id, rescoreScoring: body.scoring as Record<string, unknown> }, config, now);
  try {
    return await startRun(scope, control, run, now);
  } catch (e) {
    await deleteRunRow(scope.db, run).catch(() => undefined);
    throw e;
  }
}
