// `assay eval run`: the TOML config checked key by key (unknown keys name their line), sources mapped
// onto one run's per-benchmark options, and the command against the local stack: a multi-source
// file runs and gates, the same name continues the run (nothing left is a success), --clean starts
// over, --dry-run starts nothing, and the shipped examples parse, plan and run: examples/smoke.toml
// runs, continues with nothing left (exit 0) and gates a CI job (a missed threshold exits non-zero, as
// `job submit --wait` does); examples/ab.toml runs both models. With ../shared the examples run as shipped
// on the real GSM8K and MMLU files; without it, on two small custom benchmarks put in their place.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { answerKeyFiles } from "../fixture/answer-keys.mjs";
import { serveDatasets } from "../scripts/lib/datasets-server.mjs";
import { EXIT } from "./errors.mjs";
import { keyLines, parseEvalConfig, runOptionsFor, withFlags } from "./eval-config.mjs";
import { budgetOf, targetsOf } from "./commands/job.mjs";
import { cli, REPO, startLocal } from "./test-support.mjs";

const FILE = `name = "nightly"
attempts = 2

[client]
model = "m"

[select]
shuffle = true
limit = 10

[[source]]
benchmark = "a"

[[source]]
benchmark = "b"
attempts = 3

[source.select]
limit = 4

[source.sampling]
temperature = 0.5
`;

describe("eval config", () => {
  test("a source's values override the top-level defaults field by field, as per-benchmark options", () => {
    const c = parseEvalConfig(FILE, "eval.toml");
    assert.deepEqual(runOptionsFor(c, ["bm_a", "bm_b"]), {
      attempts: 2,
      select: { shuffle: true, limit: 10 },
      per_benchmark: { bm_b: { attempts: 3, select: { limit: 4 }, temperature: 0.5 } },
    });
  });

  test("an unknown key is an error naming its line", () => {
    const bad = FILE.replace("limit = 4", "limt = 4");
    assert.throws(() => parseEvalConfig(bad, "eval.toml"), /^Error: eval\.toml:19: source\[1\]\.select\.limt: unknown key/);
    assert.throws(() => parseEvalConfig('atempts = 1\n[[source]]\nbenchmark = "a"\n', "x.toml"), /x\.toml:1: atempts: unknown key/);
    assert.throws(() => parseEvalConfig('[client]\nmodel = 3\n[[source]]\nbenchmark = "a"\n', "x.toml"), /x\.toml:2: client\.model: expected a string/);
  });

  test("malformed TOML, no source and a repeated benchmark are errors with a place", () => {
    assert.throws(() => parseEvalConfig("name = \n", "x.toml"), /^Error: x\.toml:1: /);
    assert.throws(() => parseEvalConfig('name = "n"\n', "x.toml"), /no \[\[source\]\] block/);
    assert.throws(() => parseEvalConfig('[[source]]\nbenchmark = "a"\n[[source]]\nbenchmark = "a"\n', "x.toml"), /x\.toml:4: source\[1\]\.benchmark: a is already a source/);
  });

  test("keyLines follows table and array headers", () => {
    const lines = keyLines(FILE);
    assert.equal(lines.get("client.model"), 5);
    assert.equal(lines.get("source[1].attempts"), 16);
    assert.equal(lines.get("source[1].sampling.temperature"), 22);
  });

  test("shorthands make one source and pin the concurrency", () => {
    const c = withFlags(null, { benchmark: "gsm8k", model: "m", limit: 50, attempts: 3, concurrency: 8, shuffle: true });
    assert.deepEqual(c.source, [{ benchmark: "gsm8k" }]);
    assert.deepEqual(runOptionsFor(c, ["bm_gsm8k"]), { attempts: 3, select: { limit: 50, shuffle: true }, concurrency: 8 });
  });

  test("--cache and a file's cache = become options.cache", () => {
    const c = withFlags(null, { benchmark: "gsm8k", model: "m", cache: "read_only" });
    assert.deepEqual(runOptionsFor(c, ["bm_gsm8k"]), { cache: "read_only" });
    const file = parseEvalConfig('cache = "read_write"\n[client]\nmodel = "m"\n[[source]]\nbenchmark = "gsm8k"\n', "e.toml");
    assert.deepEqual(runOptionsFor(file, ["bm_gsm8k"]), { cache: "read_write" });
  });

  test("--mc-mode and mc_mode = (run-wide or per source) become options.mc_mode", () => {
    const c = withFlags(null, { benchmark: "hellaswag", model: "m", mcMode: "loglikelihood" });
    assert.deepEqual(runOptionsFor(c, ["bm_hellaswag"]), { mc_mode: "loglikelihood" });
    const file = parseEvalConfig('mc_mode = "loglikelihood"\n[client]\nmodel = "m"\n[[source]]\nbenchmark = "hellaswag"\n[[source]]\nbenchmark = "gsm8k"\nmc_mode = "generate"\n', "e.toml");
    assert.deepEqual(runOptionsFor(file, ["bm_hellaswag", "bm_gsm8k"]), { mc_mode: "loglikelihood", per_benchmark: { bm_gsm8k: { mc_mode: "generate" } } });
  });

  test("--budget-usd and the token limits (flags over a [budget] table) become options.budget; --price and [client] price the target", () => {
    const flags = budgetOf({ "budget-usd": "2.5", "budget-output-tokens": "50000" });
    assert.deepEqual(flags, { max_cost_usd: 2.5, max_output_tokens: 50000 });
    assert.equal(budgetOf({}), undefined);
    assert.throws(() => budgetOf({ "budget-input-tokens": "1e3" }), /--budget-input-tokens must be a whole number/);
    const c = withFlags(null, { benchmark: "gsm8k", model: "m", budget: flags });
    assert.deepEqual(runOptionsFor(c, ["bm_gsm8k"]), { budget: { max_cost_usd: 2.5, max_output_tokens: 50000 } });
    const file = parseEvalConfig('[budget]\nmax_cost_usd = 1\nmax_input_tokens = 100000\n[client]\nmodel = "m"\nprice = { input_per_mtok = 2.5, output_per_mtok = 10 }\n[[source]]\nbenchmark = "gsm8k"\n', "b.toml");
    assert.deepEqual(runOptionsFor(withFlags(file, { budget: { max_cost_usd: 3 } }), ["bm_gsm8k"]), { budget: { max_cost_usd: 3, max_input_tokens: 100000 } });
    assert.deepEqual(file.client.price, { input_per_mtok: 2.5, output_per_mtok: 10 });
    assert.deepEqual(targetsOf({ model: "m", price: file.client.price }, {}).target.price, { input_per_mtok: 2.5, output_per_mtok: 10 });
    assert.deepEqual(targetsOf({ model: "m", price: "0.15,0.6" }, {}).target.price, { input_per_mtok: 0.15, output_per_mtok: 0.6 });
    assert.throws(() => targetsOf({ model: "m", price: "3" }, {}), /--price takes IN,OUT/);
    assert.throws(() => parseEvalConfig('[budget]\nmax_usd = 1\n[[source]]\nbenchmark = "x"\n', "b.toml"), /b\.toml:2: budget\.max_usd: unknown key/);
  });

  test("the shipped examples parse", () => {
    for (const f of ["smoke.toml", "ab.toml"]) parseEvalConfig(readFileSync(join(REPO, "examples", f), "utf8"), f);
  });
});

