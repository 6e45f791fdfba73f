// Serves a folder of dataset files read-only over loopback HTTP, so built-in
// benchmarks load their pinned files from it exactly as from the upstream
// URLs (same bytes; the loader checks every digest). Used by the test setup
// and by `npm start` with ../shared/datasets; nothing in the repo copies it.
import { createReadStream, statSync } from "node:fs";
import http from "node:http";
import { resolve, sep } from "node:path";

/** The file a request path names under root, or null (missing, a directory, or outside root). */
function fileFor(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const path = resolve(root, `.${decoded}`);
  if (!path.startsWith(root + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * Serves `folder`, or several folders layered (the first that has a path wins: the test setup puts the files it
 * builds from ../shared, such as GPQA's archive, before the shared folder itself).
 * @param {string | string[]} folder
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export async function serveDatasets(folder) {
  const roots = (Array.isArray(folder) ? folder : [folder]).map((f) => resolve(f));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://datasets");
    const path = req.method === "GET" || req.method === "HEAD" ? roots.map((root) => fileFor(root, url.pathname)).find((p) => p !== null) ?? null : null;
    if (!path) {
      res.writeHead(404, { "content-type": "text/plain", connection: "close" }).end(`no dataset file ${url.pathname}\n`);
      return;
    }
    // One request per connection: a client reusing an idle socket the server has just closed sees "connection lost".
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(statSync(path).size), connection: "close" });
    if (req.method === "HEAD") res.end();
    else createReadStream(path).pipe(res);
  });
  server.keepAliveTimeout = 1000;
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok());
  });
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
