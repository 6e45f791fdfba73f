// Records the Engine API exchanges of a few trials run by the environment
// runner's docker backend against a real engine, into
// environments/fixtures/engine/<scenario>.json, for the contract tests
// that replay them where no engine runs (environments/docker-contract.test.mjs).
//
//   DOCKER_HOST=unix:///run/podman/podman.sock [ASSAY_ENV_DOCKER_ULIMITS=...] node scripts/record-engine-exchanges.mjs
//
// The engine needs debian:bookworm-slim (pulled, or a local Debian root
// imported and tagged so). Each scenario's image is removed first, so its
// build is part of the recording. I/O: the engine, the fixture files.
import { writeFile, mkdir } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { dockerBackend } from "../environments/backends/docker.mjs";
import { contextDigest, tagName } from "../environments/backends/docker.mjs";
import { serialiseExchange } from "../environments/backends/engine-replay.mjs";
import { startEnvironmentRunner } from "../environments/server.mjs";
import { taskRows } from "../environments/tasks.mjs";
import { attemptFor, dispatch, startFakeAssay, unpullableTaskRow } from "../environments/test-support.mjs";
import { loadKit } from "../environments/trial.mjs";

const OUT = new URL("../environments/fixtures/engine/", import.meta.url);
const SECRET = randomBytes(24).toString("base64url");

const kit = await loadKit();
const rows = await taskRows();
const byName = (n) => rows.find((r) => r.name === n || r.name.endsWith(`/${n}`));
const scenarios = [
  { name: "oracle-hello-file", row: byName("hello-file"), params: { agent: "oracle" } },
  { name: "oracle-count-words", row: byName("count-words"), params: { agent: "oracle" } },
  { name: "build-fails", row: byName("broken-environment"), params: { agent: "oracle" } },
  { name: "pull-refused", row: await unpullableTaskRow(kit), params: { agent: "oracle" } },
];
await mkdir(OUT, { recursive: true });
const assay = await startFakeAssay();
for (const s of scenarios) {
  const exchanges = [];
  const backend = await dockerBackend({ recorder: (e) => exchanges.push(serialiseExchange(e)) });
  const task = await kit.harborTaskFromRow(s.row);
  const tag = `assay-env/${tagName(task.name)}:${contextDigest(kit.subtree(task.files, "environment")).slice(0, 16)}`;
  await backend.engine.request("DELETE", `/images/${encodeURIComponent(tag)}?force=true`);
  // The removal is this script's, not the trial's.
  exchanges.pop();
  const runner = await startEnvironmentRunner({ secret: SECRET, backend, concurrency: 1 });
  const { attempt, record } = attemptFor(assay, s.row, { params: s.params, timeoutS: 600 });
  const answer = await dispatch(runner.url, SECRET, attempt);
  if (answer.status !== 202) throw new Error(`${s.name}: the runner answered ${answer.status}`);
  const result = await record.done;
  await runner.idle();
  await runner.close();
  const file = new URL(`${s.name}.json`, OUT);
  await writeFile(file, `${JSON.stringify({ scenario: s.name, engine: backend.describe().engine, task: s.row.name, params: s.params, result: { reward: result.reward, error: result.error }, exchanges }, null, 1)}\n`);
  console.log(`${s.name}: reward ${result.reward}${result.error ? `, error: ${result.error}` : ""}; ${exchanges.length} exchanges → ${file.pathname}`);
}
await assay.close();
