/** GET /api/eval-runs/{id}/scores: a run's scores per benchmark and target, read back from the cache once the run is finished. */
import { runScoresCached } from "../../../../src/storage/score-cache";
import { defineRoute, newRouter } from "../../router";
import { errorResponses, IdParam, json } from "../../schemas";
import { RunScores } from "./score-schemas";
import { ownRun, tags } from "./shared";

export const resultsScoresRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/eval-runs/{id}/scores",
      operationId: "getEvalRunScores",
      tags,
      summary: "Per benchmark and target: status, error, score, pass, pass@k, pass^k, coverage, intervals, subsets, previous run, A/B",
      description:
        "A failed benchmark shows its status and error with null numbers, never 0. `ab` compares the compare_target (B) with the target (A) per benchmark and subset: delta B − A with its 95% interval and a paired test (McNemar for pass/fail with k = 1, else a paired bootstrap) and the tasks that regress or improve.",
      request: { params: IdParam },
      responses: { 200: json(RunScores, "The run's scores"), ...errorResponses },
    }),
    async (c) => {
      const run = await ownRun(c, c.req.valid("param").id);
      // A finished run's scores are computed once and then read back (X-Scores-Cache says which).
      const { cached, ...body } = await runScoresCached(c.env, run);
      c.header("X-Scores-Cache", cached ? "hit" : "miss");
      return c.json(body, 200);
    },
  );
