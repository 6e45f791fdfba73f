// The Worker as `npm run deploy` uploads it (docs/deploy.md, "The bundle"):
// bundled by the esbuild wrangler itself runs, with the options wrangler
// gives it for a deploy (read from wrangler.toml: main, alias, minify,
// keep_names, define, the compatibility date), and two steps wrangler has
// no place for: the SDK stand-ins below (modules put in place of parts of
// the model SDKs Assay never calls) and a second minification by oxc.
// Wrangler uploads the result as it is (`wrangler deploy <script>
// --no-bundle`). Without stand-ins and oxc the output is byte for byte what
// `wrangler deploy --dry-run --outdir` writes (e2e/worker-bundle.test.mjs
// holds it: a wrangler upgrade that changes its options fails there, not in
// production). I/O: reads wrangler.toml and the sources; writes
// <outdir>/index.js and its source map.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { resolvedConfig } from "./deploy-plan.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The modules the deployed Worker gets in place of SDK parts it never calls
 * (each stand-in's header says what it replaces, what it keeps and why):
 * `importer` is the SDK file whose imports matching `specifier` get the
 * stand-in (a RegExp `importer`: every file whose path it matches).
 * e2e/deploy-build.test.mjs runs every provider call through them
 * against the fixture model.
 */
export const SDK_STAND_INS = [
  {
    importer: "node_modules/openai/client.mjs",
    specifier: /^\.\/resources\//,
    standIn: "workers/bundle/openai-resources.js",
  },
  {
    importer: "node_modules/openai/internal/parse.mjs",
    specifier: /^\.\.\/core\/streaming\.mjs$/,
    standIn: "workers/bundle/openai-stream.js",
  },
  {
    importer: "node_modules/@anthropic-ai/sdk/resources/messages/messages.mjs",
    specifier: /^\.\.\/\.\.\/lib\/MessageStream\.mjs$/,
    standIn: "workers/bundle/anthropic-message-stream.js",
  },
  {
    importer: "node_modules/openai/client.mjs",
    specifier: /^\.\/(internal\/auth\/x509-workload-identity-auth|auth\/workload-identity-auth)\.mjs$/,
    standIn: "workers/bundle/openai-workload-identity.js",
  },
  {
    importer: "node_modules/openai/internal/auth/x509-credential-options.mjs",
    specifier: /^\.\/x509-workload-identity-auth\.mjs$/,
    standIn: "workers/bundle/openai-workload-identity.js",
  },
  {
    importer: "node_modules/@anthropic-ai/sdk/client.mjs",
    specifier: /^\.\/lib\/credentials\/(credential-chain|token-cache)\.mjs$/,
    standIn: "workers/bundle/anthropic-credentials.js",
  },
  {
    importer: /\/node_modules\/@anthropic-ai\/sdk\//,
    specifier: /^@opentelemetry\/api$/,
    standIn: "workers/bundle/opentelemetry-api.js",
  },
];

/** The esbuild wrangler bundles with (its own dependency, so its version is wrangler's). */
export function wranglersEsbuild() {
  return createRequire(join(ROOT, "node_modules", "wrangler", "package.json"))("esbuild");
}

/** Whether workerd defines navigator at this date and these flags (wrangler's isNavigatorDefined). */
function navigatorDefined(date, flags) {
  if (flags.includes("global_navigator")) return true;
  if (flags.includes("no_global_navigator")) return false;
  return date >= "2022-03-21";
}

/**
 * An esbuild plugin putting each stand-in where its SDK file imports what it
 * replaces. A stand-in that replaced nothing fails the build: the SDK moved
 * the file or the import, and SDK_STAND_INS must follow it.
 */
export function standInPlugin(standIns) {
  return {
    name: "assay-sdk-stand-ins",
    setup(build) {
      const used = new Set();
      for (const s of standIns) {
        build.onResolve({ filter: s.specifier }, (args) => {
          const from = typeof s.importer === "string" ? args.importer.endsWith(`/${s.importer}`) : s.importer.test(args.importer);
          if (!from) return undefined;
          used.add(s);
          return { path: join(ROOT, s.standIn) };
        });
      }
      build.onEnd((result) => {
        if (result.errors.length) return;
        const idle = standIns.filter((s) => !used.has(s));
        if (idle.length) throw new Error(idle.map((s) => `${s.standIn} replaced nothing: ${s.importer} no longer imports ${s.specifier} (update SDK_STAND_INS in scripts/lib/worker-build.mjs)`).join("\n"));
      });
    },
  };
}

/** wrangler.toml's [alias], resolved as wrangler resolves it: the exact specifier, to a path found from the project root. */
function aliasPlugin(alias) {
  const require = createRequire(join(ROOT, "package.json"));
  return {
    name: "wrangler-alias",
    setup(build) {
      if (!alias || !Object.keys(alias).length) return;
      const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      build.onResolve({ filter: new RegExp(Object.keys(alias).map(escape).join("|")) }, (args) => {
        const to = alias[args.path];
        return to ? { path: require.resolve(to, { paths: [ROOT] }) } : undefined;
      });
    },
  };
}

/**
 * The esbuild options `wrangler deploy` uses for this configuration (its
 * bundleWorker, deploy target), into `outdir`, with `plugins` after its own.
 */
export function wranglerBuildOptions(config, outdir, plugins = []) {
  const nodeEnv = JSON.stringify(process.env.NODE_ENV || "production");
  const flags = config.compatibility_flags ?? [];
  return {
    entryPoints: [resolve(ROOT, config.main)],
    bundle: true,
    absWorkingDir: ROOT,
    keepNames: config.keep_names ?? true,
    outdir,
    entryNames: "index",
    external: ["__STATIC_CONTENT_MANIFEST", "cloudflare:*", "node:*"],
    format: "esm",
    target: "es2024",
    supported: { "import-source": true, using: true },
    sourcemap: true,
    sourceRoot: outdir,
    minify: config.minify ?? false,
    metafile: true,
    conditions: ["workerd", "worker", "browser"],
    define: {
      ...(navigatorDefined(config.compatibility_date, flags) ? { "navigator.userAgent": '"Cloudflare-Workers"' } : {}),
      "process.env.NODE_ENV": nodeEnv,
      "global.process.env.NODE_ENV": nodeEnv,
      "globalThis.process.env.NODE_ENV": nodeEnv,
      ...config.define,
    },
    loader: { ".js": "jsx", ".mjs": "jsx", ".cjs": "jsx" },
    plugins: [aliasPlugin(config.alias), ...plugins],
    logLevel: "silent",
  };
}

/**
 * The bundle minified once more by oxc (vite's minifier, which builds the
 * dashboard): its mangling and compression take ~15 KB gzipped more off
 * esbuild's output (docs/deploy.md, "The bundle"). Licence comments stay at
 * the end; the source map is chained to esbuild's, so it still points at
 * the sources.
 */
async function oxcMinified(code, map, keepNames) {
  const { minifySync } = await import("vite");
  const names = { function: keepNames, class: keepNames };
  const out = minifySync("index.js", code, {
    module: true,
    compress: { target: "es2024", keepNames: names },
    mangle: { toplevel: true, keepNames: names },
    codegen: { legalComments: "eof" },
    sourcemap: true,
    inputMap: JSON.parse(map),
  });
  if (out.errors.length) throw new Error(`oxc could not minify the bundle: ${out.errors.map((e) => e.message).join("; ")}`);
  return { code: `${out.code.trimEnd()}\n//# sourceMappingURL=index.js.map\n`, map: JSON.stringify(out.map) };
}

/**
 * Builds the Worker into `outdir` (emptied first) as the deploy uploads it:
 * wrangler's options for `env`'s configuration, with `standIns`, then (when
 * wrangler.toml minifies and `oxc` is on) the oxc pass. `override` is laid
 * over wrangler.toml's settings (e2e/deploy-build.test.mjs builds other
 * entry points, and zod whole, this way). Returns the script's path and
 * esbuild's metafile (also written to `metafile` if given).
 */
export async function buildWorker({ outdir, env, override = {}, standIns = SDK_STAND_INS, oxc = true, metafile } = {}) {
  const config = { ...resolvedConfig(parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8")), env), ...override };
  const out = resolve(ROOT, outdir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const esbuild = wranglersEsbuild();
  const options = wranglerBuildOptions(config, out, standIns.length ? [standInPlugin(standIns)] : []);
  const result = await esbuild.build({ ...options, write: false });
  const file = (ext) => result.outputFiles.find((f) => f.path.endsWith(ext)).text;
  let code = file(".js");
  let map = file(".js.map");
  if (oxc && options.minify) ({ code, map } = await oxcMinified(code, map, options.keepNames));
  writeFileSync(join(out, "index.js"), code);
  writeFileSync(join(out, "index.js.map"), map);
  if (metafile) writeFileSync(metafile, JSON.stringify(result.metafile));
  return { script: join(out, "index.js"), metafile: result.metafile };
}
