// The dashboard's build output is the Worker's static assets: wrangler (dev,
// deploy, and the test pool reading wrangler.toml) refuses to start without
// it, so build it once when a fresh clone has none. `npm test` builds it once
// for the whole run (scripts/test.mjs) and says so in
// ASSAY_TEST_DASHBOARD_BUILT, which the browser tests' buildDashboard()
// (e2e/lib/harness.mjs) then returns instead of building again.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Runs `vite build` of the dashboard now; returns its "first-load JavaScript" line. Throws with its output on failure. */
export function buildDashboard() {
  const r = spawnSync(`${root}node_modules/.bin/vite`, ["build", "--config", "dashboard/vite.config.ts"], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`dashboard build failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout.split("\n").find((l) => l.includes("first-load JavaScript"))?.trim() ?? "";
}

export function ensureDashboardBuilt() {
  // The API docs UI (dist/docs-ui/) came later: a build from before it is rebuilt too.
  if (existsSync(`${root}dashboard/dist/index.html`) && existsSync(`${root}dashboard/dist/docs-ui/swagger-ui-bundle.js`)) return;
  const r = spawnSync("npm", ["run", "--silent", "build:dashboard"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`building the dashboard failed:\n${r.stdout}\n${r.stderr}`);
}
