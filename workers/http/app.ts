/** The Hono app: shared context, authentication, every routes file, the OpenAPI document. */
import { openDb } from "../../src/db/client";
import { AppError } from "../../src/domain/errors";
import { readConfig } from "../env";
import { requireKey } from "./auth";
import { docsPage } from "./docs-page";
import { problemResponse, toProblem } from "./problem";
import { newRouter } from "./router";
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
  app.doc31("/api/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Assay API",
      version: "0.1.0",
      description: "Evaluate language models and agents: datasets, benchmarks, eval runs and their results.",
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: new URL(c.req.url).origin, description: "This Assay deployment" }],
    security: [{ apiKey: [] }],
  }));
  app.get("/api/docs", () => docsPage());

  app.notFound((c) => problemResponse(new AppError("not_found", `no route ${c.req.method} ${new URL(c.req.url).pathname}`)));
  app.onError((err, c) => toProblem(err, c));
  return app;
}
