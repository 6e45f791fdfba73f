/**
 * Small SWE-bench instances and test logs the project generates in the
 * formats the real ones have, so the grader and the importer are tested
 * without the shared data folder: one instance per log parser of the 12
 * repositories of Verified and of Multilingual's Go, Rust and PHP (the
 * other Multilingual parsers' instances are in
 * mini-swebench-multilingual.ts), each runner's output written the way
 * that runner prints it, wrapped in either log layout: the
 * 2.0.x one (set -x trace, `git apply -v` printing "Applied patch ...
 * cleanly.", the whole output graded) or the marker-delimited one of later
 * harnesses (`: '>>>>> Start Test Output'` ... End, then the test exit code).
 */

export type Status = "PASSED" | "FAILED" | "ERROR" | "SKIPPED" | "XFAIL";

export interface MiniInstance {
  repo: string;
  instance_id: string;
  base_commit: string;
  version: string;
  test_patch: string;
  problem_statement: string;
  patch: string;
  hints_text: string;
  created_at: string;
  environment_setup_commit: string;
  /** JSON text, as the Hugging Face rows store them. */
  FAIL_TO_PASS: string;
  PASS_TO_PASS: string;
}

interface Family {
  repo: string;
  number: number;
  version: string;
  /** The test file the test patch touches. */
  file: string;
  f2p: string[];
  p2p: string[];
  /** The runner's lines for one test's status. */
  lines: (name: string, status: Status) => string[];
}

const red = (s: string) => `\x1b[31m${s}\x1b[0m`;

/** Django's label `test_x (module.Class)` → runner line. */
const django = (name: string, status: Status) => {
  if (status === "PASSED") return [`${name} ... ok`];
  if (status === "SKIPPED") return [`${name} ... skipped 'needs a database'`];
  if (status === "FAILED") return [`${name} ... FAIL`, "", "=".repeat(70), `FAIL: ${name}`, "-".repeat(70), "Traceback (most recent call last):", "AssertionError: 1 != 2"];
  return [`${name} ... ERROR`, "", "=".repeat(70), `ERROR: ${name}`, "Traceback (most recent call last):", "TypeError: boom"];
};

/** pytest -rA short summary line. */
const rA = (name: string, status: Status) => [status === "FAILED" ? `FAILED ${name} - assert 1 == 2` : `${status} ${name}`];

