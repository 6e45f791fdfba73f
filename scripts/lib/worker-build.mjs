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
import { fileURLToPath, pathToFileURL } from "node:url";
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

/**
 * The deployed Worker serves the OpenAPI document the plain build generates
 * at deploy time, from its static assets at this path (workers/http/app.ts),
 * so neither zod-to-openapi's generators nor the routes' documentation
 * (summaries, descriptions, examples, which feed nothing but the document)
 * are in its code. `npm start` and the tests generate the document live.
 */
export const OPENAPI_ASSET = "/_assay/openapi.json";
export const OPENAPI_STAND_IN = {
  importer: "node_modules/@hono/zod-openapi/dist/index.mjs",
  specifier: /^@asteasolutions\/zod-to-openapi$/,
  standIn: "workers/bundle/zod-to-openapi.js",
};
/** The object keys that only document a route or schema, left out of the deploy build. */
export const DOCUMENTATION_KEYS = new Set(["summary", "description", "example", "examples"]);
/**
 * And a route's own keys that only the document reads: @hono/zod-openapi's
 * `openapi(route, handler)` routes by `method` and `path`, validates by
 * `request` and runs `middleware`; the rest goes to the registry alone.
 */
export const ROUTE_DOCUMENTATION_KEYS = new Set([...DOCUMENTATION_KEYS, "operationId", "tags", "security", "responses", "deprecated", "externalDocs"]);

/**
 * `code` (a routes file) without what only feeds the OpenAPI document: the
 * DOCUMENTATION_KEYS of the object literals given to `defineRoute(...)` and
 * `.openapi(...)`, and of the object and array literals nested in them, and
 * a route's ROUTE_DOCUMENTATION_KEYS (its responses among them); and its
 * top-level `const` schemas made from `z` alone (or from such schemas)
 * marked pure, so the bundler drops the ones only those responses used. It
 * never enters a call or any other expression, so a zod schema's own field
 * named `description` (`z.object({ description: ... })`) stays. Parsed by
 * oxc (vite's parser); returns the code unchanged when nothing is left out.
 */
export async function withoutDocumentation(code, filename) {
  const { parseAst } = await import("vite");
  const ast = parseAst(code, { lang: filename.endsWith(".tsx") ? "tsx" : "ts" }, filename);
  const cuts = [];
  const unwrap = (n) => (n && /^TS(As|Satisfies|NonNull)Expression$|^ParenthesizedExpression$/.test(n.type) ? unwrap(n.expression) : n);
  const strip = (node, keys = DOCUMENTATION_KEYS) => {
    const n = unwrap(node);
    if (n?.type === "ArrayExpression") for (const e of n.elements) strip(e);
    if (n?.type !== "ObjectExpression") return;
    n.properties.forEach((p, i) => {
      if (p.type !== "Property") return;
      const name = p.computed ? undefined : p.key.type === "Identifier" ? p.key.name : p.key.value;
      if (!keys.has(name)) return strip(p.value);
      cuts.push(propertyCut(code, n, i));
    });
  };
  const visit = (node) => {
    if (!node || typeof node.type !== "string") return;
    if (node.type === "CallExpression") {
      const c = node.callee;
      if (c.type === "Identifier" && c.name === "defineRoute") strip(node.arguments[0], ROUTE_DOCUMENTATION_KEYS);
      else if (c.type === "MemberExpression" && !c.computed && c.property.name === "openapi") for (const a of node.arguments) strip(a);
    }
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === "object") visit(v);
    }
  };
  visit(ast);
  // Top-level schemas built from zod alone (or from such schemas) are marked
  // pure, so esbuild drops those nothing uses now: the responses' own.
  // esbuild drops an unused pure call with its callee, but keeps what its
  // arguments do, so the zod calls among them are marked too.
  const pure = new Set(["z"]);
  const root = (n) => (n?.type === "CallExpression" ? root(n.callee) : n?.type === "MemberExpression" ? root(n.object) : n?.type === "Identifier" ? n.name : undefined);
  const marked = new Set();
  const markArgs = (node) => {
    const n = unwrap(node);
    if (n?.type === "CallExpression" && pure.has(root(n))) {
      if (!marked.has(n.start)) cuts.push([n.start, n.start, "/* @__PURE__ */ "]);
      marked.add(n.start);
      for (let c = n; c?.type === "CallExpression" || c?.type === "MemberExpression"; c = c.type === "CallExpression" ? c.callee : c.object) {
        if (c.type === "CallExpression") c.arguments.forEach(markArgs);
      }
    } else if (n?.type === "ObjectExpression") n.properties.forEach((p) => p.type === "Property" && markArgs(p.value));
    else if (n?.type === "ArrayExpression") n.elements.forEach(markArgs);
  };
  for (const statement of ast.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration" || declaration.kind !== "const") continue;
    for (const d of declaration.declarations) {
      const init = unwrap(d.init);
      if (init?.type !== "CallExpression" || !pure.has(root(init)) || d.id.type !== "Identifier") continue;
      markArgs(init);
      pure.add(d.id.name);
    }
  }
  return withCuts(code, cuts);
}

/** The source range that leaves property `i` of object literal `n` out, with its comma. */
function propertyCut(code, n, i) {
  const p = n.properties[i];
  const next = n.properties[i + 1];
  const comma = /^\s*,/.exec(code.slice(p.end));
  return [p.start, next ? next.start : p.end + (comma ? comma[0].length : 0)];
}

/** `code` with each [from, to, put] range replaced by `put` (nothing when absent); a cut inside another (a `.openapi()` in a route's responses) goes with it. */
function withCuts(code, cuts) {
  if (!cuts.length) return code;
  cuts.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept = [];
  for (const cut of cuts) if (!kept.length || cut[0] >= kept.at(-1)[1]) kept.push(cut);
  let out = code;
  for (const [from, to, put = ""] of kept.reverse()) out = out.slice(0, from) + put + out.slice(to);
  return out;
}

