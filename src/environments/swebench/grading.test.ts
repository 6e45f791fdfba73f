// The grader on generated logs in both layouts (2.0.x and marker-delimited),
// every parser, and the rules where the harness's versions differ.
import { describe, expect, it } from "vitest";
import { FAMILIES, iidOf, miniInstances, miniLog, type Layout } from "../../../test/mini-swebench";
import { miniMultilingualRows } from "../../../test/mini-swebench-multilingual";
import { gradeInstance, ruleSetFor, UnsupportedRepositoryError } from "./grading";
import { SwebenchInstance, repoOfInstance } from "./instance";
import { PARSER_BY_INSTANCE, PARSERS, REPO_PARSER } from "./log-parsers";
import { parseCargo, parseGoTest, parsePhpunit } from "./log-parsers/other-languages";
import { parseDjango, parsePytest, parsePytestOptions, parsePytestV2, parseSympy, pySplit, sympyHeader } from "./log-parsers/python";

const instances = miniInstances().map((r) => SwebenchInstance.parse(r));
const byRepo = (repo: string) => instances.find((i) => i.repo === repo)!;
const classic = { statuses: ["FAILED", "PASSED", "SKIPPED", "ERROR"], flavour: "classic" as const };
const current = { statuses: ["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"], flavour: "current" as const };

describe("every parser, both layouts", () => {
  it("the generated instances (these and Multilingual's) cover every parser Assay has, those picked by pull request included", () => {
    const multilingual = miniMultilingualRows().map((r) => ({ repo: r.repo as string, instance_id: r.instance_id as string }));
    const reached = [...instances, ...multilingual].flatMap((i) => {
      const name = REPO_PARSER[i.repo]!;
      const picked = PARSER_BY_INSTANCE[name]?.(i.instance_id);
      return picked ? [name, picked] : [name];
    });
    expect(new Set(reached)).toEqual(new Set(Object.keys(PARSERS)));
  });

  const cases = FAMILIES.flatMap((f) => (["2.0", "markers"] as Layout[]).map((layout) => [f.repo, layout] as const));
  it.each(cases)("%s (%s layout): all passing resolves; a failing FAIL_TO_PASS or PASS_TO_PASS test does not; a test patch that does not apply does not resolve", (repo, layout) => {
    const inst = byRepo(repo);
    const [f2p] = inst.FAIL_TO_PASS;
    const [p2p, p2pOther] = inst.PASS_TO_PASS;
    const grade = (opts: Parameters<typeof miniLog>[1]) => gradeInstance({ instance: inst, log: miniLog(inst.instance_id, { layout, ...opts }) });

    const ok = grade({});
    expect(ok.rules).toBe(layout === "2.0" ? "2.0" : "5.0");
    expect(ok).toMatchObject({ patch_successfully_applied: true, resolved: true, resolution: "RESOLVED_FULL" });
    expect(ok.tests_status).toEqual({
      FAIL_TO_PASS: { success: inst.FAIL_TO_PASS, failure: [] },
      PASS_TO_PASS: { success: inst.PASS_TO_PASS, failure: [] },
      FAIL_TO_FAIL: { success: [], failure: [] },
      PASS_TO_FAIL: { success: [], failure: [] },
    });

    const f2pFails = grade({ statuses: { [f2p!]: "FAILED" } });
    expect(f2pFails).toMatchObject({ resolved: false, resolution: "RESOLVED_NO" });
    expect(f2pFails.tests_status!.FAIL_TO_PASS).toEqual({ success: [], failure: [f2p] });

    const regression = grade({ statuses: { [p2p!]: "FAILED" } });
    expect(regression.resolved).toBe(false);
    expect(regression.tests_status!.PASS_TO_PASS).toEqual({ success: [p2pOther], failure: [p2p] });

    // A test the log never mentions fails (the harness's "missing").
    expect(grade({ statuses: { [f2p!]: "absent" } }).tests_status!.FAIL_TO_PASS.failure).toEqual([f2p]);

    const notApplied = grade({ patchFails: true });
    if (layout === "2.0") {
      expect(notApplied).toMatchObject({ patch_successfully_applied: false, resolved: false, not_graded: "no_applied_patch" });
      expect(notApplied.tests_status).toBeUndefined();
    } else {
      // Later eval scripts run the old tests anyway: the new ones are missing, so failing.
      expect(notApplied).toMatchObject({ resolved: false });
      expect(notApplied.tests_status!.FAIL_TO_PASS.failure).toEqual(inst.FAIL_TO_PASS);
    }
    // Without the markers (the eval script never reached the tests) the newer rules grade nothing.
    const cut = miniLog(inst.instance_id, { layout }).split("+ : '>>>>> Start Test Output'")[0]!;
    if (layout === "markers") expect(gradeInstance({ instance: inst, log: cut, rules: "5.0" })).toMatchObject({ resolved: false, not_graded: "no_markers" });
  });
});