export const FAMILIES: Family[] = [
  { repo: "astropy/astropy", number: 7166, version: "1.3", file: "astropy/utils/tests/test_misc.py", f2p: ["astropy/utils/tests/test_misc.py::test_inherit_docstrings"], p2p: ["astropy/utils/tests/test_misc.py::test_isiterable", "astropy/utils/tests/test_misc.py::test_skip_hidden"], lines: (n, s) => [`${n} ${s}`] },
  { repo: "scikit-learn/scikit-learn", number: 14629, version: "0.22", file: "sklearn/tests/test_multioutput.py", f2p: ["sklearn/tests/test_multioutput.py::test_multioutput_estimator_with_proba"], p2p: ["sklearn/tests/test_multioutput.py::test_multi_target_regression", "sklearn/tests/test_multioutput.py::test_hasattr_multi_output_predict_proba"], lines: (n, s) => [s === "FAILED" ? red(`FAILED ${n} - ValueError: bad`) : `\x1b[32m${s}\x1b[0m ${n}`] },
  { repo: "sphinx-doc/sphinx", number: 8548, version: "3.4", file: "tests/test_ext_autodoc.py", f2p: ["tests/test_ext_autodoc.py::test_autodoc_inherited_members"], p2p: ["tests/test_ext_autodoc.py::test_parse_name", "tests/test_ext_autodoc.py::test_format_signature"], lines: rA },
  { repo: "django/django", number: 12276, version: "3.1", file: "tests/forms_tests/tests/test_forms.py", f2p: ["test_use_required_attribute_false (forms_tests.tests.test_forms.FormsTestCase)"], p2p: ["test_auto_id (forms_tests.tests.test_forms.FormsTestCase)", "test_baseform_repr (forms_tests.tests.test_forms.FormsTestCase)"], lines: django },
  { repo: "matplotlib/matplotlib", number: 23314, version: "3.5", file: "lib/mpl_toolkits/tests/test_mplot3d.py", f2p: ["lib/mpl_toolkits/tests/test_mplot3d.py::test_invisible_axes[png]"], p2p: ["lib/mpl_toolkits/tests/test_mplot3d.py::test_rotate[1]", "lib/mpl_toolkits/tests/test_mplot3d.py::test_aspects[png]"], lines: (n, s) => rA(n.replace("[1]", "[MouseButton.LEFT]"), s) },
  { repo: "mwaskom/seaborn", number: 3187, version: "0.12", file: "tests/_core/test_plot.py", f2p: ["tests/_core/test_plot.py::TestLegend::test_single_layer_single_variable"], p2p: ["tests/_core/test_plot.py::TestInit::test_empty", "tests/_core/test_plot.py::TestInit::test_data_only"], lines: (n, s) => (s === "FAILED" ? [`FAILED ${n} - AssertionError`] : s === "PASSED" ? [`${n} PASSED [ 50%]`] : [`${s} ${n}`]) },
  { repo: "sympy/sympy", number: 13798, version: "1.1", file: "sympy/printing/tests/test_latex.py", f2p: ["test_latex_basic"], p2p: ["test_printmethod", "test_latex_builtins"], lines: (n, s) => (s === "PASSED" ? [`${n} ok`] : s === "FAILED" ? [`${n} F`] : s === "ERROR" ? [`${n} E`] : [`${n} s`]) },
  { repo: "pytest-dev/pytest", number: 5840, version: "5.2", file: "testing/test_conftest.py", f2p: ["testing/test_conftest.py::test_setinitial_conftest_subdirs[test]"], p2p: ["testing/test_conftest.py::test_conftest_global_import", "testing/test_conftest.py::test_conftestcutdir"], lines: rA },
  { repo: "pydata/xarray", number: 6599, version: "2022.03", file: "xarray/tests/test_computation.py", f2p: ["xarray/tests/test_computation.py::test_polyval[timedelta-False]"], p2p: ["xarray/tests/test_computation.py::test_signature_properties", "xarray/tests/test_computation.py::test_result_name"], lines: rA },
  { repo: "pallets/flask", number: 5014, version: "2.3", file: "tests/test_blueprints.py", f2p: ["tests/test_blueprints.py::test_empty_name_not_allowed"], p2p: ["tests/test_blueprints.py::test_blueprint_specific_error_handling", "tests/test_blueprints.py::test_blueprint_url_defaults"], lines: rA },
  { repo: "psf/requests", number: 2317, version: "2.4", file: "test_requests.py", f2p: ["test_requests.py::RequestsTestCase::test_HTTP_200_OK_GET_ALTERNATIVE"], p2p: ["test_requests.py::test_data_argument_accepts_tuples[/data.txt]", "test_requests.py::RequestsTestCase::test_basic_building"], lines: (n, s) => rA(n.replace("[/data.txt]", "[/tmp/build/7f3/data.txt]"), s) },
  { repo: "pylint-dev/pylint", number: 6528, version: "2.15", file: "tests/test_self.py", f2p: ["tests/test_self.py::TestRunTC::test_ignore_recursive"], p2p: ["tests/test_self.py::TestRunTC::test_pkginfo", "tests/test_self.py::TestRunTC::test_all"], lines: rA },
  { repo: "gin-gonic/gin", number: 1805, version: "1.4", file: "context_test.go", f2p: ["TestContextBindWithQuery"], p2p: ["TestContextReset", "TestContextHandlers"], lines: (n, s) => [`=== RUN   ${n}`, `--- ${s === "PASSED" ? "PASS" : s === "FAILED" ? "FAIL" : "SKIP"}: ${n} (0.00s)`] },
  { repo: "burntsushi/ripgrep", number: 2209, version: "13.0", file: "tests/regression.rs", f2p: ["regression::r2208"], p2p: ["regression::r1", "feature::f45"], lines: (n, s) => [`test ${n} ... ${s === "PASSED" ? "ok" : s === "FAILED" ? "FAILED" : "ignored"}`] },
  { repo: "briannesbitt/carbon", number: 3098, version: "3.8", file: "tests/Carbon/SettersTest.php", f2p: ["Setters > Set date after"], p2p: ["Setters > Year setter", "Setters > Month setter"], lines: (n, s) => [`   ${s === "PASSED" ? "✔" : s === "FAILED" ? "✘" : "↩"} ${n.split(" > ")[1]}`] },
];