/**
 * The catalog's texts the Worker never reads: a built-in's definition
 * reaches the Worker only through pinnedSourceOf (its data and normaliser);
 * its prompt template and few-shot note reach D1 with the catalog sync (a
 * Node script, which reads the sources whole), and the Worker reads them
 * there. Only values that are text (literals, templates, names, their
 * concatenations) are left out, so nothing that runs is.
 */
export const CATALOG_TEXT_KEYS = new Set(["prompt_template", "note"]);

/** A definition.ts without its CATALOG_TEXT_KEYS (any object literal's), parsed by oxc. */
export async function withoutCatalogText(code, filename) {
  const { parseAst } = await import("vite");
  const ast = parseAst(code, { lang: "ts" }, filename);
  const cuts = [];
  const text = (n) => n.type === "Literal" || n.type === "TemplateLiteral" || n.type === "Identifier" || (n.type === "BinaryExpression" && text(n.left) && text(n.right));
  const visit = (node) => {
    if (!node || typeof node.type !== "string") return;
    if (node.type === "ObjectExpression") {
      node.properties.forEach((p, i) => {
        const name = p.type !== "Property" || p.computed ? undefined : p.key.type === "Identifier" ? p.key.name : p.key.value;
        if (CATALOG_TEXT_KEYS.has(name) && text(p.value)) cuts.push(propertyCut(code, node, i));
      });
    }
    for (const v of Object.values(node)) {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === "object") visit(v);
    }
  };
  visit(ast);
  return withCuts(code, cuts);
}

/** An esbuild plugin running withoutCatalogText over the built-ins' definitions. */
export function catalogTextPlugin() {
  return {
    name: "assay-catalog-text",
    setup(build) {
      build.onLoad({ filter: /\/src\/catalog\/benchmarks\/[^/]+\/definition\.ts$/ }, async (args) => ({ contents: await withoutCatalogText(readFileSync(args.path, "utf8"), args.path), loader: "ts" }));
    },
  };
}

/** An esbuild plugin running withoutDocumentation over the HTTP layer's sources (workers/http/, tests aside). */
export function documentationPlugin() {
  return {
    name: "assay-openapi-documentation",
    setup(build) {
      build.onLoad({ filter: /\/workers\/http\/.*\.ts$/ }, async (args) => {
        if (args.path.endsWith(".test.ts")) return undefined;
        return { contents: await withoutDocumentation(readFileSync(args.path, "utf8"), args.path), loader: "ts" };
      });
    },
  };
}

/**
 * The OpenAPI document as the plain build serves it (zod whole, nothing left
 * out, nothing minified): workers/http/app.ts built into `tmp` and asked for
 * /api/openapi.json in Node. Its `servers` entry is the request's origin,
 * which the deployed Worker puts back per request.
 */
export async function openApiDocument(config, tmp) {
  const options = wranglerBuildOptions({ ...config, main: "workers/http/app.ts", alias: {}, minify: false }, tmp);
  await wranglersEsbuild().build({ ...options, logLevel: "silent" });
  writeFileSync(join(tmp, "package.json"), '{ "type": "module" }\n');
  const { buildApp } = await import(pathToFileURL(join(tmp, "index.js")).href);
  // The two variables the app's configuration check asks for; the document reads nothing else.
  const env = { ASSAY_SECRET_KEY: "openapi-document-build-0123456789", ASSAY_BOOTSTRAP_TOKEN: "openapi-document-build" };
  const r = await buildApp().request("https://assay.invalid/api/openapi.json", {}, env);
  if (r.status !== 200) throw new Error(`the plain build did not serve its OpenAPI document (${r.status}): ${await r.text()}`);
  return r.text();
}

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
 * entry points, and zod whole, this way). With `prebuiltOpenApi` the
 * OpenAPI document is generated first (openApiDocument) and written beside
 * the script as openapi.json, and with `intoAssets` also into the assets
 * directory at OPENAPI_ASSET, where the deployed Worker reads it. Without
 * `catalogText` the built-ins' definitions leave CATALOG_TEXT_KEYS out. Returns the script's path and
 * esbuild's metafile (also written to `metafile` if given).
 */
export async function buildWorker({ outdir, env, override = {}, standIns = SDK_STAND_INS, prebuiltOpenApi = true, catalogText = false, intoAssets = false, oxc = true, metafile } = {}) {
  const config = { ...resolvedConfig(parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8")), env), ...override };
  const out = resolve(ROOT, outdir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const esbuild = wranglersEsbuild();
  const replaced = prebuiltOpenApi ? [...standIns, OPENAPI_STAND_IN] : standIns;
  const plugins = [...(replaced.length ? [standInPlugin(replaced)] : []), ...(prebuiltOpenApi ? [documentationPlugin()] : []), ...(catalogText ? [] : [catalogTextPlugin()])];
  if (prebuiltOpenApi) {
    const tmp = join(out, ".openapi-build");
    const doc = await openApiDocument(config, tmp);
    rmSync(tmp, { recursive: true, force: true });
    writeFileSync(join(out, "openapi.json"), doc);
    if (intoAssets) {
      const asset = join(resolve(ROOT, config.assets.directory), OPENAPI_ASSET);
      mkdirSync(dirname(asset), { recursive: true });
      writeFileSync(asset, doc);
    }
    config.define = { ...config.define, ASSAY_OPENAPI_ASSET: JSON.stringify(OPENAPI_ASSET) };
  }
  const options = wranglerBuildOptions(config, out, plugins);
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
