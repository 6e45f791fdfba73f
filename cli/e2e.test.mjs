// Every command against the local stack (wrangler dev) and the fixture
// model, the CLI run as a child process: output, files written, exit codes.
import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import { parquetWriteBuffer } from "hyparquet-writer";
import { ROUTES } from "./client.mjs";
import { EXIT } from "./errors.mjs";
import { cli, cliHead, parseJunit, startLocal } from "./test-support.mjs";
import { importTs } from "../scripts/lib/import-ts.mjs";

/** `n` questions the fixture model answers by arithmetic, keyed q1..qn. */
function arithmeticRows(n, offset = 0) {
  return Array.from({ length: n }, (_, i) => {
    const a = 3 + ((i + offset) * 7) % 90;
    const b = 2 + ((i + offset) * 13) % 50;
    return { id: `q${i + 1 + offset}`, question: `What is ${a} + ${b}?`, answer: String(a + b) };
  });
}

const jsonl = (rows) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
/**
 * A fixture model name of a test's own: the fixture's right answers are a
 * hash of (model, prompt), so a fixed name gives the same rewards every time.
 */
const model = (name, knobs) => `fixture-${name}${knobs ? `:${knobs}` : ""}`;

describe("assay CLI against the local stack", { timeout: 170_000 }, () => {
  let local;
  let key;
  /** @type {Record<string, string>} */
  let env;
  let spec;
  let bench;
  /** A completed run with every reward 1. */
  let doneRun;
  /** submit --wait --json output of a run with mixed rewards. */
  let mixed;
  const run = (args, opts = {}) => cli(args, { ...opts, env: { ...env, ...opts.env } });
  /** Runs and parses --json output, asserting exit 0. */
  const runJson = async (args, opts) => {
    const r = await run([...args, "--json"], opts);
    assert.equal(r.code, EXIT.OK, `${args.join(" ")}: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const submit = (extra, benchmarks = [bench]) => run(["job", "submit", ...benchmarks, "--base-url", `${local.fixtureUrl}/v1`, ...extra]);

  before(async () => {
    local = await startLocal();
    key = await local.newProject("cli-e2e");
    env = { ASSAY_URL: local.url, ASSAY_API_KEY: key, XDG_CONFIG_HOME: join(local.dir, "xdg") };
    spec = await (await fetch(`${local.url}/api/openapi.json`)).json();
  });
  after(async () => {
    await local?.stop();
  });

  describe("the client's routes", () => {
    test("each route the client calls is in the served OpenAPI document, with its method and query parameters", async (t) => {
      for (const [name, r] of Object.entries(ROUTES)) {
        await t.test(`${name}: ${r.method.toUpperCase()} ${r.path}`, () => {
          const op = spec.paths[r.path]?.[r.method];
          assert.ok(op, `${r.method.toUpperCase()} ${r.path} is not in /api/openapi.json`);
          const documented = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
          for (const q of r.query ?? []) assert.ok(documented.includes(q), `query parameter ${q} of ${r.path} is not documented (has ${documented.join(", ")})`);
          const pathParams = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
          const documentedPath = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
          assert.deepEqual(documentedPath.sort(), pathParams.sort());
        });
      }
    });
  });

  describe("login", () => {
    test("a piped key is checked, then stored owner-only for this server", async () => {
      const noKey = { ASSAY_API_KEY: undefined };
      const r = await run(["login"], { env: noKey, input: `${key}\n` });
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.equal(r.stdout, `logged in to ${local.url} as project cli-e2e (${(await local.api("/api/project", key)).id})\n`);
      const file = join(env.XDG_CONFIG_HOME, "assay", "config.json");
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), { url: local.url, api_key: key });

      const who = await runJson(["whoami"], { env: noKey });
      assert.equal(who.project.name, "cli-e2e");
      assert.equal(who.key_from, "config");

      const wrong = await run(["login"], { env: noKey, input: "ak_not_a_real_key" });
      assert.equal(wrong.code, EXIT.API);
      assert.match(wrong.stderr, /^error: .* \(401 unauthorized\)\n$/);
      assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), { url: local.url, api_key: key }, "a refused key is not stored");

      const out = await run(["logout"], { env: noKey });
      assert.equal(out.code, EXIT.OK);
      assert.equal(existsSync(file), false);
      const after = await run(["whoami"], { env: noKey });
      assert.equal(after.code, EXIT.USAGE);
      assert.match(after.stderr, /no API key/);
    });
  });

  describe("datasets", () => {
    test("JSONL, CSV, Parquet and gzip files are read by their extension", async () => {
      const rows = arithmeticRows(12);
      const files = {
        "arith.jsonl": jsonl(rows),
        "arith.csv": "id,question,answer\n" + rows.map((r) => `${r.id},${r.question},${r.answer}`).join("\n") + "\n",
        "arith.jsonl.gz": gzipSync(jsonl(rows)),
        "arith.parquet": Buffer.from(
          parquetWriteBuffer({
            columnData: ["id", "question", "answer"].map((c) => ({ name: c, data: rows.map((r) => r[c]), type: "STRING" })),
          }),
        ),
      };
      for (const [name, content] of Object.entries(files)) {
        const file = join(local.dir, name);
        writeFileSync(file, content);
        const dsName = `arith-${name.replace(/\W/g, "-")}`;
        const rev = await runJson(["dataset", "push", dsName, file]);
        assert.deepEqual([rev.ref, rev.row_count, rev.format], [`${dsName}@1`, 12, name.split(".")[1]], name);
      }
      const again = await run(["dataset", "push", "arith-arith-jsonl", join(local.dir, "arith.jsonl")]);
      assert.equal(again.code, EXIT.OK);
      assert.match(again.stderr, /arith-arith-jsonl@1 already held the same rows/);

      const list = await run(["dataset", "list"]);
      assert.match(list.stdout, /^REF\s+ROWS\s+FORMAT/);
      assert.match(list.stdout, /arith-arith-parquet@1\s+12\s+parquet/);
      const show = await run(["dataset", "show", "arith-arith-csv@1"]);
      assert.match(show.stdout, /columns\s+id:string, question:string, answer:string/);
    });

    test("a large file shows upload progress on stderr, none on stdout", async () => {
      const file = join(local.dir, "big.jsonl");
      // About 2 MiB of rows.
      writeFileSync(file, jsonl(Array.from({ length: 6000 }, (_, i) => ({ id: `r${i}`, question: `What is ${i} + 1? ${"pad ".repeat(80)}`, answer: String(i + 1) }))));
      const r = await run(["dataset", "push", "big", file]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.match(r.stderr, /uploading big\.jsonl \[#+\] 2\.\d MiB \/ 2\.\d MiB 100%/);
      assert.doesNotMatch(r.stdout, /uploading/);
      assert.match(r.stdout, /rows\s+6000/);
    });

    test("a file the server refuses is one line naming the line at fault", async () => {
      const file = join(local.dir, "broken.jsonl");
      writeFileSync(file, '{"a": 1}\n{not json}\n');
      const r = await run(["dataset", "push", "broken", file]);
      assert.equal(r.code, EXIT.API);
      assert.equal(r.stderr.split("\n").filter(Boolean).length, 1, r.stderr);
      assert.match(r.stderr, /^error: .*2.*\(422 validation_failed\)\n$/);
    });
  });

  describe("benchmarks", () => {
    test("create from flags, list, show by name", async () => {
      const created = await runJson([
        "benchmark",
        "create",
        "arith",
        "--dataset",
        "arith-arith-jsonl@1",
        "--prompt-template",
        "Solve it and end with '#### <number>'.\n{question}",
        "--answer-column",
        "answer",
        "--scoring",
        "regex",
        "--pattern",
        "#### (-?[0-9.,]+)",
      ]);
      bench = created.id;
      assert.deepEqual([created.name, created.dataset, created.scoring, created.sample_size], ["arith", "arith-arith-jsonl@1", { type: "regex", pattern: "#### (-?[0-9.,]+)" }, 12]);
      const list = await run(["benchmark", "list"]);
      assert.match(list.stdout, new RegExp(`${bench}\\s+arith\\s+inline\\s+custom\\s+arith-arith-jsonl@1\\s+regex\\s+12\\s+custom`));
      const show = await run(["benchmark", "show", "arith"]);
      assert.match(show.stdout, new RegExp(`^id\\s+${bench}$`, "m"));
    });

    test("benchmark list | head -2: the reader's early close ends the CLI quietly with 0", async () => {
      const r = await cliHead(["benchmark", "list"], { lines: 2, env });
      assert.match(r.head, /^ID\s+NAME\s+/);
      assert.equal(r.head.split("\n").length, 3);
      assert.deepEqual({ code: r.code, signal: r.signal, stderr: r.stderr }, { code: EXIT.OK, signal: null, stderr: "" });
    });

    test("a refused definition names the field", async () => {
      const r = await run(["benchmark", "create", "bad", "--dataset", "arith-arith-jsonl@1", "--prompt-template", "{nope}", "--answer-column", "answer", "--scoring", "contains"]);
      assert.equal(r.code, EXIT.API);
      assert.match(r.stderr, /^error: prompt_template: .*\(422 validation_failed\)\n$/);
    });
  });

  describe("profiles", () => {
    test("a seed-style file: secrets sealed and never printed", async () => {
      const file = join(local.dir, "profile.json");
      writeFileSync(file, JSON.stringify({ name: "team/eval", version: "1", secret_params: ["MODEL_API_KEY"], spec: { params: { MODEL_NAME: "m", MODEL_API_KEY: "sk-planted-cli-secret" } } }));
      const r = await run(["profile", "create", "team/eval", "1", "--file", file]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.match(r.stdout, /^ref\s+team\/eval@1$/m);
      assert.match(r.stdout, /^secret params\s+MODEL_API_KEY$/m);
      const shown = await runJson(["profile", "show", "team/eval@1"]);
      assert.deepEqual([shown.params, shown.secret_params], [{ MODEL_NAME: "m" }, { MODEL_API_KEY: { set: true } }]);
      const list = await run(["profile", "list"]);
      assert.match(list.stdout, /team\/eval@1/);
      for (const out of [r.stdout, r.stderr, list.stdout, JSON.stringify(shown)]) assert.doesNotMatch(out, /sk-planted-cli-secret/);
      const again = await run(["profile", "create", "team/eval", "1", "--file", file]);
      assert.equal(again.code, EXIT.OK);
      assert.match(again.stderr, /already existed with the same content/);
    });
  });

  describe("jobs", () => {
    test("submit starts a run; watch follows it to the end; get, logs and result read it", async () => {
      const sub = await runJson(["job", "submit", "arith", "--model", model("done"), "--base-url", `${local.fixtureUrl}/v1`, "--attempts", "2", "--name", "cli smoke"]);
      assert.equal(sub.status, "queued");
      assert.equal(sub.display_name, "cli smoke");
      doneRun = sub.id;
      const w = await run(["job", "watch", doneRun]);
      assert.equal(w.code, EXIT.OK, w.stderr);
      assert.match(w.stdout, new RegExp(`^${doneRun} completed: 24/24 attempts done, 24 scored`));
      assert.match(w.stderr, new RegExp(`${doneRun} completed · \\[#{24}\\] 24/24 · succeeded 24 · scored 24`));
      // Fed by the live stream, not by polling.
      assert.doesNotMatch(w.stderr, /live stream not available/);

      const get = await run(["job", "get", doneRun]);
      assert.match(get.stdout, /^status\s+completed$/m);
      assert.match(get.stdout, /^progress\s+24\/24 attempts done, 24 scored, 0 in flight$/m);
      assert.match(get.stdout, /^target\s+fixture-\w+ \(openai, http:\/\/127\.0\.0\.1:\d+\/v1\)$/m);
      const logs = await run(["job", "logs", doneRun]);
      assert.match(logs.stdout, /finished run completed/);
      const list = await run(["job", "list", "--status", "completed"]);
      assert.match(list.stdout, new RegExp(`${doneRun}\\s+completed\\s+cli smoke`));
    });

    test("result: per benchmark, score with interval, pass, pass@k, pass^k and the coverage sentence", async () => {
      const r = await run(["job", "result", doneRun]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.match(r.stdout, new RegExp(`^arith \\(${bench}\\) · target: fixture-`, "m"));
      assert.match(r.stdout, /^ {2}score\s+100% \(.*n = 24\)$/m);
      assert.match(r.stdout, /^ {2}pass\s+100%/m);
      assert.match(r.stdout, /^ {2}pass@2\s+100%$/m);
      assert.match(r.stdout, /^ {2}pass\^2\s+100%$/m);
      assert.match(r.stdout, /^ {2}coverage\s+score 1, 24\/24 attempts scored, 12\/12 members complete$/m);
    });

    test("submit --wait with JUnit: exit 0 above the threshold; one test case per task, failures where a reward is below 1", async () => {
      const junit = join(local.dir, "mixed.xml");
      const r = await submit(["--model", model("mixed", "accuracy=0.6"), "--attempts", "2", "--wait", "--min-score", "0", "--junit", junit, "--json"]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.equal(out.checks.passed, true);
      assert.match(r.stderr, /checks passed: run completed, coverage complete, score at or above 0/);
      const samples = (await local.api(`/api/eval-runs/${out.run.id}/samples?limit=200`, key)).items;
      const byTask = Map.groupBy(samples, (s) => s.task_key);
      const failing = [...byTask.values()].filter((atts) => atts.some((a) => a.reward < 1)).length;
      assert.ok(failing > 0 && failing < 12, `accuracy 0.6 should fail some tasks, not all (${failing})`);
      const doc = parseJunit(readFileSync(junit, "utf8"));
      assert.equal(doc.testsuite.length, 1);
      const suite = doc.testsuite[0];
      assert.deepEqual([suite.name, suite.tests, suite.failures, suite.errors, suite.skipped], ["arith", "12", String(failing), "0", "0"]);
      assert.deepEqual(suite.testcase.map((c) => c.name).sort(), [...byTask.keys()].sort());
      assert.equal(suite.testcase.filter((c) => c.failure).length, failing);
      // Each case's time is its attempts' model latency, which the samples report.
      assert.ok(samples.every((s) => Number.isInteger(s.latency_ms)), "every ended sample has its latency");
      for (const c of suite.testcase) {
        const ms = byTask.get(c.name).reduce((t, s) => t + s.latency_ms, 0);
        assert.equal(c.time, (ms / 1000).toFixed(3), `time of ${c.name}`);
      }
      mixed = out;
    });

    test("--min-score and --strict: exit 1 below the score or below the interval's lower bound", async () => {
      const row = mixed.scores.scores[0];
      const [lo] = row.uncertainty.score_ci95;
      assert.ok(lo < row.score, `the interval has width (${lo} < ${row.score})`);
      const between = String((lo + row.score) / 2);
      const ok = await run(["job", "result", mixed.run.id, "--min-score", between]);
      assert.equal(ok.code, EXIT.OK, ok.stderr);
      const strict = await run(["job", "result", mixed.run.id, "--min-score", between, "--strict"]);
      assert.equal(strict.code, EXIT.CHECK_FAILED);
      assert.match(strict.stderr, /check failed: arith: interval lower bound .* is below .* \(score .*\)/);
      const above = await run(["job", "result", mixed.run.id, "--min-score", String(Math.min(1, row.score + 0.01))]);
      assert.equal(above.code, EXIT.CHECK_FAILED);
      assert.match(above.stderr, /check failed: arith: score .* is below/);
      const waitBelow = await submit(["--model", model("mixed", "accuracy=0.6"), "--wait", "--min-score", "0.99"]);
      assert.equal(waitBelow.code, EXIT.CHECK_FAILED, waitBelow.stderr);
      assert.match(waitBelow.stderr, /check failed: arith: score .* is below 99%/);
    });

    test("a stopped run fails the checks for coverage; resume runs the rest and watch returns when it ends", async () => {
      const sub = await runJson(["job", "submit", bench, "--model", model("slow", "latency_ms=150"), "--base-url", `${local.fixtureUrl}/v1`, "--concurrency", "1"]);
      // Stop once some attempts have landed, so the run is planned and partly scored.
      for (let i = 0; i < 200 && (await local.api(`/api/eval-runs/${sub.id}/progress`, key)).terminal_attempts < 2; i++) await new Promise((r) => setTimeout(r, 50));
      const stop = await run(["job", "stop", sub.id]);
      assert.equal(stop.code, EXIT.OK, stop.stderr);
      assert.equal(stop.stdout, `${sub.id} cancelled\n`);
      const res = await run(["job", "result", sub.id, "--min-score", "0"]);
      assert.equal(res.code, EXIT.CHECK_FAILED);
      assert.match(res.stderr, /check failed: the run is cancelled, not completed/);
      assert.match(res.stderr, /check failed: arith: coverage incomplete \(score .*, \d+\/12 attempts scored/);
      const resumed = await run(["job", "resume", sub.id]);
      assert.equal(resumed.code, EXIT.OK, resumed.stderr);
      assert.equal(resumed.stdout, `${sub.id} queued\n`);
      const w = await run(["job", "watch", sub.id]);
      assert.equal(w.code, EXIT.OK, w.stderr);
      const final = await run(["job", "result", sub.id, "--min-score", "0"]);
      assert.equal(final.code, EXIT.OK, final.stderr);
    });

    test("a run whose attempts all fail without a reward is failed with its reason: --wait exits 1", async () => {
      const r = await submit(["--model", model("refused", "status=401"), "--wait"]);
      assert.equal(r.code, EXIT.CHECK_FAILED, r.stderr);
      assert.match(r.stderr, /check failed: .*(coverage incomplete|the run is failed)/);
      assert.match(r.stdout, /: failed\n/);
      assert.match(r.stdout, /status\s+failed: 401 from the target: invalid API key \(12 of 12 attempts\)/);
      assert.match(r.stdout, /errors\s+http_401 × 12/);
      // The run's error names the benchmark as the reader called it; its id stays on the benchmarks line.
      const id = /submitted (run_\w+)/.exec(r.stderr)?.[1];
      assert.ok(id, r.stderr);
      const got = await run(["job", "get", id]);
      assert.equal(got.code, EXIT.OK, got.stderr);
      assert.match(got.stdout, /^error\s+arith: 401 from the target: invalid API key \(12 of 12 attempts\)$/m);
      assert.match(got.stdout, new RegExp(`^benchmarks\\s+arith \\(${bench}\\)$`, "m"));
      assert.doesNotMatch(got.stdout.split("\n").find((l) => l.startsWith("error")) ?? "", new RegExp(bench));
    });

    test("the same --request-id returns the same run and does not start it twice", async () => {
      const args = ["--model", model("replay"), "--request-id", `req-${Date.now()}`, "--sample-limit", "2"];
      const first = await submit([...args, "--json"]);
      const second = await submit([...args, "--json"]);
      assert.equal(first.code, EXIT.OK, first.stderr);
      assert.equal(second.code, EXIT.OK, second.stderr);
      assert.equal(JSON.parse(second.stdout).id, JSON.parse(first.stdout).id);
      assert.match(second.stderr, /matched run run_\w+ .*not creating another/);
    });

    test("--compare scores a second model on the same tasks and shows B − A", async () => {
      const r = await submit(["--model", model("weak", "accuracy=0.3"), "--compare", model("strong"), "--sample-limit", "6", "--wait"]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.match(r.stdout, /· target: fixture-.*accuracy=0\.3/);
      assert.match(r.stdout, /· compare target: fixture-/);
      assert.match(r.stdout, /^ {2}B − A\s+\+/m);
    });

    test("--profile targets an agent runner; --draft leaves the run unstarted; an unknown profile names the field", async () => {
      const draft = await runJson(["job", "submit", bench, "--profile", "team/eval@1", "--runner-url", "http://127.0.0.1:9/runner", "--draft"]);
      assert.equal(draft.status, "draft");
      assert.deepEqual(draft.target, { kind: "agent", runner_url: "http://127.0.0.1:9/runner", profile: "team/eval@1", params: {} });
      const unknown = await run(["job", "submit", bench, "--profile", "team/nope@1", "--runner-url", "http://127.0.0.1:9/runner", "--draft"]);
      assert.equal(unknown.code, EXIT.API);
      assert.equal(unknown.stderr, "error: target.profile: no such profile in this project (422 validation_failed)\n");
    });

    test("copy makes a draft that start runs; stopping a finished run is a 409 on one line", async () => {
      const copy = await run(["job", "copy", doneRun]);
      assert.equal(copy.code, EXIT.OK, copy.stderr);
      assert.match(copy.stdout, new RegExp(`^run_\\w+ draft \\(copy of ${doneRun}\\)\\n$`));
      const copyId = copy.stdout.split(" ")[0];
      const start = await run(["job", "start", copyId]);
      assert.equal(start.code, EXIT.OK, start.stderr);
      assert.equal(start.stdout, `${copyId} queued\n`);
      const again = await run(["job", "start", copyId]);
      assert.equal(again.code, EXIT.API);
      assert.match(again.stderr, /\(409 conflict\)\n$/);
      const w = await run(["job", "watch", copyId]);
      assert.equal(w.code, EXIT.OK, w.stderr);
      const stop = await run(["job", "stop", doneRun]);
      assert.equal(stop.code, EXIT.API);
      assert.match(stop.stderr, /^error: .*\(409 conflict\)\n$/);
    });

    test("rescore: a finished run's stored outputs scored with another regex, beside the source's score", async () => {
      // Only the first digit of '#### N': of the twelve answers only 5 (q1) has one digit.
      const file = join(local.dir, "first-digit.json");
      writeFileSync(file, JSON.stringify({ type: "regex", pattern: "#### (\\d)" }));
      const r = await run(["job", "rescore", doneRun, "--scoring-file", file, "--wait"]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.match(r.stdout, new RegExp(`^run_\\w+ completed \\(re-score of ${doneRun}\\)\n`));
      assert.match(r.stdout, /^arith \[a\]: 100%.* -> 8\.3%.*paired bootstrap/m);
      const id = r.stdout.split(" ")[0];
      const got = await runJson(["job", "get", id]);
      assert.deepEqual([got.source_run_id, got.recorded, got.rescore_scoring], [doneRun, true, { type: "regex", pattern: "#### (\\d)" }]);

      const bad = join(local.dir, "lookahead.json");
      writeFileSync(bad, JSON.stringify({ scoring: { type: "regex", pattern: "(?=x)" } }));
      const refused = await run(["job", "rescore", doneRun, "--scoring-file", bad]);
      assert.equal(refused.code, EXIT.API);
      assert.match(refused.stderr, /^error: scoring\.pattern: .*\(422 validation_failed\)\n$/);
      const noFile = await run(["job", "rescore", doneRun]);
      assert.equal(noFile.code, EXIT.USAGE);
      assert.match(noFile.stderr, /--scoring-file is required/);
    });

    test("problems are one line naming the field; unknown ids are 404", async () => {
      const big = await submit(["--model", "m", "--attempts", "1000"]);
      assert.equal(big.code, EXIT.API);
      assert.equal(big.stderr, "error: options.attempts: expected a number at most 100; got 1000 (422 validation_failed)\n");
      const missing = await run(["job", "get", "run_doesnotexist"]);
      assert.equal(missing.code, EXIT.API);
      assert.equal(missing.stderr, "error: no eval run run_doesnotexist (404 not_found)\n");
      const unknownBench = await submit(["--model", "m"], ["no-such-benchmark"]);
      assert.equal(unknownBench.code, EXIT.USAGE);
      assert.match(unknownBench.stderr, /no benchmark named 'no-such-benchmark'/);
    });

    test("export writes the Markdown and HTML reports", async () => {
      const md = join(local.dir, "report.md");
      const r = await run(["job", "export", doneRun, "--format", "md", "-o", md]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.match(readFileSync(md, "utf8"), /arith/);
      const html = await run(["job", "export", doneRun, "--format", "html"]);
      assert.equal(html.code, EXIT.OK, html.stderr);
      assert.match(html.stdout, /<html|<table|<h1/i);
      const wait = await submit(["--model", model("report"), "--sample-limit", "2", "--wait", "--md", md]);
      assert.equal(wait.code, EXIT.OK, wait.stderr);
      assert.match(wait.stderr, /wrote Markdown report/);
    });
  });

  describe("leaderboard and alerts", () => {
    test("submit a finished run to the leaderboard and read the boards", async () => {
      const id = doneRun;
      const sub = await run(["leaderboard", "submit", id]);
      assert.equal(sub.code, EXIT.OK, sub.stderr);
      assert.match(sub.stdout, /^BOARD\s+BENCHMARK\s+RANK\s+MODEL/);
      assert.match(sub.stdout, /^lb_\w+\s+arith\s+1\s/m, "the benchmark by its name");
      const board = await run(["leaderboard"]);
      assert.equal(board.code, EXIT.OK, board.stderr);
      assert.match(board.stdout, /^arith · 12 tasks · k = .* · 1 entry \(board lb_/m);
      assert.match(board.stdout, new RegExp(`^ {3}1\\s+fixture-\\w+\\s+100%\\s+\\d+\\s+0\\s.*${id}`, "m"));
      const again = await run(["leaderboard", "submit", id]);
      assert.match(again.stderr, /was submitted before/);
      const page = await runJson(["leaderboard", "--benchmark", bench]);
      assert.ok(page.items.length >= 1);
    });

    test("alerts list as a table and as JSON", async () => {
      const r = await run(["alerts", "--status", "open"]);
      assert.equal(r.code, EXIT.OK, r.stderr);
      assert.match(r.stdout, /^ID\s+STATE\s+BENCHMARK/);
      const page = await runJson(["alerts"]);
      assert.ok(Array.isArray(page.items));
      const bad = await run(["alerts", "ack", "alert_nope"]);
      assert.equal(bad.code, EXIT.API);
      assert.match(bad.stderr, /\(404 not_found\)\n$/);
    });
  });

  describe("import", () => {
    test("promptfoo, Inspect and lm-eval files become outputs runs, the source's score printed beside Assay's", async () => {
      const mini = await importTs(new URL("../test/mini-imports.ts", import.meta.url).href);
      const write = (name, bytes) => {
        const f = join(local.dir, name);
        writeFileSync(f, bytes);
        return f;
      };
      const pf = await run(["import", "promptfoo", write("results.json", mini.miniPromptfoo())]);
      assert.equal(pf.code, EXIT.OK, pf.stderr);
      assert.match(pf.stdout, /^imported results\.json \(promptfoo 0\.118\.10; mini capitals, openai:gpt-a, openai:gpt-b\): 6 tasks, 6 outputs -> run run_\w+\n/);
      assert.match(pf.stdout, /^pass\s+contains\s+66\.7%\s+66\.7%\s+Assay contains\s+equal$/m);

      const ins = await run(["import", "inspect", write("mini.eval", await mini.miniInspectEval()), "--name", "yes-no"]);
      assert.equal(ins.code, EXIT.OK, ins.stderr);
      assert.match(ins.stdout, /^match\s+match\s+75(\.0)?%\s+75(\.0)?%\s+Assay exact_match\s+equal$/m);

      const samples = write(mini.LM_EVAL_SAMPLES_NAME, mini.miniLmEvalSamples());
      const results = write("results_2026-12-01T10-00-00.123456.json", mini.miniLmEvalResults());
      const lm = await runJson(["import", "lm-eval", samples, "--results", results]);
      assert.equal(lm.status, "completed");
      assert.deepEqual(
        lm.import.benchmarks.map((b) => [b.score, b.source_score, lm.scores.find((s) => s.benchmark_id === b.id).score]),
        [
          ["exact_match,strict-match", 0.5, 0.5],
          ["exact_match,flexible-extract", 0.75, 0.75],
        ],
      );

      const bad = await run(["import", "inspect", write("broken.eval", "PK\u0003\u0004nope")]);
      assert.equal(bad.code, EXIT.API);
      assert.match(bad.stderr, /^error: file: .*central directory.*\(422 validation_failed\)\n$/);
    });
  });

  describe("network", () => {
    test("an unreachable server is exit 4 with one line", async () => {
      const r = await run(["job", "list"], { env: { ASSAY_URL: "http://127.0.0.1:9" } });
      assert.equal(r.code, EXIT.NETWORK);
      assert.match(r.stderr, /^error: cannot reach http:\/\/127\.0\.0\.1:9 \(.+\); is the server running\?/);
    });
  });
});
