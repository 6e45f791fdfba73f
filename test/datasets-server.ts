/**
 * Vitest global setup (runs in Node, not workerd): serves ../shared/datasets
 * read-only over loopback HTTP for the whole test run, so built-in
 * benchmarks load their pinned files from it exactly as from the upstream
 * URLs (the bytes are the same, the digests are checked). Tests read the
 * base URL with `inject("datasetsUrl")` and pass it to the catalog loader.
 * Nothing in the repo copies the data.
 */
import { createReadStream, statSync } from "node:fs";
import http from "node:http";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  interface ProvidedContext {
    /** Base URL of the shared datasets mirror, e.g. http://127.0.0.1:PORT (files at `${datasetsUrl}/gsm8k/test.jsonl`). */
    datasetsUrl: string;
  }
}

const ROOT = resolve(fileURLToPath(new URL("../../shared/datasets/", import.meta.url).href));

/** The file a request path names under ROOT, or null (missing, a directory, or outside ROOT). */
function fileFor(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const path = resolve(ROOT, `.${decoded}`);
  if (!path.startsWith(ROOT + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

export default async function setup(project: TestProject) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://datasets");
    const path = req.method === "GET" || req.method === "HEAD" ? fileFor(url.pathname) : null;
    if (!path) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`no dataset file ${url.pathname}\n`);
      return;
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(statSync(path).size) });
    if (req.method === "HEAD") res.end();
    else createReadStream(path).pipe(res);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the datasets server has no port");
  project.provide("datasetsUrl", `http://127.0.0.1:${address.port}`);
  return async () => {
    await new Promise<void>((done) => server.close(() => done()));
    server.closeAllConnections();
  };
}
