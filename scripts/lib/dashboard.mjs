// The dashboard's build output is the Worker's static assets: wrangler (dev,
// deploy, and the test pool reading wrangler.toml) refuses to start without
// it, so build it once when a fresh clone has none.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export function ensureDashboardBuilt() {
  // The API docs UI (dist/docs-ui/) came later: a build from before it is rebuilt too.
  if (existsSync(`${root}dashboard/dist/index.html`) && existsSync(`${root}dashboard/dist/docs-ui/swagger-ui-bundle.js`)) return;
  const r = spawnSync("npm", ["run", "--silent", "build:dashboard"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`building the dashboard failed:\n${r.stdout}\n${r.stderr}`);
}
