import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { loadCatalog } from "./scripts/lib/catalog.mjs";
import { ensureDashboardBuilt } from "./scripts/lib/dashboard.mjs";
import { environmentRunnerBindings } from "./test/runner-setup";
import { sandboxBindings } from "./test/sandbox-setup";

// wrangler.toml names the dashboard build as the Worker's assets; the pool refuses to start without it.
ensureDashboardBuilt();

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
          // The code sandbox test/sandbox-setup.ts starts at this URL.
          ...(await sandboxBindings()),
          // The environment runner test/runner-setup.ts starts at this URL (where the local backend can run).
          ...(await environmentRunnerBindings()),
        },
      },
    })),
  ],
  test: {
    // Start the fixture model server and the webhook receiver on loopback; tests get their URLs with inject("fixtureUrl") / inject("webhookReceiverUrl").
    globalSetup: ["./test/global-setup.ts", "./test/webhook-receiver.ts", "./test/datasets-server.ts", "./test/runner-setup.ts", "./test/sandbox-setup.ts"],
    setupFiles: ["./test/apply-migrations.ts"],
    include: ["src/**/*.test.ts", "workers/**/*.test.ts", "test/**/*.test.ts"],
    sequence: { shuffle: true },
    // vitest's default (cores - 1) is a single worker on a 2-core machine, which the suite leaves mostly idle:
    // its files wait on timers and loopback servers (CPU averaged 0.7 cores in CI). Two workers there took a
    // queue/cron sample from 115 s to 69 s, all passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
