// `node scripts/build-worker.mjs [--outdir DIR] [--env NAME] [--metafile FILE]`:
// the Worker as `npm run deploy` uploads it (scripts/lib/worker-build.mjs),
// into DIR (default .wrangler/deploy-bundle), with its size. To upload it by
// hand: `npx wrangler deploy DIR/index.js --no-bundle --no-minify`
// (docs/deploy.md). Writes DIR only.
import { dirname } from "node:path";
import { bundleSize } from "./lib/bundle-size.mjs";
import { BUNDLE_DIR, MAX_BUNDLE_GZIP_BYTES } from "./lib/deploy-plan.mjs";
import { buildWorker } from "./lib/worker-build.mjs";

const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const outdir = value("--outdir") ?? BUNDLE_DIR;
const { script } = await buildWorker({ outdir, env: value("--env"), metafile: value("--metafile") });
const size = bundleSize(dirname(script));
console.log(`${script}: ${(size.bytes / 1024).toFixed(1)} KiB, ${(size.gzip_bytes / 1000).toFixed(1)} KB gzipped (limit ${MAX_BUNDLE_GZIP_BYTES / 1000} KB)`);
