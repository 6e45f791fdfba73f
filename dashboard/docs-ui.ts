/**
 * Copies the API docs UI into the build output: Swagger UI from the pinned
 * swagger-ui-dist package (package.json) and its starter, under
 * /docs-ui/. /api/docs (workers/http/docs-page.ts) references only these
 * same-origin files, so the page where people paste keys runs no script
 * fetched from a CDN at run time, and works offline.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** Where the files land in dist/, and so their URL path. */
export const DOCS_UI_DIR = "docs-ui";

/** The files of swagger-ui-dist the page needs. */
const FROM_PACKAGE = ["swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png", "LICENSE", "NOTICE"];

export function docsUi(outDir: string, here: string): Plugin {
  return {
    name: "assay-docs-ui",
    apply: "build",
    writeBundle() {
      const pkg = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
      const dest = join(outDir, DOCS_UI_DIR);
      mkdirSync(dest, { recursive: true });
      for (const f of FROM_PACKAGE) copyFileSync(join(pkg, f), join(dest, f));
      copyFileSync(join(here, "docs-ui", "init.js"), join(dest, "init.js"));
    },
  };
}
