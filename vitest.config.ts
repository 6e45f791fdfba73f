import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { loadCatalog } from "./scripts/lib/catalog.mjs";
import { ensureDashboardBuilt } from "./scripts/lib/dashboard.mjs";
import { environmentRunnerBindings } from "./test/runner-setup.ts";
import { sandboxBindings } from "./test/sandbox-setup.ts";

// wrangler.toml names the dashboard build as the Worker's assets; the pool refuses to start without it.
ensureDashboardBuilt();

const INCLUDE = ["src/**/*.test.ts", "workers/**/*.test.ts", "test/**/*.test.ts"];

/**
 * Test files that need a Worker of their own: fresh storage and no other
 * file's work running beside them. Every other file shares one Worker per
 * vitest worker with the files before it (isolate: false), which saves the
 * start of a workerd and the evaluation of the Worker's modules per file
 * (4-5 s each, 60% of the suite's time). A file belongs here when it reads
 * or changes what is global to the Worker rather than to its own projects:
 * - a cron pass (it sweeps, scores, alerts and delivers for every run in D1);
 * - the built-in benchmarks' global rows and revisions (loading a built-in's
 *   data, or asserting it is not loaded yet);
 * - counts over whole tables (work another file left running changes them).
 * docs/testing.md says how to tell; a file missing from this list fails
 * depending on which files ran before it in the same worker.
 */
export const OWN_WORKER = [
  // cron passes
  "workers/cron/cron.test.ts",
  "workers/cron/batch-poll.test.ts",
  "workers/cron/recovery.test.ts",
  "workers/http/routes/alerts.test.ts",
  "workers/http/routes/leaderboard.test.ts",
  "workers/http/routes/webhooks.test.ts",
  "src/db/run-finishes.test.ts",
  // counts the rows of every D1 table around each request: another file's run finishing beside it would move them
  "workers/http/fuzz.test.ts",
  // built-in benchmarks' global rows and data
  "workers/catalog/**/*.test.ts",
  "workers/http/routes/builtin-usage.test.ts",
  "workers/queue/scoring-retry.test.ts",
  "src/db/benchmarks.test.ts",
];

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
          // Every built-in whole (definition and about), which test/apply-migrations.ts syncs into D1 as npm start and deploy do.
          TEST_BUILTINS: (await loadCatalog()).builtins,
          ASSAY_BOOTSTRAP_TOKEN: "test-bootstrap-token",
          ASSAY_SECRET_KEY: "test-secret-key-0123456789abcdef",
          // Cloudflare's per-invocation limits, enforced in the tests as in production (workers/edge/limits.ts).
          ASSAY_EDGE_LIMITS: "1",
          ASSAY_STACK_BOOT: "test-stack",
          // The code sandbox test/sandbox-setup.ts starts at this URL.
          ...(await sandboxBindings()),
          // The environment runner test/runner-setup.ts starts at this URL (where the local backend can run).
          ...(await environmentRunnerBindings()),
        },
      },
    })),
  ],
  test: {
    // Start the fixture model server and the webhook receiver on loopback, once for both projects; tests get their URLs
    // with inject("fixtureUrl") / inject("webhookReceiverUrl").
    globalSetup: ["./test/global-setup.ts", "./test/webhook-receiver.ts", "./test/datasets-server.ts", "./test/runner-setup.ts", "./test/sandbox-setup.ts"],
    // Applied per file; with a shared Worker the second and later files find them applied.
    setupFiles: ["./test/apply-migrations.ts"],
    sequence: { shuffle: true },
    // A test's time here is what it waits for (runs, queues, loopback servers) on a 2-core machine shared with the
    // rest of the suite, not how fast the code is (that is `npm run bench`): vitest's 5 s default failed tests that
    // took 5-13 s under load. A test that hangs still fails, after 30 s.
    testTimeout: 30_000,
    // The files mostly wait (on runs, timers and loopback servers: the whole suite used 250 s of CPU in 900 s on
    // 2 workers), so more workers than cores overlap their waits: on 2 cores 4 workers took it from 908 s to 587 s
    // (load 18 and 14 from other work), the same CPU. vitest's default (cores - 1) would be one.
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: OWN_WORKER, isolate: false } },
      { extends: true, test: { name: "own-worker", include: OWN_WORKER, isolate: true } },
    ],
  },
});
