#!/usr/bin/env node
/**
 * The reference runner for Assay's runner protocol (assay.runner.v1): it
 * receives signed attempts, runs a small multi-turn, tool-using agent loop
 * against any OpenAI-compatible endpoint, and reports back through the
 * attempt's callbacks: events (phases, each committed turn, a preview of
 * each request in flight), artifacts, and its verifier's result with the
 * model's replies counted as its turns.
 *
 * Plain Node ESM, no dependencies. I/O: one HTTP listener; HTTP to the model
 * endpoint and to Assay's callbacks.
 *
 *   ASSAY_RUNNER_SECRET=... node runner/reference-runner.mjs [--port 8790] [--host 127.0.0.1] [--assay-url URL]
 *   → prints {"url":"http://127.0.0.1:PORT"} once listening.
 *
 * or `import { startReferenceRunner } from "./runner/reference-runner.mjs"`.
 *
 * The agent profile Assay sends (params, then secrets):
 * - params.base_url: the OpenAI-compatible API base (e.g. http://127.0.0.1:PORT/v1)
 * - params.model: the model name
 * - params.max_turns (default 6), params.system_prompt (optional)
 * - secrets.api_key (optional): sent as the bearer token to the model
 * - secrets.runner_signing_secret: stays in Assay; this runner is started with the same value
 *
 * The agent has one tool, `calculator` ({expression}: + - * / and
 * parentheses). Its verifier compares the final answer (`#### N`, else the
 * last number, else the whole reply) with the task's expected answer:
 * reward 1 or 0, or null when the task has no expected answer.
 *
 * For tests, params.behaviour may be "silent" (accept, never report: the
 * attempt ends at its timeout) or "refuse" (answer the dispatch with 400).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";

export const PROTOCOL = "assay.runner.v1";
const TOLERANCE_S = 300;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const DEFAULT_MAX_TURNS = 6;
const SYSTEM_PROMPT = "You are a careful problem solver. Use the calculator tool for any arithmetic, then give the final answer on its own line as '#### <answer>'.";

const CALCULATOR = {
  type: "function",
  function: {
    name: "calculator",
    description: "Evaluates an arithmetic expression with + - * / and parentheses.",
    parameters: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
  },
};

// ---------------------------------------------------------------- signature

/** Checks `x-assay-signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` and the timestamp's age. */
export function verifyAttempt(secret, headers, body, nowS = Math.floor(Date.now() / 1000)) {
  const ts = headers["x-assay-timestamp"];
  const sig = headers["x-assay-signature"];
  if (typeof ts !== "string" || typeof sig !== "string") return "missing signature headers";
  if (!/^\d{1,12}$/.test(ts) || Math.abs(nowS - Number(ts)) > TOLERANCE_S) return "stale timestamp";
  const expected = Buffer.from(`v1=${createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex")}`);
  const given = Buffer.from(sig.trim());
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : "signature mismatch";
}

// ---------------------------------------------------------------- the tool

