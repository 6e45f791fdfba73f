// A crash from outside: the local stack (wrangler dev, its own state folder
// and free port) is SIGKILLed as a whole process group mid-run, then
// started again on the same state. The run, whose queued attempts died with
// the first stack, must complete by itself (the start-up cron pass recovers
// it, no user action), with every attempt recorded exactly once. Starts
// processes and writes a temp folder.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { startFixtureModel } from "../fixture/model-server.mjs";
import { freePort, startCronTicker, startStack } from "../scripts/lib/stack.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TOKEN = "crash-test-bootstrap-token";
const TASKS = 40;
const CONCURRENCY = 2;
/** How long the restarted stack may take to finish the run by itself (its first cron pass runs as it starts). */
const RECOVERY_BUDGET_MS = 90_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dir = mkdtempSync(join(tmpdir(), "assay-crash-"));
/** @type {{ stop: () => Promise<void>, child: import("node:child_process").ChildProcess } | null} */
let stack = null;
let stopCron = () => {};
let fixture = null;

after(async () => {
  stopCron();
  if (stack?.child.exitCode === null) killGroup(stack.child);
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** SIGKILL to the stack's whole process group (wrangler and its workerd), as a crash would. */
function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

async function api(url, method, path, key, body, type = "application/json") {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": type }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await r.text();
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

test("a run survives a SIGKILL of the local stack and completes by itself after a restart, every attempt once", { timeout: 600_000 }, async (t) => {
  process.chdir(ROOT);
  process.env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`;
  const port = await freePort();
  const stateDir = join(dir, "state");
  const start = async (n) => {
    stack = await startStack({ port, stateDir, bootstrapToken: TOKEN, quiet: true, logFile: join(dir, `wrangler-${n}.log`), detached: true });
    stopCron = startCronTicker(stack.url);
    return stack.url;
  };
  fixture = await startFixtureModel();
  let url = await start(1);

  const created = await api(url, "POST", "/api/projects", TOKEN, { name: "crash" });
  const key = created.api_key;
  const rows = Array.from({ length: TASKS }, (_, i) => ({ id: `q${i + 1}`, question: `What is ${3 + i * 7} + ${2 + i * 13}?`, answer: String(5 + i * 20) }));
  const ds = await api(url, "POST", "/api/datasets/crash-math/revisions", key, rows.map((r) => JSON.stringify(r)).join("\n") + "\n", "application/x-ndjson");
  const bm = await api(url, "POST", "/api/benchmarks", key, {
    name: "crash-math",
    dataset: ds.ref,
    prompt_template: "Solve it and end with '#### <number>'.\n{question}",
    answer_column: "answer",
    scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
  });
  const model = "fixture-crash:latency_ms=800,accuracy=1";
  const run = await api(url, "POST", "/api/eval-runs", key, {
    benchmarks: [bm.id],
    target: { kind: "model", provider: "openai", base_url: `${fixture.url}/v1`, model, api_key: "sk-crash-test" },
    options: { concurrency: CONCURRENCY, timeout_s: 30 },
  });
  await api(url, "POST", `/api/eval-runs/${run.id}/start`, key, {});

  // Mid-run: some attempts ended, calls in flight, the rest waiting in the in-memory queue.
  let endedBeforeCrash = 0;
  for (let p; ; await sleep(100)) {
    p = await api(url, "GET", `/api/eval-runs/${run.id}/progress`, key);
    endedBeforeCrash = p.terminal_attempts;
    if (p.terminal_attempts >= 4) break;
  }
  stopCron();
  killGroup(stack.child);
  await new Promise((r) => (stack.child.exitCode !== null || stack.child.signalCode !== null ? r() : stack.child.once("exit", r)));
  const atCrash = (await fixture.stats(model)).calls;
  assert.ok(endedBeforeCrash < TASKS, `the crash came mid-run (${endedBeforeCrash} of ${TASKS} attempts had ended)`);

  // The same state, a new stack; no user action.
  url = await start(2);
  const restartedAt = Date.now();
  let p;
  while (Date.now() - restartedAt < RECOVERY_BUDGET_MS) {
    p = await api(url, "GET", `/api/eval-runs/${run.id}/progress`, key);
    if (["completed", "failed", "cancelled"].includes(p.status)) break;
    await sleep(250);
  }
  assert.equal(p.status, "completed", `the run did not complete by itself within ${RECOVERY_BUDGET_MS / 1000} s of the restart: ${JSON.stringify(p)}`);
  t.diagnostic(`the run completed ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restarted stack answered`);
  assert.equal(p.terminal_attempts, TASKS);
  assert.equal(p.scored_attempts, TASKS);

  // Every attempt exactly once: one sample per task, each scored once with its one try.
  const samples = await api(url, "GET", `/api/eval-runs/${run.id}/samples?limit=200`, key);
  const keys = samples.items.map((s) => s.task_key ?? s.member_key);
  assert.equal(keys.length, TASKS);
  assert.equal(new Set(keys).size, TASKS);
  assert.ok(samples.items.every((s) => s.reward === 1), JSON.stringify(samples.items.filter((s) => s.reward !== 1)));
  // After the restart only attempts without a row ran, each once: at most the TASKS − endedBeforeCrash that had none
  // (their calls in flight or results not yet written died with the stack).
  const calls = (await fixture.stats(model)).calls;
  assert.ok(calls >= TASKS && calls - atCrash <= TASKS - endedBeforeCrash, `${calls} model calls for ${TASKS} tasks (${atCrash} before the crash, ${endedBeforeCrash} ended)`);
  const logs = await api(url, "GET", `/api/eval-runs/${run.id}/logs?limit=1000`, key);
  assert.ok(JSON.stringify(logs).includes("the stack restarted"), "the run's log says it was recovered");
  stopCron();
  await stack.stop();
});