/** ../shared/datasets (ASSAY_SHARED_DIR moves or hides it), or null on a clone without it. */
function sharedDatasets() {
  const d = join(process.env.ASSAY_SHARED_DIR || join(REPO, "..", "shared"), "datasets");
  return existsSync(d) ? d : null;
}

describe("assay eval run against the local stack", { timeout: 240_000 }, () => {
  let local;
  /** ../shared/datasets served to the stack, so GSM8K and MMLU load their pinned files as under `npm start`. */
  let mirror = null;
  let env;
  let dir;
  const ids = {};
  const run = (args) => cli(["eval", "run", ...args], { env, timeoutMs: 120_000 });

  before(async () => {
    const shared = sharedDatasets();
    mirror = shared ? await serveDatasets(shared) : null;
    local = await startLocal({
      vars: mirror ? { ASSAY_DATASET_BASE_URL: mirror.url } : {},
      // The fixture answers GSM8K and MMLU questions right or wrong at the model's accuracy.
      answers: shared ? answerKeyFiles(shared).filter((f) => /[/\\](gsm8k|mmlu)[/\\]/.test(f)) : undefined,
    });
    const key = await local.newProject("cli-eval");
    env = { ASSAY_URL: local.url, ASSAY_API_KEY: key, XDG_CONFIG_HOME: join(local.dir, "xdg") };
    dir = mkdtempSync(join(tmpdir(), "assay-eval-"));
    for (const [name, offset] of [["sum-a", 0], ["sum-b", 40]]) {
      const rows = Array.from({ length: 8 }, (_, i) => ({ id: `q${i + offset}`, question: `What is ${i + offset} + ${2 * i + 1}?`, answer: String(3 * i + offset + 1) }));
      const up = await fetch(`${local.url}/api/datasets/${name}/revisions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/x-ndjson" },
        body: rows.map((r) => JSON.stringify(r)).join("\n"),
      });
      assert.ok(up.ok, await up.text());
      const bm = await fetch(`${local.url}/api/benchmarks`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ name, dataset: `${name}@1`, prompt_column: "question", answer_column: "answer", scoring: { type: "contains" } }),
      });
      const created = await bm.json();
      assert.equal(bm.status, 201, JSON.stringify(created));
      ids[name] = created.id;
    }
    const toml = `name = "nightly"
[client]
base_url = "${local.fixtureUrl}/v1"
model = "fixture:accuracy=1,seed=5"
[select]
limit = 5
[concurrency]
max_inflight = 4
[[source]]
benchmark = "sum-a"
[[source]]
benchmark = "sum-b"
attempts = 2
[source.select]
limit = 3
`;
    writeFileSync(join(dir, "nightly.toml"), toml);
  });
  after(async () => {
    await local?.stop();
    await mirror?.close();
  });

  test("a multi-source file runs as one run with each source's own values, and gates", async () => {
    const r = await run([join(dir, "nightly.toml"), "--min-score", "0.9", "--json"]);
    assert.equal(r.code, EXIT.OK, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.run.display_name, "nightly");
    assert.equal(out.run.status, "completed");
    const row = (id) => out.scores.scores.find((s) => s.benchmark_id === id);
    assert.deepEqual([row(ids["sum-a"]).k, row(ids["sum-a"]).member_count], [1, 5]);
    assert.deepEqual([row(ids["sum-b"]).k, row(ids["sum-b"]).member_count], [2, 3]);
    assert.equal(out.checks.passed, true);
    assert.equal(out.run.options.concurrency, 4);
  });

  test("the same name again continues the run: with nothing left it says so and succeeds", async () => {
    const r = await run([join(dir, "nightly.toml"), "--resume"]);
    assert.equal(r.code, EXIT.OK, r.stderr);
    assert.match(r.stderr, /has a reward for every attempt: nothing left to run/);
    const gate = await run([join(dir, "nightly.toml"), "--min-score", "1.5"]);
    assert.equal(gate.code, EXIT.CHECK_FAILED, gate.stderr);
  });

  test("--clean starts over; --dry-run plans without starting anything", async () => {
    const before = (await local.api("/api/eval-runs?limit=200", env.ASSAY_API_KEY)).items.length;
    const plan = await run([join(dir, "nightly.toml"), "--dry-run", "--json"]);
    assert.equal(plan.code, EXIT.OK, plan.stderr);
    const p = JSON.parse(plan.stdout);
    assert.deepEqual(p.plan.map((s) => [s.tasks, s.attempts, s.total]), [[5, 1, 5], [3, 2, 6]]);
    assert.ok(p.est_tokens > 0);
    // The server's estimate (POST /api/eval-runs/estimate): output at max_output_tokens (1024) per call, input from the rendered prompts.
    assert.deepEqual(p.plan.map((s) => s.output_tokens), [5 * 1024, 6 * 1024]);
    assert.equal(p.est_tokens, p.estimate.total.input_tokens + p.estimate.total.output_tokens);
    assert.ok(p.plan.every((s) => s.input_tokens > 0));
    assert.equal((await local.api("/api/eval-runs?limit=200", env.ASSAY_API_KEY)).items.length, before, "a dry run starts nothing");
    const clean = await run([join(dir, "nightly.toml"), "--clean", "--json"]);
    assert.equal(clean.code, EXIT.OK, clean.stderr);
    assert.equal((await local.api("/api/eval-runs?limit=200", env.ASSAY_API_KEY)).items.length, before + 1);
  });

  test("--budget-output-tokens stops the run as budget_exhausted: the check fails and says why", async () => {
    // Each call reserves its max_output_tokens (here the shorthand's default, 1024): a 1,030-token budget admits a first call and, its reply being a few tokens, at most a second.
    const r = await run(["sum-a", "-m", "fixture:accuracy=1", "--base-url", `${local.fixtureUrl}/v1`, "-c", "1", "--budget-output-tokens", "1030", "--json"]);
    assert.equal(r.code, EXIT.CHECK_FAILED, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.run.status, "cancelled");
    assert.equal(out.run.stop_reason, "budget_exhausted");
    assert.deepEqual(out.run.options.budget, { max_output_tokens: 1030 });
    assert.equal(out.run.budget_report.exhausted_by, "max_output_tokens");
    const counts = out.scores.scores[0].score_counts;
    assert.ok(counts.scored >= 1 && counts.scored < 8, JSON.stringify(counts));
    assert.equal(counts.missing, counts.total - counts.scored);
    const text = await run(["sum-a", "-m", "fixture:accuracy=1", "--base-url", `${local.fixtureUrl}/v1`, "-c", "1", "--budget-output-tokens", "1030"]);
    assert.match(text.stdout, /budget exhausted \(max_output_tokens\): spent \d+ output tokens of 1,030; attempts not sent count as missing/);
  });

  test("shorthands run one benchmark; a bad file is a usage error naming the line", async () => {
    const r = await run(["sum-a", "-m", "fixture:accuracy=1", "--base-url", `${local.fixtureUrl}/v1`, "-n", "2", "-r", "2", "-c", "2", "--json"]);
    assert.equal(r.code, EXIT.OK, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual([out.scores.scores[0].k, out.scores.scores[0].member_count], [2, 2]);
    writeFileSync(join(dir, "bad.toml"), '[[source]]\nbenchmark = "sum-a"\nattempt = 2\n');
    const bad = await run([join(dir, "bad.toml"), "-m", "x"]);
    assert.equal(bad.code, EXIT.USAGE);
    assert.match(bad.stderr, /bad\.toml:3: source\[0\]\.attempt: unknown key/);
  });

  test("--name names a shorthand run and continues it; --resume without a name is a usage error", async () => {
    const args = ["sum-b", "-m", "fixture:accuracy=1", "--base-url", `${local.fixtureUrl}/v1`, "-n", "2", "--name", "quick-b"];
    const first = await run([...args, "--json"]);
    assert.equal(first.code, EXIT.OK, first.stderr);
    const made = JSON.parse(first.stdout).run;
    assert.equal(made.display_name, "quick-b");
    const again = await run(args);
    assert.equal(again.code, EXIT.OK, again.stderr);
    assert.match(again.stderr, new RegExp(`${made.id} \\(quick-b\\) has a reward for every attempt: nothing left to run`));
    const named = (await local.api(`/api/eval-runs?limit=200&benchmark_id=${ids["sum-b"]}`, env.ASSAY_API_KEY)).items.filter((r) => r.display_name === "quick-b");
    assert.deepEqual(named.map((r) => r.id), [made.id]);
    const unnamed = await run(["sum-b", "-m", "fixture:accuracy=1", "--resume"]);
    assert.equal(unnamed.code, EXIT.USAGE);
    assert.match(unnamed.stderr, /--resume needs the run's name/);
  });

  test("the shipped examples plan against the stack", async () => {
    for (const f of ["smoke.toml", "ab.toml"]) {
      const r = await run([join(REPO, "examples", f), "--dry-run"]);
      assert.match(r.stdout, /bm_gsm8k/);
      // The plan counts GSM8K's tasks, so it needs the pinned file: served from ../shared, or fetched
      // upstream. A clone without ../shared on a machine without the network (CI) gets the reason
      // and the fix, per benchmark, instead of a plan.
      if (mirror || r.code === EXIT.OK) assert.equal(r.code, EXIT.OK, `${f}: ${r.stderr}`);
      else assert.match(r.stdout + r.stderr, /bm_gsm8k cannot run: could not fetch https:\/\/raw\.githubusercontent\.com\/\S+ \(.*\)\. The network may be unreachable; set ASSAY_DATASET_BASE_URL to a mirror/);
    }
  });

  /**
   * A shipped example as the test runs it: as is when the stack can load the built-ins' data, else with
   * its built-in benchmarks swapped for two small custom ones of the same shape (GSM8K-like sums; an
   * MMLU-like set whose subject column carries the subsets the file selects).
   */
  let stand = null;
  const example = async (name) => {
    const text = readFileSync(join(REPO, "examples", name), "utf8");
    if (mirror) return join(REPO, "examples", name);
    stand ??= {
      bm_gsm8k: await customBenchmark("smoke-sums", 30, () => ({})),
      bm_mmlu: await customBenchmark("smoke-subjects", 60, (i) => ({ subject: ["abstract_algebra", "anatomy", "sociology"][i % 3] }), { subset_column: "subject" }),
    };
    const file = join(dir, name);
    writeFileSync(file, text.replace(/"(bm_gsm8k|bm_mmlu)"/g, (_, id) => `"${stand[id]}"`));
    return file;
  };
  const customBenchmark = async (name, n, extra, more = {}) => {
    const rows = Array.from({ length: n }, (_, i) => ({ question: `What is ${i + 3} + ${5 * i + 2}?`, answer: String(6 * i + 5), ...extra(i) }));
    const headers = { authorization: `Bearer ${env.ASSAY_API_KEY}` };
    const up = await fetch(`${local.url}/api/datasets/${name}/revisions`, { method: "POST", headers: { ...headers, "content-type": "application/x-ndjson" }, body: rows.map((r) => JSON.stringify(r)).join("\n") });
    assert.ok(up.ok, await up.text());
    const bm = await fetch(`${local.url}/api/benchmarks`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name, dataset: `${name}@1`, prompt_column: "question", answer_column: "answer", scoring: { type: "contains" }, ...more }),
    });
    const created = await bm.json();
    assert.equal(bm.status, 201, JSON.stringify(created));
    return created.id;
  };

  test("examples/smoke.toml runs, continues with nothing left, and gates a CI job", async () => {
    const file = await example("smoke.toml");
    // The file points [client] at `npm start`'s fixture port; this stack's fixture listens elsewhere.
    const at = ["--base-url", `${local.fixtureUrl}/v1`];
    const r = await run([file, ...at, "--min-score", "0.5", "--json"]);
    assert.equal(r.code, EXIT.OK, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.run.display_name, "smoke");
    assert.equal(out.run.status, "completed");
    const [gsm8k, mmlu] = out.run.benchmarks;
    if (mirror) assert.deepEqual([gsm8k, mmlu], ["bm_gsm8k", "bm_mmlu"], "the shipped file, as is");
    const row = (id) => out.scores.scores.find((s) => s.benchmark_id === id);
    // 20 problems twice each; 20 questions of the two subjects once each (the source's own attempts).
    assert.deepEqual([row(gsm8k).k, row(gsm8k).member_count], [2, 20]);
    assert.deepEqual([row(mmlu).k, row(mmlu).member_count], [1, 20]);
    assert.equal(out.checks.passed, true);
    // fixture:accuracy=0.8 answers about four in five right: well over the file's 0.5, short of 0.95.
    for (const id of [gsm8k, mmlu]) assert.ok(row(id).score > 0.5 && row(id).score < 0.95, `${id}: ${row(id).score}`);

    const again = await run([file, ...at, "--resume"]);
    assert.equal(again.code, EXIT.OK, again.stderr);
    assert.match(again.stderr, new RegExp(`${out.run.id} \\(smoke\\) has a reward for every attempt: nothing left to run`));
    const runs = await local.api(`/api/eval-runs?limit=200&benchmark_id=${gsm8k}`, env.ASSAY_API_KEY);
    assert.equal(runs.items.filter((x) => x.display_name === "smoke").length, 1, "continuing started no other run");

    // The CI gate: a threshold the run misses is a failed job (the exit code `job submit --wait` gives), a met one passes.
    const gate = await run([file, ...at, "--min-score", "0.95", "--junit", join(dir, "smoke.xml")]);
    assert.equal(gate.code, EXIT.CHECK_FAILED, gate.stderr);
    assert.match(readFileSync(join(dir, "smoke.xml"), "utf8"), /<failure/);
  });

  test("examples/ab.toml runs both models on the same problems", async () => {
    const file = await example("ab.toml");
    const r = await run([file, "--base-url", `${local.fixtureUrl}/v1`, "-n", "10", "--json"]);
    assert.equal(r.code, EXIT.OK, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.run.display_name, "ab-gsm8k");
    assert.deepEqual([out.run.target.model, out.run.compare_target.model], ["fixture:accuracy=0.9", "fixture:accuracy=0.7"]);
    assert.equal(out.run.compare_target.base_url, `${local.fixtureUrl}/v1`, "the compare model shares the endpoint");
    const rows = out.scores.scores.filter((s) => s.benchmark_id === out.run.benchmarks[0]);
    assert.deepEqual(rows.map((s) => [s.target, s.member_count]).sort(), [["a", 10], ["b", 10]]);
  });
});
