/**
 * Any agent that speaks the runner protocol, run in a task's environment:
 * the environment runner dispatches the agent phase to it as an attempt of
 * its own (signed with the profile's `agent_signing_secret`, posted to
 * `agent_url`), with callbacks pointing back at the environment runner and
 * one more, `environment.exec`, through which the agent runs commands in
 * the task's environment:
 *
 *   POST {environment.exec}  {"command": "ls", "timeout_s": 60, "cwd": "/app"}
 *     → {"exit_code": 0, "output": "...", "timed_out": false, "duration_ms": 12}
 *
 * The agent's turns and previews go on to Assay as the trial's own (its
 * phase events are the environment runner's to give, and are dropped), its
 * artifacts are kept as `agent-<name>`, and its result ends the agent
 * phase: its reward is ignored (the task's verifier decides), its error
 * fails the attempt as an agent crash. It sees the task's instruction,
 * never its tests or solution. Callbacks use the protocol's answers: 401
 * without the trial's token, 409 once the agent phase is over.
 *
 * I/O: HTTP to the agent; the environment; the trial's reporter.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PROTOCOL } from "../../runner/reference-runner.mjs";

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const DISPATCH_TIMEOUT_MS = 15_000;
/** Characters of a command's output returned to the agent. */
const EXEC_OUTPUT_CHARS = 256 * 1024;

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error("body too large"), { status: 413 }));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The drivers of external agents and the routes their callbacks reach. */
export function externalAgents({ publicUrl, fetchImpl = fetch, log = () => {} }) {
  const trials = new Map();

  /** Runs the agent phase on the external agent; resolves like the other agents ({ stop, steps, conversation }). */
  async function drive(ctx) {
    const { attempt, params, secrets, env, report, deadlineMs, task } = ctx;
    const agentUrl = params.agent_url;
    const signing = secrets.agent_signing_secret;
    if (typeof agentUrl !== "string" || !/^https?:\/\//.test(agentUrl)) throw new Error("an external agent needs params.agent_url (the agent runner's URL)");
    if (typeof signing !== "string" || signing.length < 16) throw new Error("an external agent needs the secret parameter agent_signing_secret (at least 16 characters), which signs the attempts sent to it");
    const id = randomBytes(8).toString("hex");
    const token = `et_${randomBytes(24).toString("hex")}`;
    const base = `${publicUrl().replace(/\/+$/, "")}/v1/trials/${id}`;
    let finish;
    const ended = new Promise((resolve) => (finish = resolve));
    const trial = { token, env, report, deadlineMs, workdir: ctx.workdir, finish, steps: 0 };
    trials.set(id, trial);
    const { agent_signing_secret: _kept, ...agentSecrets } = secrets;
    const body = JSON.stringify({
      protocol: PROTOCOL,
      attempt: { ...attempt.attempt, timeout_s: Math.max(1, Math.floor((deadlineMs - Date.now()) / 1000)), deadline_at: new Date(deadlineMs).toISOString() },
      task: { ...attempt.task, messages: attempt.task?.messages?.length ? attempt.task.messages : [{ role: "user", content: task.instruction }], expected: null, data: { name: task.name, instruction: task.instruction } },
      scoring: null,
      params: params.agent_params ?? {},
      secrets: agentSecrets,
      profile: attempt.profile,
      sampling: attempt.sampling,
      callbacks: { events: `${base}/events`, artifacts: `${base}/artifacts/{name}`, result: `${base}/result` },
      environment: { exec: `${base}/exec`, workdir: ctx.workdir ?? null },
      token,
    });
    const ts = Math.floor(Date.now() / 1000);
    const sig = `v1=${createHmac("sha256", signing).update(`${ts}.${body}`).digest("hex")}`;
    try {
      let res;
      try {
        res = await fetchImpl(agentUrl, { method: "POST", headers: { "content-type": "application/json", "x-assay-timestamp": String(ts), "x-assay-signature": sig }, body, signal: AbortSignal.timeout(DISPATCH_TIMEOUT_MS) });
      } catch (err) {
        throw new Error(`the external agent at ${agentUrl} could not be reached: ${err.message}`);
      }
      if (!res.ok) throw new Error(`the external agent at ${agentUrl} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const timer = setTimeout(() => finish({ timeout: true }), Math.max(0, deadlineMs - Date.now()));
      const outcome = await ended;
      clearTimeout(timer);
      if (outcome.timeout) return { stop: "timeout", steps: trial.steps, conversation: [] };
      if (outcome.error) throw new Error(`the external agent reported: ${String(outcome.error).slice(0, 500)}`);
      return { stop: "done", steps: trial.steps, conversation: [], output: outcome.output ?? null };
    } finally {
      trials.delete(id);
    }
  }

  /** The callback routes: /v1/trials/{id}/events | artifacts/{name} | result | exec. */
  async function handle(req, res, url) {
    const send = (status, b) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(b));
    };
    const m = /^\/v1\/trials\/([0-9a-f]{16})\/(events|result|exec|artifacts\/([A-Za-z0-9._-]{1,200}))$/.exec(url.pathname);
    if (!m) return send(404, { error: "no such route" });
    const trial = trials.get(m[1]);
    const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!trial) return send(given.startsWith("et_") ? 409 : 401, { error: given.startsWith("et_") ? "the agent phase of this trial is over" : "missing or unknown token" });
    const a = Buffer.from(given);
    const b = Buffer.from(trial.token);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return send(401, { error: "wrong token" });
    const raw = await readJson(req);
    if (m[3]) {
      await trial.report.artifact(`agent-${m[3]}`, raw, req.headers["content-type"] ?? "application/octet-stream");
      return send(200, { stored: `agent-${m[3]}` });
    }
    let body;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      return send(422, { error: "the body is not JSON" });
    }
    if (m[2] === "events") {
      if (!Array.isArray(body?.events) || !body.events.length) return send(422, { errors: [{ field: "events", message: "must be a non-empty array" }] });
      for (const e of body.events) {
        if (e?.kind === "turn" && Array.isArray(e.messages) && e.messages.length) {
          trial.steps++;
          await trial.report.turn({ messages: e.messages, model: e.model ?? null, usage: e.usage ?? null, latency_ms: e.latency_ms ?? null });
        } else if (e?.kind === "preview" && Array.isArray(e.messages)) await trial.report.preview(e.messages);
      }
      return send(200, { accepted: body.events.length });
    }
    if (m[2] === "result") {
      trial.finish({ error: body?.error ?? null, output: body?.output ?? null });
      return send(200, { ended: true });
    }
    // exec
    if (typeof body?.command !== "string" || !body.command.trim()) return send(422, { errors: [{ field: "command", message: "must be a command" }] });
    const left = Math.floor((trial.deadlineMs - Date.now()) / 1000);
    if (left <= 0) return send(409, { error: "the agent's time is up" });
    const timeout = Math.max(1, Math.min(Number(body.timeout_s) || left, left));
    const r = await trial.env.exec({ command: body.command, cwd: typeof body.cwd === "string" ? body.cwd : trial.workdir, timeout_s: timeout });
    let output = r.output.toString("utf8");
    if (output.length > EXEC_OUTPUT_CHARS) output = `${output.slice(0, EXEC_OUTPUT_CHARS / 2)}\n[... ${output.length - EXEC_OUTPUT_CHARS} characters cut ...]\n${output.slice(-EXEC_OUTPUT_CHARS / 2)}`;
    log(`external agent command (exit ${r.exit_code}): ${body.command.slice(0, 80)}`);
    return send(200, { exit_code: r.exit_code, output, timed_out: r.timed_out, duration_ms: r.duration_ms });
  }

  return { drive, handle };
}
