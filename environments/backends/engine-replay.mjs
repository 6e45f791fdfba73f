/**
 * Engine API exchanges recorded from a real engine, and a fake engine on
 * loopback that replays them: the docker backend's contract tests run a
 * trial against it on machines with no engine. An exchange is stored as
 * { method, path, request, status, response }: a JSON request whole, a
 * tar request as its sha256 and entry names; a JSON response parsed, a
 * progress stream as its lines, anything else (an exec's multiplexed
 * output, an archive) as base64.
 *
 * Replay matches a request by method, path and request (a random container
 * name and a command's `timeout -s KILL N` seconds normalised, as they
 * differ from run to run); a key asked for more often than recorded gets
 * its last answer again (an exec polled until it exits). A request never
 * recorded is answered 500 and listed in `unmatched`.
 * I/O: one HTTP listener (replay); none for (de)serialising.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { tarUnpack } from "../tar.mjs";

const sha = (b) => createHash("sha256").update(b).digest("hex");

/** A path with what differs between runs made constant. */
export function normalisePath(path) {
  return path.replace(/name=assay-env-[0-9a-f]+/, "name=assay-env-*");
}

/** A request's JSON with what differs between runs made constant (the seconds of an exec's timeout wrapper). */
function normaliseJson(json) {
  if (json && Array.isArray(json.Cmd) && json.Cmd[0] === "timeout" && json.Cmd[1] === "-s") return { ...json, Cmd: [...json.Cmd.slice(0, 3), "*", ...json.Cmd.slice(4)] };
  return json;
}

/** The stored form of one exchange the recorder saw. */
export function serialiseExchange({ method, path, json, body, status, response }) {
  let request = null;
  if (json !== undefined) request = { json };
  else if (body && body.length) {
    let entries = null;
    try {
      entries = tarUnpack(body).map((e) => e.path);
    } catch {
      // Not a tar.
    }
    request = { sha256: sha(body), bytes: body.length, ...(entries ? { tar_entries: entries } : {}) };
  }
  let resp = null;
  if (response.length) {
    const text = response.toString("utf8");
    try {
      resp = { json: JSON.parse(text) };
    } catch {
      const lines = text.split("\n").filter(Boolean);
      resp = lines.length && lines.every((l) => l.trim().startsWith("{")) && Buffer.byteLength(text) === response.length ? { lines } : { base64: response.toString("base64") };
    }
  }
  return { method, path: normalisePath(path), request, status, response: resp };
}

function requestKey(method, path, request) {
  const r = request?.json !== undefined ? JSON.stringify(normaliseJson(request.json)) : request?.sha256 ?? "";
  return `${method} ${normalisePath(path)} ${r}`;
}

function responseBytes(resp) {
  if (!resp) return Buffer.alloc(0);
  if (resp.json !== undefined) return Buffer.from(JSON.stringify(resp.json));
  if (resp.lines) return Buffer.from(resp.lines.map((l) => `${l}\n`).join(""));
  return Buffer.from(resp.base64, "base64");
}

/**
 * A fake engine serving `exchanges` on loopback (DOCKER_HOST = its `host`).
 * `requests` lists what it was asked, parsed, for the contract checks.
 */
export async function startReplayEngine(exchanges) {
  const byKey = new Map();
  for (const e of exchanges) {
    const k = requestKey(e.method, e.path, e.request);
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k).push(e);
  }
  const used = new Map();
  const requests = [];
  const unmatched = [];
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks);
    const path = (req.url ?? "/").replace(/^\/v1\.\d+/, "");
    let request = null;
    if (body.length) {
      if ((req.headers["content-type"] ?? "").includes("json")) {
        try {
          request = { json: JSON.parse(body.toString("utf8")) };
        } catch {
          request = { sha256: sha(body) };
        }
      } else request = { sha256: sha(body) };
    }
    requests.push({ method: req.method, path, request, headers: req.headers, body });
    const k = requestKey(req.method, path, request);
    const list = byKey.get(k);
    if (!list) {
      unmatched.push(k.slice(0, 500));
      res.writeHead(500, { "content-type": "application/json" });
      return res.end(JSON.stringify({ message: `the replay engine has no recorded answer to ${req.method} ${path}` }));
    }
    const n = used.get(k) ?? 0;
    used.set(k, n + 1);
    const e = list[Math.min(n, list.length - 1)];
    const bytes = responseBytes(e.response);
    const type = e.response?.json !== undefined || e.response?.lines ? "application/json" : "application/octet-stream";
    res.writeHead(e.status, { "content-type": type, "api-version": "1.41" });
    res.end(bytes);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const port = server.address().port;
  return {
    host: `tcp://127.0.0.1:${port}`,
    requests,
    unmatched,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
