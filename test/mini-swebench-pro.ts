/**
 * Three made-up SWE-bench Pro instances written as the Hugging Face test
 * split's parquet is (its 16 columns, every one a string; the test lists
 * as Python list literals, one name holding a quote so the literal uses
 * double quotes). The repositories and languages are real ones of the
 * split; commits, patches, statements, tests and tags are invented.
 * Pure and deterministic.
 */
import { parquetWriteBuffer } from "hyparquet-writer";

export const MINI_PRO_PATH = "swebench_pro/data/test-00000-of-00001.parquet";

const COLUMNS = [
  "repo",
  "instance_id",
  "base_commit",
  "patch",
  "test_patch",
  "problem_statement",
  "requirements",
  "interface",
  "repo_language",
  "fail_to_pass",
  "pass_to_pass",
  "issue_specificity",
  "issue_categories",
  "before_repo_set_cmd",
  "selected_test_files_to_run",
  "dockerhub_tag",
] as const;

interface Family {
  repo: string;
  language: string;
  file: string;
  f2p: string[];
  p2p: string[];
}

const FAMILIES: Family[] = [
  { repo: "qutebrowser/qutebrowser", language: "python", file: "tests/unit/utils/test_made_up.py", f2p: ["tests/unit/utils/test_made_up.py::test_new_case"], p2p: ["tests/unit/utils/test_made_up.py::test_old_case"] },
  { repo: "flipt-io/flipt", language: "go", file: "internal/made_up_test.go", f2p: ["TestMadeUpFlag"], p2p: ["TestMadeUpDefault", "TestMadeUp's quote"] },
  { repo: "NodeBB/NodeBB", language: "js", file: "test/made-up.js", f2p: ["test/made-up.js | Made up handles the new case"], p2p: [] },
];

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
/** Python's repr of a list of strings (single quotes unless the string holds one). */
export const pyList = (xs: string[]) => `[${xs.map((x) => (x.includes("'") ? `"${x}"` : `'${x}'`)).join(", ")}]`;
const idOf = (f: Family, i: number) => `instance_${f.repo.replace("/", "__")}-${hex(0xa000 + i, 40)}${f.language === "js" ? "-vnan" : `-v${hex(0xc000 + i, 40)}`}`;

/** The generated rows, as the parquet holds them. */
export function miniProRows(): Record<(typeof COLUMNS)[number], string>[] {
  return FAMILIES.map((f, i) => ({
    repo: f.repo,
    instance_id: idOf(f, i),
    base_commit: hex(0xb000 + i, 40),
    patch: `diff --git a/src/made_up.x b/src/made_up.x\n--- a/src/made_up.x\n+++ b/src/made_up.x\n@@ -1 +1 @@\n-broken ${i}\n+fixed ${i}\n`,
    test_patch: `diff --git a/${f.file} b/${f.file}\n--- a/${f.file}\n+++ b/${f.file}\n@@ -1 +1,2 @@\n made-up test ${i}\n+made-up new test ${i}\n`,
    problem_statement: `A made-up issue in ${f.repo}: case ${i} is handled wrongly.`,
    requirements: `- Case ${i} must be handled.`,
    interface: "No new interfaces are introduced.",
    repo_language: f.language,
    fail_to_pass: pyList(f.f2p),
    pass_to_pass: pyList(f.p2p),
    issue_specificity: "['minor_bug']",
    issue_categories: "['back_end_knowledge']",
    before_repo_set_cmd: `git reset --hard ${hex(0xb000 + i, 40)}\ngit clean -fd\ngit checkout ${hex(0xb000 + i, 40)}\ngit checkout ${hex(0xd000 + i, 40)} -- ${f.file}`,
    selected_test_files_to_run: pyList([f.file]),
    dockerhub_tag: `${f.repo.split("/")[0]!.toLowerCase()}.${f.repo.split("/")[1]!.toLowerCase()}-made-up-${i}`,
  }));
}

/** Every generated instance's run_script.sh (served by test/mini-swebench-pro-scripts.ts): runs each comma-separated test file with sh, which prints `PASS <name>` or `FAIL <name>`. */
export const MINI_PRO_RUN_SCRIPT = `#!/bin/bash
# Made-up: runs each comma-separated test file with sh.
set -u
IFS=',' read -r -a files <<< "$1"
for f in "\${files[@]}"; do sh "$f"; done
`;

/** Every generated instance's parser.py: the PASS/FAIL lines to output.json as the harness's parsers write it. */
export const MINI_PRO_PARSER = `"""Made-up: PASS/FAIL lines of stdout to the harness's output.json."""
import json, sys

stdout, _stderr, out = sys.argv[1:4]
tests = []
for line in open(stdout, encoding="utf-8"):
    status, _, name = line.rstrip("\\n").partition(" ")
    if status in ("PASS", "FAIL") and name:
        tests.append({"name": name, "status": "PASSED" if status == "PASS" else "FAILED"})
json.dump({"tests": tests}, open(out, "w"))
`;

/** The generated parquet file. */
export function miniProParquet(): Uint8Array {
  const rows = miniProRows();
  return new Uint8Array(parquetWriteBuffer({ columnData: COLUMNS.map((name) => ({ name, data: rows.map((r) => r[name]), type: "STRING" as const })) }));
}