const iidOf = (f: Family) => `${f.repo.replace("/", "__")}-${f.number}`;

/** A commit id from a number, 40 hex digits. */
const commit = (n: number) => n.toString(16).padStart(8, "0").repeat(5);

/** One instance per family, in the Hugging Face row format. */
export function miniInstances(): MiniInstance[] {
  return FAMILIES.map((f, i) => ({
    repo: f.repo,
    instance_id: iidOf(f),
    base_commit: commit(0xa000 + i),
    version: f.version,
    test_patch: `diff --git a/${f.file} b/${f.file}\n--- a/${f.file}\n+++ b/${f.file}\n@@ -1,1 +1,2 @@\n # tests\n+# a new test\n`,
    problem_statement: `Issue ${i + 1} of ${f.repo}: something is wrong.`,
    patch: `diff --git a/src.txt b/src.txt\n--- a/src.txt\n+++ b/src.txt\n@@ -1 +1 @@\n-bug\n+fix\n`,
    hints_text: "",
    created_at: "2024-01-01T00:00:00Z",
    environment_setup_commit: commit(0xb000 + i),
    FAIL_TO_PASS: JSON.stringify(f.f2p),
    PASS_TO_PASS: JSON.stringify(f.p2p),
  }));
}

export type Layout = "2.0" | "markers";

/** The suite's own output for the given statuses (default: every test passes). */
function runnerOutput(f: Family, statuses: Record<string, Status | "absent">): string[] {
  const names = [...f.f2p, ...f.p2p];
  const out: string[] = [];
  if (f.repo === "briannesbitt/carbon") out.push("PHPUnit 9.6.0 by Sebastian Bergmann and contributors.", "", "Setters (Tests\\Carbon\\Setters)");
  for (const n of names) {
    const s = statuses[n] ?? "PASSED";
    if (s !== "absent") out.push(...f.lines(n, s));
  }
  // sympy's failure section header, as bin/test prints it under the failures.
  if (f.repo === "sympy/sympy") for (const n of names) if (statuses[n] === "FAILED") out.push(`________________ sympy/printing/tests/test_latex.py:${n} ________________`, "AssertionError");
  if (f.repo === "django/django") out.push("-".repeat(70), `Ran ${names.length} tests in 0.01s`, "", Object.values(statuses).some((s) => s === "FAILED" || s === "ERROR") ? "FAILED (failures=1)" : "OK");
  return out;
}

export interface LogOptions {
  layout?: Layout;
  statuses?: Record<string, Status | "absent">;
  /**
   * The test patch did not apply (git apply errors). The 2.0.x layout's grader sees no "Applied patch"; later
   * eval scripts run the tests anyway (no `set -e`), without the new tests.
   */
  patchFails?: boolean;
  /** The marker layout's recorded exit code (default: 1 when a test fails, else 0). */
  exitCode?: number | null;
  /** Lines printed by the agent's patch, e.g. a spoofed "PASSED x". */
  extra?: string[];
}

/** A whole test_output.txt for instance `iid` in the chosen layout. */
export function miniLog(iid: string, opts: LogOptions = {}): string {
  const f = FAMILIES.find((x) => iidOf(x) === iid);
  if (!f) throw new Error(`no generated family for ${iid}`);
  const i = FAMILIES.indexOf(f);
  const base = commit(0xa000 + i);
  const statuses = { ...(opts.patchFails ? Object.fromEntries(f.f2p.map((t) => [t, "absent" as const])) : {}), ...opts.statuses };
  const failing = Object.values(statuses).some((s) => s === "FAILED" || s === "ERROR");
  const head = ["+ source /opt/miniconda3/bin/activate", "++ conda activate testbed", "+ cd /testbed", "+ git status", "On branch main", `+ git diff ${base}`, `+ git checkout ${base} ${f.file}`, "Updated 0 paths from 1a2b3c4"];
  const apply = opts.patchFails
    ? ["+ git apply -v -", `Checking patch ${f.file}...`, `error: patch failed: ${f.file}:1`, `error: ${f.file}: patch does not apply`]
    : ["+ git apply -v -", `Checking patch ${f.file}...`, `Applied patch ${f.file} cleanly.`];
  const cmd = `+ run-tests ${f.file}`;
  const body = [...(opts.extra ?? []), ...runnerOutput(f, statuses)];
  const tail = [`+ git checkout ${base} ${f.file}`, "Updated 1 path from 1a2b3c4"];
  if ((opts.layout ?? "2.0") === "2.0") return [...head, ...apply, ...(opts.patchFails ? [] : [cmd, ...body]), ...tail, ""].join("\n");
  const exit = opts.exitCode === undefined ? (failing ? 1 : 0) : opts.exitCode;
  const run = ["+ : '>>>>> Start Test Output'", cmd, ...body, `+ SWEBENCH_TEST_EXIT_CODE=${exit ?? 0}`, "+ : '>>>>> End Test Output'", ...(exit === null ? [] : [`+ echo '>>>>> Test Exit Code: ${exit}'`, `>>>>> Test Exit Code: ${exit}`])];
  return [...head, ...apply, ...run, ...tail, ""].join("\n");
}

