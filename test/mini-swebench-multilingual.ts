/**
 * Three made-up SWE-bench Multilingual instances (Go, Rust, PHP), written
 * as the Hugging Face test split's parquet is (the same columns, the test
 * lists as lists of strings), and their test logs in the marker layout,
 * each runner's own output format: `go test -v`, `cargo test`, phpunit
 * `--testdox`. The repositories and versions are real ones the harness
 * has specs for, so the eval plans are the harness's; everything else
 * (patches, statements, test names) is invented. Pure and deterministic.
 */
import { parquetWriteBuffer } from "hyparquet-writer";

export const MINI_MULTILINGUAL_PATH = "swebench_multilingual/data/test-00000-of-00001.parquet";

interface Family {
  repo: string;
  version: string;
  file: string;
  f2p: string[];
  p2p: string[];
  /** The runner's output line for a test in a status. */
  line: (test: string, status: "PASSED" | "FAILED") => string;
  /** Lines before the tests (a phpunit suite header). */
  head: string[];
}

const FAMILIES: Family[] = [
  {
    repo: "caddyserver/caddy",
    version: "6411",
    file: "replacer_test.go",
    f2p: ["TestReplacerNewWithFileSystem"],
    p2p: ["TestReplacerNew", "TestReplacerSet"],
    line: (t, s) => `--- ${s === "PASSED" ? "PASS" : "FAIL"}: ${t} (0.00s)`,
    head: [],
  },
  {
    repo: "burntsushi/ripgrep",
    version: "2209",
    file: "tests/regression.rs",
    f2p: ["regression::r2208"],
    p2p: ["regression::r1", "regression::r2"],
    line: (t, s) => `test ${t} ... ${s === "PASSED" ? "ok" : "FAILED"}`,
    head: [],
  },
  {
    repo: "laravel/framework",
    version: "53206",
    file: "tests/Support/SupportJsTest.php",
    f2p: ["Support Js > Made up nested array is encoded"],
    p2p: ["Support Js > Made up scalar is encoded"],
    line: (t, s) => ` ${s === "PASSED" ? "✔" : "✘"} ${t.slice("Support Js > ".length)}`,
    head: ["Support Js (Illuminate\\Tests\\Support\\SupportJs)"],
  },
];

const commit = (n: number) => n.toString(16).padStart(40, "0");
const idOf = (f: Family) => `${f.repo.replace("/", "__")}-${f.version}`;

/** The generated rows, as the parquet holds them. */
export function miniMultilingualRows(): Record<string, string | string[]>[] {
  return FAMILIES.map((f, i) => ({
    repo: f.repo,
    instance_id: idOf(f),
    base_commit: commit(0xb000 + i),
    patch: `diff --git a/src/made_up.x b/src/made_up.x\n--- a/src/made_up.x\n+++ b/src/made_up.x\n@@ -1 +1 @@\n-broken ${i}\n+fixed ${i}\n`,
    test_patch: `diff --git a/${f.file} b/${f.file}\n--- a/${f.file}\n+++ b/${f.file}\n@@ -1 +1,2 @@\n made-up test ${i}\n+made-up new test ${i}\n`,
    problem_statement: `A made-up issue in ${f.repo}: case ${i} is handled wrongly.`,
    hints_text: "",
    created_at: `2025-01-0${i + 1}T00:00:00Z`,
    version: f.version,
    FAIL_TO_PASS: f.f2p,
    PASS_TO_PASS: f.p2p,
  }));
}

/** The generated parquet file. */
export function miniMultilingualParquet(): Uint8Array {
  const rows = miniMultilingualRows();
  const strings = ["repo", "instance_id", "base_commit", "patch", "test_patch", "problem_statement", "hints_text", "created_at", "version"];
  return new Uint8Array(
    parquetWriteBuffer({
      columnData: [...strings.map((name) => ({ name, data: rows.map((r) => r[name] as string), type: "STRING" as const })), ...["FAIL_TO_PASS", "PASS_TO_PASS"].map((name) => ({ name, data: rows.map((r) => r[name] as string[]) }))],
    }),
  );
}

/** The eval script's output for the instance of `repo`: every listed test passing unless `failing` names it. */
export function miniMultilingualLog(repo: string, failing: string[] = []): string {
  const f = FAMILIES.find((x) => x.repo === repo)!;
  const tests = [...f.f2p, ...f.p2p].map((t) => f.line(t, failing.includes(t) ? "FAILED" : "PASSED"));
  const exit = failing.length > 0 ? 1 : 0;
  return [
    "+ cd /testbed",
    `+ git apply --verbose --reject -`,
    `Checking patch ${f.file}...`,
    `Applied patch ${f.file} cleanly.`,
    "+ : '>>>>> Start Test Output'",
    "+ run-the-tests",
    ...f.head,
    ...tests,
    `+ SWEBENCH_TEST_EXIT_CODE=${exit}`,
    "+ : '>>>>> End Test Output'",
    `+ echo '>>>>> Test Exit Code: ${exit}'`,
    `>>>>> Test Exit Code: ${exit}`,
    "",
  ].join("\n");
}