describe("rules", () => {
  const django = byRepo("django/django");
  const pytest = byRepo("pytest-dev/pytest");
  const [f2p] = pytest.FAIL_TO_PASS;
  const [p2p] = pytest.PASS_TO_PASS;

  it("picks the rule set by layout, and a given one wins", () => {
    expect(ruleSetFor("plain log")).toBe("2.0");
    expect(ruleSetFor("+ : '>>>>> Start Test Output'\n")).toBe("5.0");
    expect(ruleSetFor("plain", "4.1")).toBe("4.1");
  });

  it("partly passing FAIL_TO_PASS with PASS_TO_PASS kept is RESOLVED_PARTIAL, not resolved", () => {
    const two = { ...pytest, FAIL_TO_PASS: [f2p!, "testing/test_conftest.py::test_extra"] };
    const log = miniLog(pytest.instance_id).replace(`PASSED ${f2p}`, `PASSED ${f2p}\nFAILED testing/test_conftest.py::test_extra - boom`);
    expect(gradeInstance({ instance: two, log })).toMatchObject({ resolved: false, resolution: "RESOLVED_PARTIAL" });
  });

  it("SKIPPED: in neither list before 5.0; fails FAIL_TO_PASS and keeps PASS_TO_PASS in 5.0", () => {
    const statuses = { [f2p!]: "SKIPPED" as const, [p2p!]: "SKIPPED" as const };
    const old = gradeInstance({ instance: pytest, log: miniLog(pytest.instance_id, { statuses }) });
    expect(old.tests_status!.FAIL_TO_PASS).toEqual({ success: [], failure: [] });
    expect(old.tests_status!.PASS_TO_PASS.success).not.toContain(p2p);
    expect(old.tests_status!.PASS_TO_PASS.failure).not.toContain(p2p);
    expect(old.resolved).toBe(true); // the 2.0.x harness's own quirk: an all-skipped FAIL_TO_PASS resolves
    const now = gradeInstance({ instance: pytest, log: miniLog(pytest.instance_id, { layout: "markers", statuses }) });
    expect(now.tests_status!.FAIL_TO_PASS).toEqual({ success: [], failure: [f2p] });
    expect(now.tests_status!.PASS_TO_PASS.success).toContain(p2p);
    expect(now.resolved).toBe(false);
  });

  it("XFAIL passes from 4.1 on; 2.0.x does not read it (missing, so failing)", () => {
    const statuses = { [f2p!]: "XFAIL" as const };
    expect(gradeInstance({ instance: pytest, log: miniLog(pytest.instance_id, { statuses }) }).resolved).toBe(false);
    expect(gradeInstance({ instance: pytest, log: miniLog(pytest.instance_id, { layout: "markers", statuses }), rules: "4.1" }).resolved).toBe(true);
    expect(gradeInstance({ instance: pytest, log: miniLog(pytest.instance_id, { layout: "markers", statuses }) }).resolved).toBe(true);
  });

  it("the 2.0.x harness markers and 'Failed to reset task environment' mean not applied", () => {
    for (const marker of [">>>>> Patch Apply Failed", ">>>>> Reset Failed", ">>>>> Tests Errored", ">>>>> Tests Timed Out", "Failed to reset task environment"]) {
      const g = gradeInstance({ instance: pytest, log: `${miniLog(pytest.instance_id)}\n${marker}\n` });
      expect(g, marker).toMatchObject({ patch_successfully_applied: false, resolved: false, not_graded: "harness_marker" });
    }
    // 5.x no longer looks for the reset message.
    expect(gradeInstance({ instance: pytest, log: `${miniLog(pytest.instance_id, { layout: "markers" })}Failed to reset task environment\n` }).resolved).toBe(true);
  });

  it("2.0.x grades only what follows the last '>>>>> Applied Patch (pred)'", () => {
    const log = `PASSED ${f2p}\n>>>>> Applied Patch (pred)\n${miniLog(pytest.instance_id, { statuses: { [f2p!]: "absent" } })}`;
    expect(gradeInstance({ instance: pytest, log }).tests_status!.FAIL_TO_PASS.failure).toEqual([f2p]);
  });

  it("5.0: a non-zero test exit code beside a log without failures is not graded (a patch printing its own PASSED lines)", () => {
    const spoofed = miniLog(pytest.instance_id, { layout: "markers", exitCode: 2 });
    expect(gradeInstance({ instance: pytest, log: spoofed })).toMatchObject({ resolved: false, not_graded: "exit_code" });
    expect(gradeInstance({ instance: pytest, log: spoofed, rules: "4.1" }).resolved).toBe(true);
    // With a failure in the log the exit code is expected, and the failure decides.
    const failing = gradeInstance({ instance: pytest, log: miniLog(pytest.instance_id, { layout: "markers", statuses: { [p2p!]: "FAILED" } }) });
    expect(failing).toMatchObject({ patch_successfully_applied: true, resolved: false });
  });

  it("5.0: nothing parsed and no sign a suite ran is not graded; 4.1 grades every test missing", () => {
    const empty = miniLog(pytest.instance_id, { layout: "markers", statuses: Object.fromEntries([...pytest.FAIL_TO_PASS, ...pytest.PASS_TO_PASS].map((t) => [t, "absent" as const])) });
    expect(gradeInstance({ instance: pytest, log: empty })).toMatchObject({ not_graded: "no_tests", resolved: false });
    expect(gradeInstance({ instance: pytest, log: empty, rules: "4.1" })).toMatchObject({ patch_successfully_applied: true, resolved: false });
  });

  it("markers: results printed outside the markers are read from the whole log when the slice has none", () => {
    const log = `PASSED ${f2p}\nPASSED ${p2p}\nPASSED ${pytest.PASS_TO_PASS[1]}\n+ : '>>>>> Start Test Output'\n+ : '>>>>> End Test Output'\n`;
    expect(gradeInstance({ instance: pytest, log }).resolved).toBe(true);
  });

  it("5.0: an expected id cut inside its parameter matches the ids it prefixes when they agree", () => {
    const cut = "testing/test_x.py::test_grammar[log(photon";
    const inst = { ...pytest, FAIL_TO_PASS: [cut], PASS_TO_PASS: [] };
    const wrap = (lines: string) => `+ : '>>>>> Start Test Output'\n${lines}\n+ : '>>>>> End Test Output'\n`;
    // An id with a space is cut there by the parser, as the dataset's ids were: an exact match.
    expect(gradeInstance({ instance: inst, log: wrap(`PASSED ${cut} cm)]`), rules: "4.1" }).resolved).toBe(true);
    expect(gradeInstance({ instance: inst, log: wrap(`PASSED ${cut}/s)]`) }).resolved).toBe(true);
    expect(gradeInstance({ instance: inst, log: wrap(`PASSED ${cut}/s)]\nFAILED ${cut}/m)]`) }).resolved).toBe(false);
    expect(gradeInstance({ instance: inst, log: wrap(`PASSED ${cut}/s)]`), rules: "4.1" }).resolved).toBe(false);
  });

  it("the harness's own timeout line: no report, not resolved", () => {
    const log = `${miniLog(pytest.instance_id)}\n\nTimeout error: 1800 seconds exceeded.`;
    expect(gradeInstance({ instance: pytest, log })).toMatchObject({ resolved: false, not_graded: "timed_out", reason: expect.stringContaining("1800 s") });
  });

  it("fail_only instances pass every test the log does not mark FAILED", () => {
    const inst = { ...pytest, eval_type: "fail_only" as const };
    expect(gradeInstance({ instance: inst, log: miniLog(pytest.instance_id, { statuses: { [f2p!]: "absent" } }) }).resolved).toBe(true);
    expect(gradeInstance({ instance: inst, log: miniLog(pytest.instance_id, { statuses: { [f2p!]: "FAILED" } }) }).resolved).toBe(false);
  });

  it("a repository Assay has no parser for is refused, never graded", () => {
    expect(() => gradeInstance({ instance: { ...django, repo: "facebook/react" }, log: "PASSED x" })).toThrow(UnsupportedRepositoryError);
    // A parser the instance names wins over its repository's.
    expect(gradeInstance({ instance: { ...django, repo: "facebook/react", log_parser: "parse_log_pytest", FAIL_TO_PASS: ["x"], PASS_TO_PASS: [] }, log: "Applied patch a cleanly.\nPASSED x" }).resolved).toBe(true);
  });

  it("instance ids name their repository as the 2.0.x harness derives it", () => {
    expect(repoOfInstance("scikit-learn__scikit-learn-14629")).toBe("scikit-learn/scikit-learn");
    expect(repoOfInstance("django__django-11099")).toBe("django/django");
    expect(FAMILIES.map((f) => repoOfInstance(iidOf(f)))).toEqual(FAMILIES.map((f) => f.repo));
  });
});