/** The report.json the harness writes for a graded instance. */
export function miniReport(iid: string, resolved: boolean, tests: { f2p: [string[], string[]]; p2p: [string[], string[]] } | null): string {
  const entry: Record<string, unknown> = { patch_is_None: false, patch_exists: true, patch_successfully_applied: tests !== null, resolved };
  if (tests) {
    entry.tests_status = {
      FAIL_TO_PASS: { success: tests.f2p[0], failure: tests.f2p[1] },
      PASS_TO_PASS: { success: tests.p2p[0], failure: tests.p2p[1] },
      FAIL_TO_FAIL: { success: [], failure: [] },
      PASS_TO_FAIL: { success: [], failure: [] },
    };
  }
  return JSON.stringify({ [iid]: entry }, null, 4);
}

export { iidOf };

/**
 * A submission over the generated instances, as the experiments repository
 * lays one out: logs/<id>/ with test_output.txt and report.json (2.0.x
 * layout), some in the marker layout without a report, one with report.json
 * alone, one with only run_instance.log, and results/results.json listing
 * what the submission says it resolved. `agreeing` is false for one
 * instance whose report claims a resolution its log does not show.
 */
export function miniSubmission(prefix = "20260101_fixture_agent/"): { files: Record<string, string>; resolved: string[]; regraded: string[] } {
  const ids = FAMILIES.map(iidOf);
  const files: Record<string, string> = {};
  const resolved: string[] = [];
  const regraded: string[] = [];
  FAMILIES.forEach((f, i) => {
    const iid = ids[i]!;
    const dir = `${prefix}logs/${iid}`;
    const f2p = f.f2p;
    const p2p = f.p2p;
    if (i % 5 === 0) {
      // Resolved, 2.0.x layout, with its report.
      files[`${dir}/test_output.txt`] = miniLog(iid);
      files[`${dir}/report.json`] = miniReport(iid, true, { f2p: [f2p, []], p2p: [p2p, []] });
      resolved.push(iid);
      regraded.push(iid);
    } else if (i % 5 === 1) {
      // A FAIL_TO_PASS test fails, 2.0.x layout, with its report.
      files[`${dir}/test_output.txt`] = miniLog(iid, { statuses: { [f2p[0]!]: "FAILED" } });
      files[`${dir}/report.json`] = miniReport(iid, false, { f2p: [[], f2p], p2p: [p2p, []] });
      regraded.push(iid);
    } else if (i % 5 === 2) {
      // Marker layout, no report: resolved.
      files[`${dir}/test_output.txt`] = miniLog(iid, { layout: "markers" });
      resolved.push(iid);
      regraded.push(iid);
    } else if (i === 3) {
      // report.json alone.
      files[`${dir}/report.json`] = miniReport(iid, true, { f2p: [f2p, []], p2p: [p2p, []] });
      resolved.push(iid);
    } else if (i === 8) {
      files[`${dir}/run_instance.log`] = `2026-01-01 00:00:00,000 - INFO - Creating container for ${iid}...\n2026-01-01 00:00:01,000 - ERROR - Error in evaluating model for ${iid}: container died\n`;
    }
    // The rest: nothing but results.json (unresolved).
  });
  files[`${prefix}results/results.json`] = JSON.stringify({ no_generation: [ids[13]!], no_logs: [ids[8]!], resolved: [...resolved].sort() }, null, 2);
  files[`${prefix}metadata.yaml`] = "name: Fixture Agent + Fixture Model\noss: true\n";
  files[`${prefix}README.md`] = "# fixture submission\n";
  return { files, resolved: [...resolved].sort(), regraded };
}