/** + - * / and parentheses over numbers; null when it is not such an expression. */
export function calculate(expr) {
  const tokens = String(expr).replace(/×/g, "*").replace(/÷/g, "/").match(/\d+(\.\d+)?|[-+*/()]|\S/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const take = () => tokens[i++];
  function primary() {
    const t = take();
    if (t === "-") return -primary();
    if (t === "(") {
      const v = sum();
      if (take() !== ")") throw new Error("paren");
      return v;
    }
    if (t !== undefined && /^\d/.test(t)) return Number(t);
    throw new Error("token");
  }
  function product() {
    let v = primary();
    while (peek() === "*" || peek() === "/") v = take() === "*" ? v * primary() : v / primary();
    return v;
  }
  function sum() {
    let v = product();
    while (peek() === "+" || peek() === "-") v = take() === "+" ? v + product() : v - product();
    return v;
  }
  try {
    const v = sum();
    return i === tokens.length && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- verifier

function finalAnswer(text) {
  if (!text) return null;
  const hash = /####\s*(.+?)\s*$/m.exec(text);
  if (hash) return hash[1];
  const nums = text.match(/-?\d[\d,]*(\.\d+)?/g);
  return nums ? nums[nums.length - 1] : text.trim();
}

const norm = (s) => String(s).replace(/,/g, "").replace(/\s+/g, " ").trim().toLowerCase();

/** The verdict on a final reply: reward, components, a summary in words. */
export function verify(reply, expected, toolCalls) {
  const answer = finalAnswer(reply);
  if (expected === null || expected === undefined) {
    return { reward: null, structured: { judge_summary: "The task has no expected answer, so the reply was not scored." } };
  }
  const exp = norm(expected);
  const got = answer === null ? null : norm(answer);
  const correct = got !== null && (got === exp || (Number.isFinite(Number(got)) && Number(got) === Number(exp)));
  const reward = correct ? 1 : 0;
  return {
    reward,
    structured: {
      composite: reward,
      dimensions: { correct: reward, used_tool: toolCalls > 0 ? 1 : 0 },
      judge_summary: correct ? `The final answer ${answer} matches the expected ${expected}.` : `The final answer ${answer ?? "(none)"} does not match the expected ${expected}.`,
    },
  };
}

// ---------------------------------------------------------------- callbacks

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A callback with the attempt's token, retried on network errors and 5xx; 409 means the attempt is over. */
async function callback(url, token, method, body, type = "application/json") {
  for (let tries = 1; ; tries++) {
    let res;
    try {
      res = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, "content-type": type }, body });
    } catch (err) {
      if (tries >= 4) throw err;
      await sleep(200 * 2 ** tries);
      continue;
    }
    const text = await res.text();
    if (res.ok) return text ? JSON.parse(text) : null;
    if (res.status >= 500 && tries < 4) {
      await sleep(200 * 2 ** tries);
      continue;
    }
    const err = new Error(`${method} ${url} -> ${res.status} ${text.slice(0, 200)}`);
    err.status = res.status;
    throw err;
  }
}

function rebase(url, assayUrl) {
  if (!assayUrl) return url;
  const u = new URL(url);
  return new URL(u.pathname + u.search, assayUrl).href;
}

// ---------------------------------------------------------------- the agent

async function chat(params, secrets, sampling, messages) {
  const base = String(params.base_url ?? "").replace(/\/+$/, "");
  if (!base || !params.model) throw new Error("the profile must set params.base_url and params.model");
  const headers = { "content-type": "application/json" };
  if (secrets.api_key) headers.authorization = `Bearer ${secrets.api_key}`;
  const body = { model: params.model, messages, tools: [CALCULATOR], temperature: sampling?.temperature ?? 0, max_tokens: sampling?.max_output_tokens ?? 1024 };
  const started = Date.now();
  const res = await fetch(`${base}/chat/completions`, { method: "POST", headers, body: JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok || !json?.choices?.[0]) throw new Error(`the model answered ${res.status}: ${JSON.stringify(json?.error?.message ?? json).slice(0, 200)}`);
  return {
    message: json.choices[0].message,
    model: json.model ?? params.model,
    usage: { input_tokens: json.usage?.prompt_tokens ?? null, output_tokens: json.usage?.completion_tokens ?? null },
    latency_ms: Date.now() - started,
  };
}

/** Runs one attempt to its result; every step is reported as it happens. */
export async function runAttempt(attempt, { assayUrl, log = () => {} } = {}) {
  const cb = {
    events: rebase(attempt.callbacks.events, assayUrl),
    artifact: (name) => rebase(attempt.callbacks.artifacts.replace("{name}", encodeURIComponent(name)), assayUrl),
    result: rebase(attempt.callbacks.result, assayUrl),
  };
  const token = attempt.token;
  const events = (...list) => callback(cb.events, token, "POST", JSON.stringify({ events: list }));
  const params = attempt.params ?? {};
  const maxTurns = Number(params.max_turns ?? DEFAULT_MAX_TURNS);
  try {
    await events({ kind: "phase", phase: "setup" });
    const task = attempt.task;
    const prompt = task.messages?.length ? task.messages : [{ role: "user", content: String(task.data?.question ?? task.data?.prompt ?? JSON.stringify(task.data)) }];
    const conversation = [{ role: "system", content: params.system_prompt ?? SYSTEM_PROMPT }, ...prompt];
    let pending = conversation.slice();
    await events({ kind: "phase", phase: "agent" });
    let reply = null;
    let toolCalls = 0;
    // The model's replies: the attempt's turns, reported with the result.
    let turns = 0;
    for (let turn = 0; turn < maxTurns; turn++) {
      await events({ kind: "preview", messages: pending });
      const r = await chat(params, attempt.secrets ?? {}, attempt.sampling, conversation);
      const assistant = { role: "assistant", content: r.message.content ?? null, ...(r.message.tool_calls ? { tool_calls: r.message.tool_calls } : {}) };
      conversation.push(assistant);
      turns += 1;
      await events({ kind: "turn", messages: [...pending, assistant], model: r.model, usage: r.usage, latency_ms: r.latency_ms });
      pending = [];
      if (!assistant.tool_calls?.length) {
        reply = assistant.content ?? "";
        break;
      }
      for (const call of assistant.tool_calls) {
        toolCalls += 1;
        let content;
        try {
          const args = JSON.parse(call.function?.arguments ?? "{}");
          const v = call.function?.name === "calculator" ? calculate(args.expression ?? "") : null;
          content = v === null ? `error: cannot evaluate ${JSON.stringify(args.expression ?? args)}` : String(v);
        } catch {
          content = "error: the arguments are not JSON";
        }
        const msg = { role: "tool", tool_call_id: call.id, content };
        conversation.push(msg);
        pending.push(msg);
      }
    }
    await events({ kind: "phase", phase: "scoring" });
    const verdict = verify(reply, task.expected, toolCalls);
    await events({ kind: "phase", phase: "finalize" });
    await callback(cb.artifact("conversation.json"), token, "PUT", JSON.stringify(conversation, null, 2), "application/json");
    const result = reply === null
      ? { reward: null, structured: { judge_summary: `No final answer within ${maxTurns} turns.` }, exit_code: 1, error: `no final answer within ${maxTurns} turns`, output: null, turns }
      : { ...verdict, exit_code: 0, error: null, output: reply, turns };
    await callback(cb.result, token, "POST", JSON.stringify(result));
    log(`attempt ${attempt.attempt.id}: reward ${result.reward}`);
  } catch (err) {
    if (err?.status === 409) return log(`attempt ${attempt.attempt.id} is over: ${err.message}`);
    log(`attempt ${attempt.attempt.id} failed: ${err?.message ?? err}`);
    await callback(cb.result, token, "POST", JSON.stringify({ reward: null, structured: null, exit_code: 1, error: `the agent failed: ${String(err?.message ?? err).slice(0, 500)}`, output: null })).catch(() => {});
  }
}

// ---------------------------------------------------------------- server

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("body too large"));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * Starts the runner on loopback. `secret`: the profile's runner_signing_secret.
 * `assayUrl`: where to call Assay back, when it is not where the attempt's
 * callback URLs point (a proxy, a container network). `debug`: keep the
 * attempts received for GET /_attempts (tests only: they hold tokens and secrets).
 */
