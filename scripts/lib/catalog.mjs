// The built-in catalog as Node sees it: every registered definition
// (src/catalog/registry.ts) joined with the about.ts of its folder, found
// by folder (src/catalog/benchmarks/<slug>/about.ts), bundled with esbuild
// because the Worker's sources are TypeScript; then the rows, their digest
// and the sync's SQL (src/db/catalog-sync.ts). Used by the catalog sync
// (`npm run catalog:sync`, npm start, npm run deploy) and by the test
// setup (vitest.config.ts), so every path writes the same rows.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BENCHMARKS = join(ROOT, "src", "catalog", "benchmarks");
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

/** Folders of src/catalog/benchmarks that hold an about.ts, sorted. */
export function aboutFolders() {
  return readdirSync(BENCHMARKS, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(BENCHMARKS, e.name, "about.ts")))
    .map((e) => e.name)
    .sort();
}

/**
 * The catalog: `builtins` (each built-in whole, as JSON-safe data), its
 * `rows` and their `digest`, and `sql(now)`, the sync's statements as a file.
 * @returns {Promise<{builtins: object[], rows: object[], digest: string, sql: (now: string) => string}>}
 */
export async function loadCatalog() {
  const folders = aboutFolders();
  const entry = [
    `import { BUILTIN_BENCHMARKS } from "./src/catalog/index";`,
    `import { withAbouts } from "./src/catalog/full";`,
    `import { builtinRows, rowsDigest } from "./src/catalog/rows";`,
    `import { syncSqlText } from "./src/db/catalog-sync";`,
    ...folders.map((f, i) => `import { about as a${i} } from "./src/catalog/benchmarks/${f}/about";`),
    `export const builtins = withAbouts(BUILTIN_BENCHMARKS, { ${folders.map((f, i) => `${JSON.stringify(f)}: a${i}`).join(", ")} });`,
    `export { builtinRows, rowsDigest, syncSqlText };`,
  ].join("\n");
  const out = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: "ts", sourcefile: "catalog-entry.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
    // The Worker aliases zod to its lean build; the catalog needs nothing zod leaves out.
    alias: { zod: join(ROOT, "workers", "bundle", "zod.js") },
  });
  const dir = mkdtempSync(join(tmpdir(), "assay-catalog-"));
  try {
    const file = join(dir, "catalog.mjs");
    writeFileSync(file, out.outputFiles[0].contents);
    const mod = await import(pathToFileURL(file).href);
    const builtins = JSON.parse(JSON.stringify(mod.builtins));
    const rows = mod.builtinRows(builtins);
    const digest = await mod.rowsDigest(rows);
    return { builtins, rows, digest, sql: (now) => mod.syncSqlText(rows, digest, now) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes the catalog's rows into a D1 database with wrangler: `--local`
 * (with `persistTo`, as npm start keeps its state) or `--remote` (the
 * deployed database; `wranglerArgs` adds e.g. the deploy's --config and
 * --env). A no-op when D1 already holds this catalog's digest.
 */
export async function syncCatalog({ remote = false, persistTo, database = "DB", quiet = false, wranglerArgs = [] } = {}) {
  const catalog = await loadCatalog();
  const dir = mkdtempSync(join(tmpdir(), "assay-catalog-sql-"));
  try {
    const file = join(dir, "catalog.sql");
    writeFileSync(file, catalog.sql(new Date().toISOString()));
    const args = ["d1", "execute", database, remote ? "--remote" : "--local", "--file", file, "--yes", ...(persistTo ? ["--persist-to", persistTo] : []), ...wranglerArgs];
    const r = spawnSync(WRANGLER, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
    if (r.status !== 0) throw new Error(`the catalog sync failed (wrangler ${args.join(" ")}):\n${r.stdout}\n${r.stderr}`);
    if (!quiet) console.log(`catalog: ${catalog.rows.length} built-in benchmarks, digest ${catalog.digest.slice(0, 12)} (${remote ? "remote" : "local"} D1)`);
    return catalog;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
