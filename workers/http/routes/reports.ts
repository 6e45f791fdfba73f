/**
 * Run reports: GET /api/eval-runs/{id}/export?format=md|html renders the
 * run's scores, coverage, intervals, previous-run and A/B deltas, subsets,
 * curves and metadata as one standalone file (src/reports), scrubs it of
 * the run's keys, keeps a copy in R2 and sends it as an attachment.
 */
import { z } from "@hono/zod-openapi";
import { readRunSecrets } from "../../../src/db/eval-runs";
import { loadRunResults, rowsFor } from "../../../src/db/results/load";
import { scoresOfLoaded } from "../../../src/db/results/scores";
import { slotsOf, slotTarget } from "../../../src/db/results/plans";
import { runUsage } from "../../../src/db/run-usage";
import type { EvalRunRow } from "../../../src/db/schema";
import { AppError } from "../../../src/domain/errors";
import type { StoredJudge, StoredTarget } from "../../../src/domain/run-target";
import { scrub } from "../../../src/domain/scrub";
import { renderHtml } from "../../../src/reports/html";
import { renderMarkdown } from "../../../src/reports/markdown";
import type { ReportInput, ReportTarget } from "../../../src/reports/report";
import { targetLabel } from "../../../src/reports/run-info";
import { curveSet } from "../../../src/reports/curve-set";
import { REPORT_CONTENT_TYPES, saveReport } from "../../../src/storage/reports";
import type { Env } from "../../env";
import { defineRoute, newRouter } from "../router";
import { conflict, errorResponses, IdParam } from "../schemas";
import { ownRun } from "./results/shared";

const ExportQuery = z.strictObject({
  format: z.enum(["md", "html"]).default("html").openapi({ description: "md: Markdown sized for a pull-request comment; html: one self-contained file" }),
});

function reportTarget(t: StoredTarget, slot: "a" | "b"): ReportTarget {
  const base = { slot, label: targetLabel(t), params: t.kind === "outputs" ? {} : (t.params ?? {}) };
  if (t.kind === "outputs") return { ...base, kind: "outputs", provider: null, model: null, base_url: null, runner_url: null, profile: null, dataset: t.dataset };
  if (t.kind === "agent") return { ...base, kind: "agent", provider: null, model: null, base_url: null, runner_url: t.runner_url, profile: t.profile };
  return { ...base, kind: "model", provider: t.provider, model: t.model, base_url: t.base_url, runner_url: null, profile: null };
}

/** Everything the report shows of a run, from D1 (and R2 for plans of an unfinished run). */
export async function reportInput(env: Env, run: EvalRunRow, at: string): Promise<ReportInput> {
  const loaded = await loadRunResults(env, run);
  const [scores, usage] = await Promise.all([scoresOfLoaded(env.DB, loaded), runUsage(env.DB, run.id)]);
  const judge = run.judge as StoredJudge | null;
  return {
    generated_at: at,
    run: {
      id: run.id,
      display_name: run.displayName,
      status: run.status,
      error: run.error,
      created_at: run.createdAt,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      options: run.options,
    },
    // A re-score's outputs are its source run's: say so beside each target.
    targets: slotsOf(run).map((slot) => ({ ...reportTarget(slotTarget(run, slot)!, slot), ...(run.sourceRunId && { rescore_of: run.sourceRunId }) })),
    judge: judge ? { provider: judge.provider, model: judge.model, base_url: judge.base_url } : null,
    benchmarks: loaded.benchmarks.map((b) => ({
      benchmark_id: b.benchmark_id,
      name: b.name,
      status: b.status,
      error: b.error,
      k: b.k,
      member_count: b.member_count,
      dataset_digest: b.dataset_digest,
      scorer: b.scorer,
    })),
    scores,
    curves: loaded.benchmarks.flatMap((b) => slotsOf(run).map((slot) => curveSet(b, slot, rowsFor(loaded, b.benchmark_id, slot), loaded.policy))),
    usage,
  };
}

/** 20260105-141503 from an ISO time, for file names. */
function stamp(at: string): string {
  return at.slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
}

export const reportsRoutes = newRouter().openapi(
  defineRoute({
    method: "get",
    path: "/api/eval-runs/{id}/export",
    operationId: "exportEvalRun",
    tags: ["results"],
    summary: "Download a standalone report of the run (Markdown or self-contained HTML); a copy is kept in R2",
    description:
      "Scores with coverage and 95% intervals, previous-run and A/B deltas with paired tests, per-subset tables, pass@j curves (inline SVG in HTML) and metadata (targets, judge, options, duration, dataset digests, usage). No key appears: the run's keys are sealed and the file is scrubbed. 409 for a draft, which has nothing to report.",
    request: { params: IdParam, query: ExportQuery },
    responses: {
      200: {
        description: "The report, as an attachment; X-Report-Key names the copy kept in R2",
        content: { "text/markdown": { schema: z.string() }, "text/html": { schema: z.string() } },
      },
      ...conflict,
      ...errorResponses,
    },
  }),
  async (c) => {
    const run = await ownRun(c, c.req.valid("param").id);
    const { format } = c.req.valid("query");
    if (run.status === "draft") throw new AppError("conflict", "the run is a draft: start it before exporting a report");
    const at = new Date().toISOString();
    const input = await reportInput(c.env, run, at);
    const rendered = format === "md" ? renderMarkdown(input) : renderHtml(input);
    const secrets = Object.values(await readRunSecrets(c.var.config.secretKey, run));
    const body = scrub(rendered, secrets);
    const key = await saveReport(c.env.ARTIFACTS, run.id, at, format, body);
    return c.body(body, 200, {
      "content-type": REPORT_CONTENT_TYPES[format],
      "content-disposition": `attachment; filename="assay-report-${run.id}-${stamp(at)}.${format}"`,
      "x-report-key": key,
    });
  },
);
