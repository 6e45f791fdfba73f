/**
 * Vitest global setup (runs in Node, not workerd): a loopback HTTP server
 * that receives outbound webhooks for tests. Every request is recorded by
 * path; tests read them back with GET /_received?path=<path>. The path
 * chooses the answer: /fail-<n>/... answers 500 to the first n requests,
 * /status-<code>/... always answers <code>, anything else 204. Tests get
 * the base URL with `inject("webhookReceiverUrl")` and should use a unique
 * path each.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  interface ProvidedContext {
    /** Base of the webhook receiver, e.g. http://127.0.0.1:PORT. */
    webhookReceiverUrl: string;
  }
}

/** One received request, as tests read it back. */
export interface Received {
  method: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export default async function setup(project: TestProject) {
  const received = new Map<string, Received[]>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    if (req.method === "GET" && url.pathname === "/_received") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(received.get(url.searchParams.get("path") ?? "") ?? []));
      return;
    }
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
    const list = received.get(url.pathname) ?? [];
    list.push({ method: req.method ?? "", headers, body, at: Date.now() });
    received.set(url.pathname, list);
    const fail = /^\/fail-(\d+)\//.exec(url.pathname);
    const fixed = /^\/status-(\d{3})\//.exec(url.pathname);
    const status = fixed ? Number(fixed[1]) : fail && list.length <= Number(fail[1]) ? 500 : 204;
    res.writeHead(status);
    res.end();
  });
  // Never closes an idle keep-alive socket itself (test/runner-setup.ts says why); close() ends them.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("webhookReceiverUrl", `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
}