export async function startReferenceRunner({ port = 0, host = "127.0.0.1", secret, assayUrl, debug = false, log = () => {} } = {}) {
  if (!secret || secret.length < 16) throw new Error("the runner needs its signing secret (at least 16 characters)");
  const received = [];
  const running = new Set();
  const server = http.createServer(async (req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? "/", "http://runner");
      if (req.method === "GET" && url.pathname === "/_attempts" && debug) return send(200, received);
      if (req.method === "GET" && url.pathname === "/health") return send(200, { ok: true, running: running.size });
      if (req.method !== "POST") return send(405, { error: "POST an attempt" });
      const body = await readBody(req);
      const bad = verifyAttempt(secret, req.headers, body);
      if (bad) return send(401, { error: bad });
      const attempt = JSON.parse(body);
      if (attempt.protocol !== PROTOCOL) return send(400, { error: `unsupported protocol ${attempt.protocol}` });
      if (debug) received.push(attempt);
      const behaviour = attempt.params?.behaviour;
      if (behaviour === "refuse") return send(400, { error: "this runner was told to refuse" });
      send(202, { accepted: attempt.attempt.id });
      if (behaviour === "silent") return;
      const p = runAttempt(attempt, { assayUrl, log }).finally(() => running.delete(p));
      running.add(p);
    } catch (err) {
      send(400, { error: String(err?.message ?? err) });
    }
  });
  // Longer than a client's idle pool keeps sockets, so the client closes them first and never reuses one being closed.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    received,
    idle: () => Promise.all([...running]),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------- command line

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  try {
    const runner = await startReferenceRunner({
      port: Number(opt("--port", process.env.PORT ?? 8790)),
      host: opt("--host", "127.0.0.1"),
      secret: process.env.ASSAY_RUNNER_SECRET,
      assayUrl: opt("--assay-url", process.env.ASSAY_URL),
      log: (m) => process.stderr.write(`${m}\n`),
    });
    process.stdout.write(`${JSON.stringify({ url: runner.url })}\n`);
    const stop = () => runner.close().then(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}
