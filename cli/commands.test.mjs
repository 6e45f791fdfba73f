// Building request bodies from flags and files, and usage errors (exit 2)
// caught before any request is sent.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { benchmarkBody } from "./commands/benchmark.mjs";
import { mediaTypeOf } from "./commands/dataset.mjs";
import { runOptionsOf, targetsOf } from "./commands/job.mjs";
import { profileBody } from "./commands/profile.mjs";
import { EXIT, UsageError } from "./errors.mjs";
import { main } from "./main.mjs";

const dir = mkdtempSync(join(tmpdir(), "assay-cmd-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs main() with captured streams and no reachable server. */
async function run(argv, env = {}) {
  let out = "";
  let err = "";
  const io = { out: { write: (s) => void (out += s) }, err: { write: (s) => void (err += s) }, env, stdin: process.stdin };
  const code = await main(argv, { io, env: { XDG_CONFIG_HOME: dir, ASSAY_URL: "http://127.0.0.1:9", ASSAY_API_KEY: "ak_x", ...env }, signal: new AbortController().signal });
  return { code, out, err };
}

describe("targetsOf", () => {
  test("a model target with defaults by provider, its key read from the named variable", () => {
    assert.deepEqual(targetsOf({ model: "gpt-4o", "api-key-env": "K" }, { K: "sk-1" }), {
      target: { kind: "model", provider: "openai", base_url: "https://api.openai.com/v1", model: "gpt-4o", api_key: "sk-1" },
      compare: undefined,
    });
    assert.deepEqual(targetsOf({ model: "claude", provider: "anthropic" }, {}).target, { kind: "model", provider: "anthropic", base_url: "https://api.anthropic.com", model: "claude" });
  });

  test("the compare model shares the target's key only on the same endpoint", () => {
    const same = targetsOf({ model: "a", "base-url": "http://h/v1", "api-key-env": "K", compare: "b" }, { K: "sk-1" });
    assert.deepEqual(same.compare, { kind: "model", provider: "openai", base_url: "http://h/v1", model: "b", api_key: "sk-1" });
    const elsewhere = targetsOf({ model: "a", "base-url": "http://h/v1", "api-key-env": "K", compare: "b", "compare-base-url": "http://other/v1" }, { K: "sk-1" });
    assert.deepEqual(elsewhere.compare, { kind: "model", provider: "openai", base_url: "http://other/v1", model: "b" });
    const ownKey = targetsOf({ model: "a", compare: "b", "compare-provider": "anthropic", "compare-api-key-env": "C" }, { C: "sk-2" });
    assert.deepEqual(ownKey.compare, { kind: "model", provider: "anthropic", base_url: "https://api.anthropic.com", model: "b", api_key: "sk-2" });
  });

  test("a profile runs on an agent runner; --compare is then another profile", () => {
    assert.deepEqual(targetsOf({ profile: "team/eval@1", "runner-url": "https://runner", compare: "team/eval@2" }, {}), {
      target: { kind: "agent", runner_url: "https://runner", profile: "team/eval@1" },
      compare: { kind: "agent", runner_url: "https://runner", profile: "team/eval@2" },
    });
    assert.equal(targetsOf({ profile: "p@1" }, { ASSAY_RUNNER_URL: "https://r" }).target.runner_url, "https://r");
  });

  const bad = [
    ["neither model nor profile", {}, {}, /say what to evaluate/],
    ["both", { model: "m", profile: "p@1" }, {}, /not both/],
    ["profile without runner", { profile: "p@1" }, {}, /--runner-url/],
    ["model flags with a profile", { profile: "p@1", "runner-url": "https://r", "base-url": "http://x" }, {}, /--base-url is for --model/],
    ["runner with a model", { model: "m", "runner-url": "https://r" }, {}, /--runner-url is for --profile/],
    ["unknown provider", { model: "m", provider: "cohere" }, {}, /--provider must be one of openai, anthropic/],
    ["key variable not set", { model: "m", "api-key-env": "NOPE" }, {}, /NOPE, which is not set/],
    ["compare flags without --compare", { model: "m", "compare-base-url": "http://x" }, {}, /needs --compare/],
  ];
  for (const [name, flags, env, message] of bad) {
    test(`usage error: ${name}`, () => assert.throws(() => targetsOf(flags, env), (e) => e instanceof UsageError && message.test(e.message)));
  }
});

describe("runOptionsOf", () => {
  test("only the options given, as numbers", () => {
    assert.deepEqual(runOptionsOf({ attempts: "3", "sample-limit": "10", concurrency: "2", temperature: "0.5", "missing-policy": "as_failure" }), {
      attempts: 3,
      sample_limit: 10,
      concurrency: 2,
      temperature: 0.5,
      missing_policy: "as_failure",
    });
    assert.deepEqual(runOptionsOf({}), {});
    assert.throws(() => runOptionsOf({ attempts: "two" }), /--attempts must be a whole number/);
    assert.throws(() => runOptionsOf({ attempts: "1.5" }), /--attempts must be a whole number/);
  });

  test("--cache is one of the response cache's modes", () => {
    assert.deepEqual(runOptionsOf({ cache: "read_write" }), { cache: "read_write" });
    assert.deepEqual(runOptionsOf({ cache: "read_only" }), { cache: "read_only" });
    assert.throws(() => runOptionsOf({ cache: "yes" }), /--cache/);
  });

  test("--mc-mode asks multiple-choice benchmarks by letter or by log-likelihood", () => {
    assert.deepEqual(runOptionsOf({ "mc-mode": "loglikelihood" }), { mc_mode: "loglikelihood" });
    assert.deepEqual(runOptionsOf({ "mc-mode": "generate" }), { mc_mode: "generate" });
    assert.throws(() => runOptionsOf({ "mc-mode": "logprobs" }), /--mc-mode/);
  });
});

describe("profileBody", () => {
  test("a seed-style file: listed secrets move out of params", () => {
    const file = {
      schema_version: "envplatform.profile/v2",
      name: "team/eval",
      version: "1",
      secret_params: ["MODEL_API_KEY"],
      spec: { params: { MODEL_NAME: "m", MODEL_API_KEY: "sk-secret" } },
    };
    assert.deepEqual(profileBody(file, "team/eval", "1", "p.json"), {
      name: "team/eval",
      version: "1",
      params: { MODEL_NAME: "m" },
      secret_params: { MODEL_API_KEY: "sk-secret" },
    });
  });

  test("Assay's own shape passes through; unknown fields reach the server, which names them", () => {
    assert.deepEqual(profileBody({ params: { a: 1 }, secret_params: { K: "v" }, extra: true }, "p", "2", "p.json"), { name: "p", version: "2", params: { a: 1 }, secret_params: { K: "v" }, extra: true });
  });

  test("a name or version that disagrees with the command, or a secret without a value, is refused", () => {
    assert.throws(() => profileBody({ name: "other" }, "p", "1", "p.json"), /says name 'other' but the command says 'p'/);
    assert.throws(() => profileBody({ secret_params: ["K"], spec: { params: {} } }, "p", "1", "p.json"), /secret parameter K has no value/);
    assert.throws(() => profileBody([], "p", "1", "p.json"), /must hold a JSON object/);
  });
});

describe("mediaTypeOf", () => {
  test("by extension, looking through .gz", () => {
    assert.equal(mediaTypeOf("rows.jsonl"), "application/x-ndjson");
    assert.equal(mediaTypeOf("dir.v2/rows.NDJSON.gz"), "application/x-ndjson");
    assert.equal(mediaTypeOf("t.csv.gz"), "text/csv");
    assert.equal(mediaTypeOf("t.parquet"), "application/vnd.apache.parquet");
    assert.equal(mediaTypeOf("pictures.zip"), "application/zip");
    assert.throws(() => mediaTypeOf("rows.json"), /cannot tell the format of rows.json/);
    assert.throws(() => mediaTypeOf("rows"), UsageError);
  });
});

describe("benchmarkBody", () => {
  test("flags laid over a file", () => {
    const file = join(dir, "bm.json");
    writeFileSync(file, JSON.stringify({ name: "from-file", dataset: "d@1", answer_column: "answer", scoring: { type: "contains" }, prompt_column: "q" }));
    assert.deepEqual(benchmarkBody("named", { file, scoring: "regex", pattern: "#### (\\d+)", group: "1", subset: ["a", "b"] }), {
      name: "named",
      dataset: "d@1",
      answer_column: "answer",
      prompt_column: "q",
      scoring: { type: "regex", pattern: "#### (\\d+)", group: 1 },
      subsets: ["a", "b"],
    });
    assert.throws(() => benchmarkBody("x", { scoring: "regex" }), /needs --pattern/);
    assert.throws(() => benchmarkBody("x", { scoring: "llm_judge" }), /needs --criteria/);
    assert.throws(() => benchmarkBody(undefined, {}), /NAME/);
  });

  test("an image column: each row's image (http(s) or data URL) is sent with its prompt", () => {
    const v = { dataset: "pics@1", "prompt-template": "{question}", "answer-column": "answer", "image-column": "image", scoring: "exact_match" };
    assert.deepEqual(benchmarkBody("pictures", v), { name: "pictures", dataset: "pics@1", prompt_template: "{question}", answer_column: "answer", image_column: "image", scoring: { type: "exact_match" } });
  });

  test("a code benchmark: code_execution with its test, entry point and stub columns", () => {
    const v = { dataset: "code@1", "prompt-template": "Complete:\n{prompt}", "answer-column": "solution", scoring: "code_execution", "test-column": "test", "entry-point-column": "entry_point", "code-prompt-column": "prompt", "timeout-s": "15" };
    assert.deepEqual(benchmarkBody("my-code", v), {
      name: "my-code",
      dataset: "code@1",
      prompt_template: "Complete:\n{prompt}",
      answer_column: "solution",
      scoring: { type: "code_execution", language: "python", test_column: "test", entry_point_column: "entry_point", prompt_column: "prompt", timeout_s: 15 },
    });
    assert.deepEqual(benchmarkBody("mbpp-like", { scoring: "code_execution", harness: "mbpp", "test-column": "tests", "setup-column": "setup" }).scoring, {
      type: "code_execution",
      language: "python",
      harness: "mbpp",
      test_column: "tests",
      setup_column: "setup",
    });
    assert.throws(() => benchmarkBody("x", { scoring: "code_execution" }), /needs --test-column/);
    assert.throws(() => benchmarkBody("x", { scoring: "code_execution", "test-column": "t", harness: "evalplus" }), /--harness/);
    assert.throws(() => benchmarkBody("x", { scoring: "contains", "test-column": "t" }), /go with --scoring code_execution/);
  });
});

describe("main: usage errors exit 2 before any request", () => {
  const cases = [
    [[], /usage: assay COMMAND/],
    [["nope"], /unknown command 'nope'/],
    [["job", "nope"], /unknown command 'job nope'/],
    [["job", "get"], /missing argument/],
    [["job", "get", "a", "b"], /unexpected argument 'b'/],
    [["job", "submit", "bm_1", "--bogus"], /unknown option --bogus/],
    [["job", "submit", "bm_1", "--model"], /--model needs a value/],
    [["job", "submit", "bm_1", "--model", "m", "--min-score", "0.5"], /--min-score needs --wait/],
    [["job", "submit", "bm_1", "--model", "m", "--wait", "--strict"], /--strict needs --min-score/],
    [["job", "submit", "bm_1", "--model", "m", "--wait", "--min-score", "high"], /--min-score must be a number/],
    [["job", "export", "run_1", "--format", "pdf"], /--format must be one of md, html/],
    [["profile", "create", "p", "1"], /--file profile.json is required/],
    [["profile", "create", "p", "1", "--file", join(dir, "missing.json")], /cannot read .*missing.json as JSON/],
    [["dataset", "push", "d", "rows.txt"], /cannot tell the format/],
    [["dataset", "push", "d", join(dir, "absent.jsonl")], /cannot read .*absent.jsonl: ENOENT/],
    [["leaderboard", "remove", "x"], /usage: assay leaderboard/],
  ];
  for (const [argv, message] of cases) {
    test(argv.join(" ") || "(no arguments)", async () => {
      const r = await run(argv);
      assert.equal(r.code, EXIT.USAGE, r.err);
      assert.match(r.err, message);
      assert.equal(r.out, "");
    });
  }

  test("no key anywhere is a usage error that says how to set one", async () => {
    const r = await run(["job", "list"], { ASSAY_API_KEY: "" });
    assert.equal(r.code, EXIT.USAGE);
    assert.equal(r.err, "error: no API key: set ASSAY_API_KEY or run 'assay login'\n");
  });

  test("help is not an error", async () => {
    for (const argv of [["--help"], ["help"], ["job", "--help"], ["job", "submit", "--help"]]) {
      const r = await run(argv);
      assert.equal(r.code, EXIT.OK, argv.join(" "));
      assert.match(r.out, /usage: assay/);
    }
  });

  test("global flags work before the command", async () => {
    const r = await run(["--url", "http://127.0.0.1:9", "--json", "job", "get"]);
    assert.equal(r.code, EXIT.USAGE);
    assert.match(r.err, /missing argument/);
  });
});
