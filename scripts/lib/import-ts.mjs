// Node runs the project's TypeScript sources as they are (type stripping),
// but their relative imports name no extension, as the Worker's bundler and
// vitest resolve them. importTs() resolves such a specifier to its .ts file
// (or a folder's index.ts),
// so scripts and node tests can use pure modules from src/ (whatever those
// modules import in turn). On a Node that strips no types (before 23.6),
// esbuild (which wrangler brings) bundles the module into one instead.
import * as nodeModule from "node:module";
import { fileURLToPath } from "node:url";

let registered = false;

/** import() of a TypeScript module (a URL or a path relative to the caller, resolved by the caller). */
export function importTs(url) {
  // Node before 22.15 has no registerHooks (and before 23.6 strips no types): the import then fails as it would have.
  if (!registered && typeof nodeModule.registerHooks === "function") {
    nodeModule.registerHooks({
      resolve(specifier, context, next) {
        try {
          return next(specifier, context);
        } catch (err) {
          if (!/^\.\.?\//.test(specifier) || /\.[cm]?[jt]s$/.test(specifier)) throw err;
          // A folder's index, as the bundler resolves `./log-parsers` to ./log-parsers/index.ts.
          if (err?.code === "ERR_UNSUPPORTED_DIR_IMPORT") return next(`${specifier}/index.ts`, context);
          if (err?.code !== "ERR_MODULE_NOT_FOUND") throw err;
          return next(`${specifier}.ts`, context);
        }
      },
    });
    registered = true;
  }
  return import(url).catch(async (err) => {
    if (err?.code !== "ERR_UNKNOWN_FILE_EXTENSION") throw err;
    const esbuild = await import("esbuild").catch(() => {
      throw err;
    });
    const path = url instanceof URL || String(url).startsWith("file:") ? fileURLToPath(url) : String(url);
    const out = await esbuild.build({ entryPoints: [path], bundle: true, format: "esm", platform: "node", write: false, logLevel: "silent" });
    return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
  });
}
