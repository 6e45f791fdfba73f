/**
 * A client of the Docker Engine API (served by Docker, and by Podman's
 * `podman system service` in its Docker-compatible form), over a unix
 * socket or TCP: plain requests, streamed responses (pull and build
 * progress as JSON lines, an exec's multiplexed output), and a recorder
 * hook that sees every exchange (the contract tests replay recorded ones).
 * API version pinned to v1.41, which Docker 20.10+ and Podman 4+ serve.
 *
 * I/O: HTTP to the engine.
 */
import http from "node:http";

export const API_VERSION = "v1.41";

/** Where the engine listens: DOCKER_HOST (`unix:///path`, `tcp://host:port`), else /var/run/docker.sock. */
export function engineAddress(dockerHost) {
  const v = (dockerHost ?? "").trim() || "unix:///var/run/docker.sock";
  if (v.startsWith("unix://")) return { socketPath: v.slice("unix://".length), display: v };
  const m = /^(?:tcp|http):\/\/([^:/]+)(?::(\d+))?\/?$/.exec(v);
  if (m) return { host: m[1], port: Number(m[2] ?? 2375), display: v };
  throw new Error(`DOCKER_HOST must be unix:///path or tcp://host:port (got ${JSON.stringify(v)})`);
}

export class EngineError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The message of an engine error body ({"message": ...}), else the text. */
function messageOf(buf) {
  const text = buf.toString("utf8");
  try {
    return JSON.parse(text).message ?? text;
  } catch {
    return text;
  }
}

/**
 * Splits the Engine's multiplexed stream (8-byte headers: stream type,
 * three zero bytes, big-endian length) into its payloads; bytes of an
 * unfinished frame are kept for the next chunk.
 */
export function demuxer(onData) {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 8) {
      const size = pending.readUInt32BE(4);
      if (pending.length < 8 + size) break;
      onData(pending.subarray(8, 8 + size), pending[0]);
      pending = pending.subarray(8 + size);
    }
  };
}

/**
 * A client of the engine at `address` (engineAddress). `recorder(exchange)`
 * is given { method, path, json, body, status, response } for each call
 * (the request's JSON or raw body, the response's bytes).
 */
export function engineClient(address, { recorder = null } = {}) {
  function open(method, path, { json, body, headers = {}, timeoutMs = 60_000, signal } = {}) {
    const payload = json !== undefined ? Buffer.from(JSON.stringify(json)) : body;
    const h = { ...headers };
    if (json !== undefined) h["content-type"] = "application/json";
    if (payload) h["content-length"] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = http.request(
        { ...(address.socketPath ? { socketPath: address.socketPath } : { host: address.host, port: address.port }), method, path: `/${API_VERSION}${path}`, headers: { host: "docker", ...h }, signal },
        resolve,
      );
      req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error(`the engine did not answer ${method} ${path} within ${timeoutMs / 1000} s`), { code: "ETIMEDOUT" })));
      req.on("error", reject);
      req.end(payload);
    });
  }

  const record = (method, path, o, status, response) => {
    // A copy: the caller may change its object after the call (a retry with other settings).
    if (recorder) recorder({ method, path, json: o.json === undefined ? undefined : structuredClone(o.json), body: o.body ?? null, status, response });
  };

  return {
    address,
    /** A whole response: { status, headers, body: Buffer }. */
    async request(method, path, o = {}) {
      const res = await open(method, path, o);
      const chunks = [];
      for await (const c of res) chunks.push(c);
      const body = Buffer.concat(chunks);
      record(method, path, o, res.statusCode, body);
      return { status: res.statusCode, headers: res.headers, body };
    },
    /** A whole response as JSON, or an EngineError for a status ≥ 400. */
    async json(method, path, o = {}) {
      const r = await this.request(method, path, o);
      if (r.status >= 400) throw new EngineError(r.status, `${method} ${path}: ${r.status} ${messageOf(r.body).slice(0, 500)}`);
      return r.body.length ? JSON.parse(r.body.toString("utf8")) : null;
    },
    /**
     * A response read as it streams: `onChunk(Buffer)` per chunk. Resolves
     * { status, body } when it ends (body: the bytes, for the recorder and
     * errors) or when `stop()` (the returned handle's) is called.
     */
    stream(method, path, o = {}, onChunk = () => {}) {
      const chunks = [];
      let res = null;
      const controller = new AbortController();
      const done = open(method, path, { ...o, signal: o.signal ?? controller.signal }).then(
        (r) =>
          new Promise((resolve) => {
            res = r;
            r.on("data", (c) => {
              chunks.push(c);
              onChunk(c);
            });
            let finished = false;
            const finish = () => {
              if (finished) return;
              finished = true;
              const body = Buffer.concat(chunks);
              record(method, path, o, r.statusCode, body);
              resolve({ status: r.statusCode, body });
            };
            r.on("end", finish);
            r.on("close", finish);
            r.on("error", finish);
          }),
      );
      return {
        done,
        stop: () => {
          if (res) res.destroy();
          else controller.abort();
        },
      };
    },
  };
}
