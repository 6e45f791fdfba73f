/**
 * POST /api/eval-runs/{id}/rescore: a new run, linked to its source, whose
 * attempts reuse the source's stored outputs with a new scoring spec. It is
 * started at once (no model call but a judge's); its /scores pair each
 * benchmark with the source's (paired test per task). Bad input is a 422
 * naming the field and writes nothing.
 */
import { RescoreBody } from "../../../src/domain/rescore";
import { rescoreRun } from "../../../src/services/rescore";
import { controlOf, scopeOf } from "../service-ports";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, IdParam, json, jsonBody, paymentRequired } from "../schemas";
import { EvalRunView, runView } from "./eval-run-view";

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
  async (c) => c.json(runView(await rescoreRun(scopeOf(c), controlOf(c), c.req.valid("param").id, c.req.valid("json"))), 202),
);
