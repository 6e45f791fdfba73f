// `npm start`: the whole local Assay stack on http://127.0.0.1:8787 (PORT):
// D1 migrated, R2, Queues, Durable Objects and cron, plus the fixture model
// on loopback, then a real evaluation end to end (ASSAY_DEMO=0 skips it).
// It runs until Ctrl-C; state lives in .assay/ and survives restarts.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { answerKeyFiles } from "../fixture/answer-keys.mjs";
import { builtinKeyRows } from "../fixture/builtin-keys.mjs";
import { startFixtureModel } from "../fixture/model-server.mjs";
import { serveDatasets } from "./lib/datasets-server.mjs";
import { fixtureListenError, fixturePort } from "./lib/fixture-port.mjs";
import { demoQuestions } from "./lib/demo-data.mjs";
import { runDemo } from "./lib/demo.mjs";
import { startLocalSandbox } from "./lib/sandbox.mjs";
import { startLocalEnvironments } from "./lib/environments.mjs";
import { taskRows } from "../environments/tasks.mjs";
import { assertPortFree, ConfigError, startCronTicker, startStack } from "./lib/stack.mjs";

const port = Number(process.env.PORT || 8787);
const stateDir = process.env.ASSAY_STATE_DIR || ".assay";
// A busy or malformed PORT stops the start here, named, before anything is started or printed.
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number from 1 to 65535, got '${process.env.PORT}'`);
  process.exit(1);
}
await assertPortFree(port, "PORT").catch((err) => {
  console.error(err instanceof ConfigError ? `npm start: ${err.message}` : err);
  process.exit(1);
});
const questions = demoQuestions(50);

// The fixture model knows the demo's answers and, when ../shared has them, the built-in benchmarks' answer keys.
const SHARED = join(process.env.ASSAY_SHARED_DIR || join("..", "shared"), "datasets");
const answers = [...(questions.answerFile ? [] : questions.rows), ...(existsSync(SHARED) ? [...answerKeyFiles(SHARED), ...(await builtinKeyRows(SHARED))] : [])];
// A fixed port (ASSAY_FIXTURE_PORT), so targets saved against the fixture still reach it after a restart.
const wanted = fixturePort(process.env.ASSAY_FIXTURE_PORT);
if ("error" in wanted) {
  console.error(wanted.error);
  process.exit(1);
}
const fixture = await startFixtureModel({ host: "127.0.0.1", port: wanted.port, answers }).catch((err) => {
  console.error(fixtureListenError(wanted.port, err));
  process.exit(1);
});
// Built-in benchmarks load their pinned files from ../shared/datasets when this machine has it, else from upstream.
const mirror = existsSync(SHARED) ? await serveDatasets(SHARED) : null;
// Code benchmarks (HumanEval, MBPP) execute their programs in the sandbox, its own process on loopback.
const sandbox = await startLocalSandbox({ stateDir }).catch(async (err) => {
  // ASSAY_SANDBOX_ISOLATION asked for something this machine cannot give (or is misspelt): say so and stop.
  console.error(`npm start: ${err instanceof Error ? err.message : err}`);
  await Promise.allSettled([fixture.close(), mirror?.close()]);
  process.exit(1);
});
// Agent benchmarks in task environments (Terminal-Bench, SWE-bench) run on the environment runner, its own process on loopback.
const environments = await startLocalEnvironments({ stateDir }).catch(async (err) => {
  // ASSAY_ENV_BACKEND asked for a backend this machine cannot run: say so and stop.
  console.error(`npm start: environment runner: ${err instanceof Error ? err.message : err}`);
  await Promise.allSettled([fixture.close(), mirror?.close(), sandbox.sandbox?.close()]);
  process.exit(1);
});
const extraVars = { ...(mirror ? { ASSAY_DATASET_BASE_URL: mirror.url } : {}), ...sandbox.vars, ...environments.vars };
const stack = await startStack({ port, stateDir, bootstrapToken: process.env.ASSAY_BOOTSTRAP_TOKEN, extraVars, quiet: true, logFile: `${stateDir}/wrangler.log` }).catch(
  async (err) => {
    // A wrong variable is named with its rule, at once; anything else keeps its stack trace.
    console.error(err instanceof ConfigError ? `npm start: ${err.message}` : err);
    await Promise.allSettled([fixture.close(), mirror?.close(), sandbox.sandbox?.close(), environments.runner?.close()]);
    process.exit(1);
  },
);
const stopCron = startCronTicker(stack.url);

console.log(`
Assay is running at ${stack.url}
  API docs:       ${stack.url}/api/docs
  OpenAPI:        ${stack.url}/api/openapi.json
  Datasets:       ${mirror ? `built-in benchmarks load from ${SHARED} (served at ${mirror.url})` : "built-in benchmarks load from their pinned upstream sources"}
  Fixture model:  ${fixture.url}/v1 (OpenAI-compatible) and ${fixture.url} (Anthropic); a test stand-in, not a real model
  Code sandbox:   ${sandbox.note}
  Environments:   ${environments.note}
  Worker log:     ${stateDir}/wrangler.log

Create a project and get its admin API key (shown once):
  curl -s -X POST ${stack.url}/api/projects \\
    -H "Authorization: Bearer ${stack.bootstrapToken}" \\
    -H "content-type: application/json" -d '{"name": "my-team"}'

The bootstrap token is ${process.env.ASSAY_BOOTSTRAP_TOKEN ? "the ASSAY_BOOTSTRAP_TOKEN you set" : `kept in ${stateDir}/bootstrap-token`}.
`);

if (environments.runner) {
  // The fixture model learns the shipped tasks' solutions (their solve.sh), so it can act as an agent on them.
  void taskRows()
    .then((rows) => fetch(`${fixture.url}/_answers`, { method: "POST", body: JSON.stringify(rows) }))
    .catch(() => {});
  console.log(`The Harbor tasks Assay ships run on it (the fixture model acting as a bash agent):
  assay benchmark tasks assay-tasks environments/tasks
  assay eval run <its bm_ id> -m fixture-bash --base-url ${fixture.url}/v1
`);
}

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  stopCron();
  await stack.stop();
  await fixture.close();
  await mirror?.close();
  await sandbox.sandbox?.close();
  await environments.runner?.close();
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
stack.child.on("exit", (code) => {
  if (!stopping) {
    console.error(`wrangler dev exited (${code}); see ${stateDir}/wrangler.log`);
    void shutdown(1);
  }
});

if (process.env.ASSAY_DEMO !== "0") {
  try {
    await runDemo({ url: stack.url, bootstrapToken: stack.bootstrapToken, stateDir, fixture, questions });
  } catch (err) {
    console.error(`The demo evaluation failed: ${err instanceof Error ? err.message : err}`);
  }
}
console.log("\nThe stack stays up; press Ctrl-C to stop.");
