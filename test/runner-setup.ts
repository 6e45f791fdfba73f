/**
 * Vitest global setup (runs in Node, not workerd): the reference runner
 * (runner/reference-runner.mjs) on loopback, and a relay that carries its
 * callbacks into the Worker under test. The Worker runs inside workerd with
 * no port of its own, so the runner calls the relay instead (its
 * `assayUrl`); a test pumps the relay from inside workerd (test/runner.ts
 * pumpRelay): it takes each held request, hands it to the Worker's fetch
 * handler and posts the answer back, which the relay returns to the runner.
 *
 * Tests read `inject("runnerUrl")` (where agent targets point),
 * `inject("runnerSecret")` (the profile's runner_signing_secret) and
 * `inject("relayUrl")`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";
import type { TestProject } from "vitest/node";
import { startEnvironmentRunner, type EnvironmentRunner } from "../environments/server.mjs";
import { taskRows } from "../environments/tasks.mjs";
import { localSkip } from "../environments/test-support.mjs";
import { startReferenceRunner } from "../runner/reference-runner.mjs";

declare module "vitest" {
  interface ProvidedContext {
    /** The reference runner, e.g. http://127.0.0.1:PORT (a target's runner_url). */
    runnerUrl: string;
    /** The secret the runner verifies attempts with (a profile's runner_signing_secret). */
    runnerSecret: string;
    /** The relay the runner's callbacks wait in until a test pumps them. */
    relayUrl: string;
    /** Why the environment runner (local backend) is not running here, or "" when it is, at ASSAY_ENVIRONMENT_RUNNER_URL. */
    environmentRunnerSkip: string;
    /** The tasks Assay ships (environments/tasks/), as dataset rows, JSON. */
    environmentTaskRows: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The environment runner's URL and secret for the Worker's bindings, fixed
 * once per vitest process (the config may load more than once); the runner
 * itself starts in setup, where the local backend can run.
 */
export async function environmentRunnerBindings(): Promise<{ ASSAY_ENVIRONMENT_RUNNER_URL: string; ASSAY_ENVIRONMENT_RUNNER_SECRET: string }> {
  process.env.ASSAY_TEST_ENV_RUNNER_PORT ??= String(await freePort());
  process.env.ASSAY_TEST_ENV_RUNNER_SECRET ??= randomBytes(24).toString("base64url");
  return { ASSAY_ENVIRONMENT_RUNNER_URL: `http://127.0.0.1:${process.env.ASSAY_TEST_ENV_RUNNER_PORT}`, ASSAY_ENVIRONMENT_RUNNER_SECRET: process.env.ASSAY_TEST_ENV_RUNNER_SECRET };
}

/** A callback waiting for the Worker's answer. */
interface Held {
  id: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body_base64: string;
  reply: (r: { status: number; headers: Record<string, string>; body_base64: string }) => void;
}

const HOLD_MS = 30_000;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

async function startRelay() {
  const queue: Held[] = [];
  const waiting = new Map<string, Held>();
  const takers: { match: string; give: (h: Held | null) => void }[] = [];
  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body === undefined ? "" : JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://relay");
    if (req.method === "GET" && url.pathname === "/_relay/next") {
      // Test files run in parallel with storage of their own: each pump takes only its runs' callbacks.
      const match = url.searchParams.get("match") ?? "";
      const at = queue.findIndex((h) => h.path.includes(match));
      if (at >= 0) {
        const next = queue.splice(at, 1)[0]!;
        return json(res, 200, { id: next.id, method: next.method, path: next.path, headers: next.headers, body_base64: next.body_base64 });
      }
      const wait = Math.min(5_000, Number(url.searchParams.get("wait_ms") ?? 200));
      const taker = {
        match,
        give: (h: Held | null) => {
          clearTimeout(timer);
          if (h) json(res, 200, { id: h.id, method: h.method, path: h.path, headers: h.headers, body_base64: h.body_base64 });
          else json(res, 204);
        },
      };
      const timer = setTimeout(() => {
        const i = takers.indexOf(taker);
        if (i >= 0) takers.splice(i, 1);
        taker.give(null);
      }, wait);
      takers.push(taker);
      return;
    }
    const reply = /^\/_relay\/reply\/([\w-]+)$/.exec(url.pathname);
    if (req.method === "POST" && reply) {
      const held = waiting.get(reply[1]!);
      const body = JSON.parse((await readBody(req)).toString("utf8")) as { status: number; headers: Record<string, string>; body_base64: string };
      if (held) {
        waiting.delete(held.id);
        held.reply(body);
      }
      return json(res, held ? 204 : 404);
    }
    // A callback from the runner: hold it until a test pumps it through the Worker.
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host" && k !== "content-length" && k !== "connection") headers[k] = v;
    const held: Held = {
      id: randomUUID(),
      method: req.method ?? "GET",
      path: url.pathname + url.search,
      headers,
      body_base64: body.toString("base64"),
      reply: (r) => {
        clearTimeout(expire);
        res.writeHead(r.status, r.headers);
        res.end(Buffer.from(r.body_base64, "base64"));
      },
    };
    const expire = setTimeout(() => {
      waiting.delete(held.id);
      const i = queue.indexOf(held);
      if (i >= 0) queue.splice(i, 1);
      json(res, 504, { error: "no test pumped this callback" });
    }, HOLD_MS);
    waiting.set(held.id, held);
    const t = takers.findIndex((k) => held.path.includes(k.match));
    if (t >= 0) takers.splice(t, 1)[0]!.give(held);
    else queue.push(held);
  });
  // Idle keep-alive sockets are never closed by the relay (close() below ends them): closing one just as workerd
  // or the runner reused it from a pool lost that request ("Network connection lost"), which failed the agent
  // test's pump under load. The Workers of the suite live for the whole run, so no idle timeout is long enough.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export default async function setup(project: TestProject) {
  const relay = await startRelay();
  const secret = randomBytes(24).toString("base64url");
  const runner = await startReferenceRunner({ secret, assayUrl: relay.url, debug: true });
  project.provide("runnerUrl", runner.url);
  project.provide("runnerSecret", secret);
  project.provide("relayUrl", relay.url);
  // The environment runner, on the local backend where this machine can run it (root, bubblewrap, debootstrap): its callbacks wait in the same relay.
  const { ASSAY_ENVIRONMENT_RUNNER_URL, ASSAY_ENVIRONMENT_RUNNER_SECRET } = await environmentRunnerBindings();
  let skip = localSkip() ?? "";
  let environments: EnvironmentRunner | null = null;
  if (!skip) {
    environments = await startEnvironmentRunner({ secret: ASSAY_ENVIRONMENT_RUNNER_SECRET, port: Number(new URL(ASSAY_ENVIRONMENT_RUNNER_URL).port), backend: "local", assayUrl: relay.url, concurrency: 2 }).catch((err: unknown) => {
      skip = `the environment runner did not start: ${err instanceof Error ? err.message : err}`;
      return null;
    });
  }
  project.provide("environmentRunnerSkip", skip);
  project.provide("environmentTaskRows", JSON.stringify(await taskRows()));
  return async () => {
    await environments?.idle();
    await environments?.close();
    await runner.close();
    await relay.close();
  };
}
