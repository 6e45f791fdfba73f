// The size of a bundled Worker as `wrangler deploy --dry-run --outdir`
// wrote it: bytes, gzipped bytes (level 9) and whether it is minified
// (long lines, not the indentation esbuild writes unminified). Used by
// `npm run deploy` to refuse an oversized upload and by
// e2e/worker-bundle.test.mjs. Reads the folder only.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export function bundleSize(outdir) {
  const files = readdirSync(outdir).filter((f) => f.endsWith(".js"));
  let bytes = 0;
  let gzip = 0;
  let lines = 0;
  for (const f of files) {
    const code = readFileSync(join(outdir, f));
    bytes += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    for (const b of code) if (b === 10) lines++;
  }
  return { files, bytes, gzip_bytes: gzip, minified: lines < bytes / 400 };
}
