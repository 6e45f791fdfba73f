/** The Hono app: shared context, authentication, every routes file, the OpenAPI document. */
import { openDb } from "../../src/db/client";
import { AppError } from "../../src/domain/errors";
import { readConfig } from "../env";
import { requireKey } from "./auth";
import { docsPage } from "./docs-page";
import { problemResponse, toProblem } from "./problem";
import { newRouter } from "./router";

/**
 * Set by the deploy build only (scripts/lib/worker-build.mjs): the asset
 * path of the OpenAPI document it generated with the plain build, which the
 * deployed Worker serves instead of generating it (docs/deploy.md, "The
 * bundle"). Undefined in `npm start` and the tests, which generate it live.
 */
declare const ASSAY_OPENAPI_ASSET: string | undefined;
import { benchmarkOptionsRoutes } from "./routes/benchmark-options";
import { benchmarkTasksRoutes } from "./routes/benchmark-tasks";
import { benchmarksRoutes } from "./routes/benchmarks";
import { datasetsRoutes } from "./routes/datasets";
import { evalRunsRoutes } from "./routes/eval-runs";
import { evalRunRescoreRoutes } from "./routes/eval-run-rescore";
import { evalRunEstimateRoutes } from "./routes/eval-run-estimate";
import { importsRoutes } from "./routes/imports";
import { ioRoutes } from "./routes/io";
import { keysRoutes } from "./routes/keys";
import { profilesRoutes } from "./routes/profiles";
import { projectsRoutes } from "./routes/projects";
import { runExecutionRoutes } from "./routes/run-execution";
import { runTimelineRoutes } from "./routes/run-timeline";
import { runOverviewRoutes } from "./routes/run-overview";
import { resultsRoutes } from "./routes/results";
import { compareRoutes } from "./routes/compare";
import { reportsRoutes } from "./routes/reports";
import { liveRoutes } from "./routes/live";
import { runnerRoutes } from "./routes/runner";
import { trialsRoutes } from "./routes/trials";
import { leaderboardRoutes } from "./routes/leaderboard";
import { alertsRoutes } from "./routes/alerts";
import { webhooksRoutes } from "./routes/webhooks";
import { triggersRoutes } from "./routes/triggers";
import { responseCacheRoutes } from "./routes/response-cache";

export function buildApp() {
  const app = newRouter();
  app.use("*", async (c, next) => {
    c.set("db", openDb(c.env.DB));
    c.set("config", readConfig(c.env));
    await next();
  });
  app.use("/api/*", requireKey);

  app.route("/", projectsRoutes);
  app.route("/", keysRoutes);
  app.route("/", ioRoutes);
  app.route("/", datasetsRoutes);
  app.route("/", benchmarkOptionsRoutes);
  app.route("/", benchmarkTasksRoutes);
  app.route("/", benchmarksRoutes);
  app.route("/", profilesRoutes);
  app.route("/", evalRunEstimateRoutes);
  app.route("/", evalRunsRoutes);
  app.route("/", evalRunRescoreRoutes);
  app.route("/", importsRoutes);
  app.route("/", runExecutionRoutes);
  app.route("/", runTimelineRoutes);
  app.route("/", runOverviewRoutes);
  app.route("/", resultsRoutes);
  app.route("/", compareRoutes);
  app.route("/", reportsRoutes);
  app.route("/", liveRoutes);
  app.route("/", runnerRoutes);
  app.route("/", trialsRoutes);
  app.route("/", leaderboardRoutes);
  app.route("/", alertsRoutes);
  app.route("/", webhooksRoutes);
  app.route("/", triggersRoutes);
  app.route("/", responseCacheRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "A project API key (ak_...)",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bootstrap", {
    type: "http",
    scheme: "bearer",
    description: "The operator's bootstrap token (ASSAY_BOOTSTRAP_TOKEN)",
  });
  const info = {
    title: "Assay API",
    version: "0.1.0",
    description: "Evaluate language models and agents: datasets, benchmarks, eval runs and their results.",
    license: { name: "Apache-2.0", identifier: "Apache-2.0" },
  };
  const servers = (url: string) => [{ url: new URL(url).origin, description: "This Assay deployment" }];
  if (typeof ASSAY_OPENAPI_ASSET === "string") {
    // The deployed Worker: the document the plain build generated at deploy
    // time (scripts/lib/worker-build.mjs), with this request's origin.
    const path = ASSAY_OPENAPI_ASSET;
    app.get("/api/openapi.json", async (c) => {
      const asset = await c.env.ASSETS?.fetch(new URL(path, c.req.url));
      if (!asset?.ok) throw new AppError("misconfigured", `the OpenAPI document built at deploy time is not among the Worker's assets (${path}): deploy with npm run deploy`);
      const doc = (await asset.json()) as { servers: unknown };
      doc.servers = servers(c.req.url);
      return c.json(doc);
    });
  } else {
    app.doc31("/api/openapi.json", (c) => ({ openapi: "3.1.0", info, servers: servers(c.req.url), security: [{ apiKey: [] }] }));
  }
  app.get("/api/docs", () => docsPage());

  app.notFound((c) => problemResponse(new AppError("not_found", `no route ${c.req.method} ${new URL(c.req.url).pathname}`)));
  app.onError((err, c) => toProblem(err, c));
  return app;
}
