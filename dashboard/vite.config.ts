// Builds the dashboard SPA into dashboard/dist, which wrangler serves as the
// Worker's static assets (same origin as /api). Prints the gzipped size of
// the JavaScript a first visit loads; e2e/bundle-size.test.mjs enforces it.
import { gzipSync } from "node:zlib";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { docsUi } from "./docs-ui";

const root = fileURLToPath(new URL(".", import.meta.url));

const outDir = join(root, "dist");

/**
 * Empties dist/ but keeps the tracked dist/.gitkeep: wrangler.toml's
 * [assets] directory must exist for `wrangler dev` to start, even on a fresh
 * clone where the dashboard has not been built yet.
 */
function cleanKeepingPlaceholder(): Plugin {
  return {
    name: "assay-clean-dist",
    apply: "build",
    buildStart() {
      let names: string[] = [];
      try {
        names = readdirSync(outDir);
      } catch {
        return;
      }
      for (const n of names) if (n !== ".gitkeep") rmSync(join(outDir, n), { recursive: true, force: true });
    },
  };
}

/** Sums the gzipped entry chunk and the chunks it imports statically. */
function firstLoadReport(): Plugin {
  return {
    name: "assay-first-load",
    apply: "build",
    writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry);
      if (!entry || entry.type !== "chunk") return;
      const seen = new Set<string>();
      const walk = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        const c = bundle[file];
        if (c && c.type === "chunk") c.imports.forEach(walk);
      };
      walk(entry.fileName);
      let gz = 0;
      for (const f of seen) gz += gzipSync(readFileSync(join(options.dir!, f))).length;
      console.log(`dashboard first-load JavaScript: ${(gz / 1024).toFixed(1)} KB gzipped (${seen.size} file${seen.size === 1 ? "" : "s"}; budget 100 KB)`);
    },
  };
}

export default defineConfig({
  root,
  base: "/",
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir,
    emptyOutDir: false,
    manifest: true,
    target: "es2022",
    sourcemap: false,
  },
  plugins: [cleanKeepingPlaceholder(), firstLoadReport(), docsUi(outDir, root)],
});
