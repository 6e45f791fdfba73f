// `npm run deploy`: what a Cloudflare deploy of Assay takes, in order:
// the D1 migrations (remote), the dashboard build (the Worker's static
// assets), `wrangler deploy --minify`, then the catalog sync (remote), so
// the new code is live before the rows that may name what only it knows
// (a new scorer, a new benchmark). The README's deploy section lists the
// one-time setup (database, queues, bucket, secrets) before the first run.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { syncCatalog } from "./lib/catalog.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

function run(command, args) {
  console.log(`$ ${[command, ...args].join(" ")}`);
  const r = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(WRANGLER, ["d1", "migrations", "apply", "DB", "--remote"]);
run("npm", ["run", "--silent", "build:dashboard"]);
run(WRANGLER, ["deploy", "--minify"]);
try {
  await syncCatalog({ remote: true });
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\nThe Worker is deployed; run \`npm run catalog:sync -- --remote\` once the database is reachable.`);
  process.exit(1);
}