describe("parsers, corner by corner", () => {
  it("splits on Python's whitespace (\\x1c-\\x1f are spaces, \\uFEFF is not)", () => {
    expect(pySplit(" a\x1cb\t c\uFEFFd ")).toEqual(["a", "b", "c\uFEFFd"]);
  });

  it("pytest keeps the first word as the status, even when it is not one (ERROR: lines)", () => {
    expect([...parsePytest("ERROR: not found: x.py\nFAILED a.py::t - assert 1 - 2\nPASSED\nSKIPPED [2] a.py:3: no", classic)]).toEqual([
      ["not", "ERROR:"],
      ["a.py::t", "FAILED"],
      ["[2]", "SKIPPED"],
    ]);
    // 5.x drops the skip summary's count.
    expect(parsePytest("SKIPPED [2] a.py:3: no", current).size).toBe(0);
  });

  it("pytest_options reduces an absolute-path parameter to its last component", () => {
    const m = parsePytestOptions("PASSED t.py::test[/tmp/x/data.txt]\nPASSED t.py::test[//net/x]\nPASSED t.py::test[/a/*.txt]\nPASSED t.py::test[a]b]", classic);
    expect([...m.keys()]).toEqual(["t.py::test[/data.txt]", "t.py::test[//net/x]", "t.py::test[/a/*.txt]", "t.py::test[a]b]"]);
  });

  it("pytest_v2: strips colour codes and control characters; old pytest's trailing status; 5.x keeps spaced ids whole", () => {
    const log = "\x1b[32mPASSED\x1b[0m a.py::t1\na.py::t2 FAILED\nFAILED a.py::t[x - y] - boom\n";
    expect([...parsePytestV2(log, classic)]).toEqual([
      ["a.py::t1", "PASSED"],
      ["a.py::t2", "FAILED"],
      ["a.py::t[x", "FAILED"],
    ]);
    expect([...parsePytestV2(log, current)]).toEqual([
      ["a.py::t1", "PASSED"],
      ["a.py::t2", "FAILED"],
      ["a.py::t[x", "FAILED"],
    ]);
    expect([...parsePytestV2("a.py::t[a b] PASSED", current)]).toEqual([["a.py::t[a b]", "PASSED"]]);
    expect([...parsePytestV2("a.py::t[a b] PASSED", classic)]).toEqual([["a.py::t[a", "b]"]]);
  });

  it("sympy: failure headers and ok/F/E lines", () => {
    const m = parseSympy("test_a ok\n  test_b F\ntest_c E\n______ sympy/x/tests/test_y.py:test_b ______\n", classic);
    expect(Object.fromEntries(m)).toEqual({ "sympy/x/tests/test_y.py:test_b": "FAILED", test_a: "PASSED", test_b: "FAILED", test_c: "ERROR" });
  });

  it("django: headers, a late ok, the interrupted forms, the 7188 special case", () => {
    const log = [
      "test_a (m.C) ... ok",
      "test_b (m.C) ... skipped 'no'",
      "test_c (m.C) ... FAIL",
      "ERROR: test_d (m.C)",
      "test_e (m.C) ... some print",
      "ok",
      "test_f (m.C) ... Testing against Django installed in '/x' with up to 8 processes",
      "System check identified no issues (0 silenced).",
      "ok",
      "test_g (m.C) ... Internal Server Error: /admin/x/",
      "ok",
      "Applying sites.0002_alter_domain_unique...test_no_migrations (m.C) ... ok",
      "--version is equivalent to version",
    ].join("\n");
    expect(Object.fromEntries(parseDjango(log, classic))).toEqual({
      "test_a (m.C)": "PASSED",
      "test_b (m.C)": "SKIPPED",
      "test_c (m.C)": "FAILED",
      "test_d": "ERROR",
      "test_e (m.C)": "PASSED",
      "test_f (m.C)": "PASSED",
      "test_g (m.C)": "PASSED",
      "test_no_migrations (m.C)": "PASSED",
      "--version is equivalent to version": "PASSED",
    });
  });

  it("sympy headers as Python's findall finds them, one per line at most", () => {
    expect(sympyHeader("____ sympy/a/test_b.py:test_c ____")).toBe("sympy/a/test_b.py:test_c");
    expect(sympyHeader("x y.py:z w.py:v tail")).toBe("y.py:z w.py:v"); // greedy: the last .py: with a space after it
    expect(sympyHeader("x y.py:z")).toBe(null); // no space after the .py:
    expect(sympyHeader("a.py:b c")).toBe(null); // nothing opens it before the .py:
    expect(sympyHeader("_ a.py:b ")).toBe("a.py:b");
  });

  it("go, cargo and phpunit lines", () => {
    expect(Object.fromEntries(parseGoTest("--- PASS: TestA (0.00s)\n    --- FAIL: TestA/sub (x) (0.01s)\n--- SKIP: TestB (0.00s)\n--- PASS: TestC ()", classic))).toEqual({ TestA: "PASSED", "TestA/sub (x)": "FAILED", TestB: "SKIPPED" });
    expect(Object.fromEntries(parseCargo("test a::b ... ok\ntest a::c ... FAILED\ntest a::d ... ignored\ntest a::e ... ok extra", classic))).toEqual({ "a::b": "PASSED", "a::c": "FAILED" });
    expect(Object.fromEntries(parsePhpunit(" ✔ Orphan\nSetters (Tests\\Carbon\\Setters)\n ✔ Year setter\r\n ✘ Month setter\n ↩ Day setter", classic))).toEqual({
      "None > Orphan": "PASSED",
      "Setters > Year setter\r": "PASSED",
      "Setters > Month setter": "FAILED",
      "Setters > Day setter": "SKIPPED",
    });
  });

  // A quadratic parser would take hours on these (n² ≈ 10¹⁰ steps); linear ones take about a second.
  it("stays linear on long adversarial lines (no backtracking regex on a log line)", { timeout: 120_000 }, () => {
    const n = 100_000;
    const logs = [
      "_ ".repeat(n) + ".py:" + "x".repeat(n),
      "test_a (m.C) ... Testing against Django installed in ".repeat(n / 50) + "\n",
      "x ... Internal Server Error: /".repeat(n / 30) + "x\nok",
      "PASSED t::a" + "[".repeat(n),
      "--- PASS: T" + " (".repeat(n) + "x",
      "S" + " (".repeat(n),
      // Multilingual's: lazy names before a duration, bracketed statuses, greedy names before ". " / ":" / " - ", -Dtest= traces, XML.
      "✓ x" + " (1".repeat(n) + " 1".repeat(n) + "1".repeat(n) + "x",
      "[ok]: " + "[ OK ] (".repeat(n / 4) + ")",
      ". =".repeat(n) + " x",
      "test: " + ":\t".repeat(n) + "x",
      " -".repeat(n) + " - passe",
      "-Dtest= ".repeat(n / 4) + "x BUILD SUCCES",
      " .".repeat(n) + "x",
      "<doctest" + ' a="b"'.repeat(n / 4) + "<!--".repeat(n / 4),
    ];
    // The parsers that pick by pull request read each log as each runner they pick.
    const ids = (name: string) => (PARSER_BY_INSTANCE[name] ? ["jekyll__jekyll-9141", "jekyll__jekyll-8761", "immutable-js__immutable-js-2005", "immutable-js__immutable-js-2006"] : [""]);
    for (const log of logs) for (const [name, parse] of Object.entries(PARSERS)) for (const instance_id of ids(name)) expect(parse(log, { ...current, instance_id })).toBeInstanceOf(Map);
  });
});
