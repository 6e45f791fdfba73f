/**
 * POST /api/eval-runs/{id}/rescore: a new run, linked to its source, whose
 * attempts reuse the source's stored outputs with a new scoring spec. It is
 * started at once (no model call but a judge's); its /scores pair each
 * benchmark with the source's (paired test per task). Bad input is a 422
 * naming the field and writes nothing.
 */
import { newId } from "../../../src/crypto/ids";
import { insertDraft, runConfig } from "../../../src/db/eval-runs";
import { AppError } from "../../../src/domain/errors";
import { RESCORABLE, RescoreBody, rescoreErrors } from "../../../src/domain/rescore";
import { configForCopy, type RunConfig } from "../../../src/domain/run-config";
import { storeJudge } from "../../../src/domain/run-target";
import { startDraft } from "../run-control";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, IdParam, json, jsonBody, paymentRequired } from "../schemas";
import { EvalRunView, runView } from "./eval-run-view";
import { loadRun, refuse, requirePlan, withBenchmarkIds } from "./eval-runs";

export const evalRunRescoreRoutes = newRouter().openapi(
  defineRoute({
    method: "post",
    path: "/api/eval-runs/{id}/rescore",
    operationId: "rescoreEvalRun",
    tags: ["eval-runs"],
    summary: "Re-score a finished run's stored outputs with another scoring spec, as a new started run linked to it",
    description:
      "The new run has the source's targets, tasks, k and few-shot rows; each attempt takes the output the source stored for it (none stored: missing, never 0) and is scored with `scoring`. No model is called except the judge of an llm_judge spec. Its view has source_run_id; its /scores rows carry `source`, the source's score with a paired test per task. 409 unless the source has ended; an agent run cannot be re-scored (422).",
    request: { params: IdParam, body: jsonBody(RescoreBody.openapi("RescoreEvalRun")) },
    responses: { 202: json(EvalRunView, "The re-score run, queued"), ...paymentRequired, ...conflict, ...errorResponses },
  }),
  async (c) => {
    const { db, config: env } = c.var;
    const source = await loadRun(c, c.req.valid("param").id);
    if (!(RESCORABLE as readonly string[]).includes(source.status)) {
      throw new AppError("conflict", `run ${source.id} is ${source.status}: only a run that has ended (${RESCORABLE.join(", ")}) can be re-scored`);
    }
    const resolved = await withBenchmarkIds(c, c.req.valid("json"));
    const body = resolved.value;
    const errors = [...resolved.errors, ...rescoreErrors(body, source).filter((e) => !resolved.errors.some((r) => r.field === e.field))];
    if (errors.length) refuse(errors);
    await requirePlan(c, true);

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
    const ids = { id: newId("run"), projectId: c.var.auth.projectId, requestId: null, copiedFrom: null, sourceRunId: source.id, rescoreScoring: body.scoring as Record<string, unknown> };
    const { run } = await insertDraft(db, env.secretKey, ids, config, now);
    const queued = await startDraft(c.env, run, new URL(c.req.url).origin, now);
    if (!queued) throw new AppError("internal", "the new re-score run could not be queued");
    return c.json(runView(queued), 202);
  },
);
