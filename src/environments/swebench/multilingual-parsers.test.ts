// The harness's log parsers for SWE-bench Multilingual's C/C++, Java,
// JavaScript/TypeScript and Ruby repositories, each on a log written the way
// its runner prints one, asserting the whole status map the harness's parser
// makes of it (quirks included), the 4.x (classic) readings where they
// differ, and the places Assay differs (a log the harness's parser raises
// on yields no test, graded unresolved).
import { describe, expect, it } from "vitest";
import { gradeInstance } from "./grading";
import { PARSERS, type ParseOptions } from "./log-parsers";

const current: ParseOptions = { statuses: ["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"], flavour: "current" };
const classic: ParseOptions = { ...current, flavour: "classic" };
const parse = (name: string, log: string, opts: ParseOptions = current) => Object.fromEntries(PARSERS[name]!(log, opts));
const lines = (...l: string[]) => l.join("\n");

describe("C and C++", () => {
  it("redis / valkey runtest: [ok] with its duration cut, [err] without its file, [skip] and [ignore] skipped; the closing summary is not a result", () => {
    const log = lines(
      "Cleanup: may take some time... OK",
      "Starting test server at port 21079",
      "[ready]: 4242",
      "Testing unit/type/list",
      "[ok]: LPOP/RPOP with the count 0 returns an empty array in RESP2 (1 ms)",
      "[ok]: LPOP/RPOP against non existing key in RESP3 (12 ms)",
      "[err]: LPOP/RPOP with <count> against non existing key in RESP2 in tests/unit/type/list.tcl",
      "Expected '' to be equal to '*-1' (context: type eval line 4 cmd {assert_equal {*-1} [$rd read]} proc ::test)",
      "[skip]: LPOP/RPOP with wrong number of arguments",
      "[ignore]: Crash report generated on SIGABRT: not supported",
      "[1/1 done]: unit/type/list (3 seconds)",
      "",
      "!!! WARNING The following tests failed:",
      "",
      "*** [err]: LPOP/RPOP with <count> against non existing key in RESP2 in tests/unit/type/list.tcl",
    );
    expect(parse("parse_log_redis", log)).toEqual({
      "LPOP/RPOP with the count 0 returns an empty array in RESP2": "PASSED",
      "LPOP/RPOP against non existing key in RESP3": "PASSED",
      "LPOP/RPOP with <count> against non existing key in RESP2": "FAILED",
      "LPOP/RPOP with wrong number of arguments": "SKIPPED",
      "Crash report generated on SIGABRT: not supported": "SKIPPED",
    });
  });

  it("jq's make check: automake's PASS / FAIL lines, not the summary's counts", () => {
    const log = lines("make  check-TESTS", "PASS: tests/mantest", "FAIL: tests/jqtest", "PASS: tests/shtest", "XFAIL: tests/utf8test", "=".repeat(76), "# TOTAL: 4", "# PASS:  2", "# FAIL:  1");
    expect(parse("parse_log_jq", log)).toEqual({ "tests/mantest": "PASSED", "tests/jqtest": "FAILED", "tests/shtest": "PASSED" });
  });

  it("doctest's XML: TestCase > SubCase, failing when any expression under it (a nested subcase's too) fails; a test case without subcases is not a result", () => {
    const log = lines(
      "[doctest] doctest version is \"2.4.11\"",
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<doctest binary="./build/tests/test-udt_cpp11" version="2.4.11">',
      '  <TestSuite name="udt">',
      '    <TestCase name="basic usage" filename="tests/src/unit-udt.cpp" line="212">',
      '      <SubCase name="conversion to json via free-functions" filename="tests/src/unit-udt.cpp" line="226">',
      '        <Expression success="true" type="CHECK" filename="tests/src/unit-udt.cpp" line="231">',
      "          <Original>\n            json(a) == json(23)\n          </Original>",
      "        </Expression>",
      '        <SubCase name="via &quot;adl&quot; &amp; friends" filename="tests/src/unit-udt.cpp" line="240">',
      '          <Expression success="false" type="CHECK" filename="tests/src/unit-udt.cpp" line="243">',
      "            <Original>\n              j[&quot;age&quot;] &lt; 30\n            </Original>",
      "          </Expression>",
      "        </SubCase>",
      "      </SubCase>",
      '      <SubCase name="conversion from json via free-functions" filename="tests/src/unit-udt.cpp" line="262"/>',
      '      <OverallResultsAsserts successes="1" failures="1" test_case_success="false"/>',
      "    </TestCase>",
      '    <TestCase name="udt comparison" filename="tests/src/unit-udt.cpp" line="300">',
      '      <Expression success="false" type="CHECK" filename="tests/src/unit-udt.cpp" line="305"/>',
      "    </TestCase>",
      "  </TestSuite>",
      "</doctest>",
      "[doctest] test cases: 2 | 0 passed | 2 failed",
    );
    expect(parse("parse_log_doctest", log)).toEqual({
      "basic usage > conversion to json via free-functions": "FAILED",
      'basic usage > via "adl" & friends': "FAILED",
      "basic usage > conversion from json via free-functions": "PASSED",
    });
  });

  it("differs: a doctest report cut short (no </doctest>, or XML ElementTree refuses) yields no test where the harness's parser raises; either way the instance is not resolved", () => {
    const head = '<doctest binary="t">\n  <TestCase name="basic usage">\n    <SubCase name="conversion">\n      <Expression success="true"/>\n    </SubCase>';
    expect(parse("parse_log_doctest", head)).toEqual({});
    expect(parse("parse_log_doctest", `${head}\n  </TestCase>\n  <Stray a="1 & 2"/>\n</doctest>`)).toEqual({});
    expect(parse("parse_log_doctest", `${head}\n  </TestCase>\n</doctest>`)).toEqual({ "basic usage > conversion": "PASSED" });
    const inst = { instance_id: "nlohmann__json-4237", repo: "nlohmann/json", FAIL_TO_PASS: ["basic usage > conversion"], PASS_TO_PASS: [] };
    const log = `: '>>>>> Start Test Output'\n${head}\n: '>>>>> End Test Output'\n>>>>> Test Exit Code: 139\n`;
    expect(gradeInstance({ instance: inst, log })).toMatchObject({ resolved: false, not_graded: "no_tests" });
  });

  it("micropython's run-tests.py: pass / FAIL / skip and the test file after the blanks", () => {
    const log = lines("pass  basics/fun1.py", "skip  basics/fun_calldblstar4.py", "FAIL  basics/fun_defargs2.py", "pass  basics/fun_kwonly.py", "4 tests performed (112 individual testcases)", "2 tests passed", "1 tests skipped: fun_calldblstar4", "1 tests failed: fun_defargs2");
    expect(parse("parse_log_micropython_test", log)).toEqual({ "basics/fun1.py": "PASSED", "basics/fun_calldblstar4.py": "SKIPPED", "basics/fun_defargs2.py": "FAILED", "basics/fun_kwonly.py": "PASSED" });
  });

  it("googletest under ctest -V: OK / FAILED with a duration, the ctest prefix skipped, parameterised names kept, the summary's bare names not results", () => {
    const log = lines(
      "4: [==========] Running 4 tests from 2 test suites.",
      "4: [ RUN      ] format_test.named_arg",
      "4: [       OK ] format_test.named_arg (0 ms)",
      "4: [ RUN      ] format_test.width",
      "4: /testbed/test/format-test.cc:503: Failure",
      "4: [  FAILED  ] format_test.width (1 ms)",
      "4: [       OK ] numeric/int_test.parse/2, where GetParam() = (3, 4) (0 ms)",
      "[       OK ] printf_test.no_args (0 ms)",
      "4: [==========] 4 tests from 2 test suites ran. (2 ms total)",
      "4: [  PASSED  ] 3 tests.",
      "4: [  FAILED  ] 1 test, listed below:",
      "4: [  FAILED  ] format_test.width",
    );
    expect(parse("parse_log_googletest", log)).toEqual({
      "format_test.named_arg": "PASSED",
      "format_test.width": "FAILED",
      "numeric/int_test.parse/2, where GetParam() = (3, 4)": "PASSED",
      "printf_test.no_args": "PASSED",
    });
  });
});

describe("Java", () => {
  const mvn = (test: string, ok: boolean) => [`+ mvnd test -B -T 1C -pl gson -Dtest=${test}`, "[INFO] Running com.google.gson.stream.JsonReaderTest", `[INFO] BUILD ${ok ? "SUCCESS" : "FAILURE"}`];

  it("Maven, one run per test: the -Dtest= of the traced command, the build's result", () => {
    const log = lines(...mvn("com.google.gson.stream.JsonReaderTest#testReadEmptyArray", true), ...mvn("com.google.gson.stream.JsonReaderTest#testHasNextEndOfDocument", false), "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project gson");
    expect(parse("parse_log_maven", log)).toEqual({ "com.google.gson.stream.JsonReaderTest#testReadEmptyArray": "PASSED", "com.google.gson.stream.JsonReaderTest#testHasNextEndOfDocument": "FAILED" });
  });

  it("Maven, traces and results interleaved: 5.x pairs them in order, 4.x gave each result to the test last traced", () => {
    const log = lines("[INFO] BUILD SUCCESS", "+ mvnd test -B -pl server -Dtest=A#one", "+ mvnd test -B -pl server -Dtest=A#two", "[INFO] BUILD FAILURE", "+ mvnd test -B -pl server -Dtest=A#three");
    expect(parse("parse_log_maven", log)).toEqual({ "A#one": "FAILED", "A#two": "PASSED" });
    expect(parse("parse_log_maven", log, classic)).toEqual({ "---NO TEST NAME FOUND YET---": "PASSED", "A#two": "FAILED" });
  });

  it("lombok's ant run: [junit] [PASS] / [FAIL] / [ERR]", () => {
    const log = lines("test.instance:", "    [junit] Testsuite: lombok.transform.RunTransformTests", "    [junit] [PASS] GetterLazy.java(lombok.transform.TestWithDelombok)", "    [junit] [FAIL] BuilderSimple.java(lombok.transform.TestWithDelombok)", "    [junit] [ERR] ValComplex.java(lombok.transform.TestWithEcj)", "    [junit] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 3.21 sec", "BUILD FAILED");
    expect(parse("parse_log_ant", log)).toEqual({
      "GetterLazy.java(lombok.transform.TestWithDelombok)": "PASSED",
      "BuilderSimple.java(lombok.transform.TestWithDelombok)": "FAILED",
      "ValComplex.java(lombok.transform.TestWithEcj)": "FAILED",
    });
  });

  it("Gradle: `Class > method STATUS`, a status on its own line after other output (5.x only), never a line starting with >", () => {
    const log = lines(
      "> Task :lucene:core:test",
      "org.apache.lucene.index.TestIndexWriter > testFlushWithNoMerging PASSED",
      "org.apache.lucene.index.TestIndexWriter > testSmallRAMBuffer",
      "WARNING: A terminally deprecated method in java.lang.System has been called",
      "FAILED",
      "org.apache.lucene.index.TestIndexWriter > testEmptyFieldName SKIPPED",
      "> Task :lucene:core:test FAILED",
      "3 tests completed, 1 failed, 1 skipped",
    );
    expect(parse("parse_log_gradle_custom", log)).toEqual({ "org.apache.lucene.index.TestIndexWriter > testFlushWithNoMerging": "PASSED", "org.apache.lucene.index.TestIndexWriter > testSmallRAMBuffer": "FAILED" });
    expect(parse("parse_log_gradle_custom", log, classic)).toEqual({ "org.apache.lucene.index.TestIndexWriter > testFlushWithNoMerging": "PASSED" });
  });
});

describe("Ruby", () => {
  it("minitest -v with shoulda names: the name up to its '. ', the outcome last", () => {
    const log = lines(
      'Run options: -v -n "/where_exp filter/" --seed 4242',
      "",
      "# Running:",
      "",
      "TestFilters#test: filters where_exp filter should return any input that is not an array.  = 0.00 s = .",
      "TestFilters#test: filters where_exp filter should filter objects in a hash appropriately.  = 0.01 s = F",
      "TestFilters#test: filters where_exp filter should always return an array.  = 0.00 s = E",
      "",
      "  1) Failure:",
      "TestFilters#test: filters where_exp filter should filter objects in a hash appropriately.  [test/test_filters.rb:987]:",
      "Expected: 1",
      "  Actual: 2",
      "",
      "3 runs, 3 assertions, 1 failures, 1 errors, 0 skips",
    );
    expect(parse("parse_log_minitest", log)).toEqual({
      "TestFilters#test: filters where_exp filter should return any input that is not an array": "PASSED",
      "TestFilters#test: filters where_exp filter should filter objects in a hash appropriately": "FAILED",
      "TestFilters#test: filters where_exp filter should always return an array": "FAILED",
    });
  });

  it("cucumber: a scenario's step marks after its name, F failing", () => {
    const log = lines("Feature: Incremental rebuild", "  Scenario: Produce correct output with --incremental ......", "  Scenario: Rebuild when content of an included file changes ...F--", "", "2 scenarios (1 failed, 1 passed)");
    expect(parse("parse_log_cucumber", log)).toEqual({ "Scenario: Produce correct output with --incremental": "PASSED", "Scenario: Rebuild when content of an included file changes": "FAILED" });
  });

  it("test-unit -v: the name before the outcome mark (a 'test: ' prefix dropped), O omitted counts as skipped, pending and the failure report are not results", () => {
    const log = lines(
      "Loaded suite test/test_event_router",
      "Started",
      "EventRouterTest: ",
      "  test: handle_emits_error with a default error handler:\t\t.: (0.000512)",
      "  test_emit_error_event:\t\t\t\t\tF",
      "=".repeat(79),
      "Failure: test_emit_error_event(EventRouterTest)",
      "test/test_event_router.rb:321:in `block in <class:EventRouterTest>'",
      "<1> expected but was",
      "<0>",
      "=".repeat(79),
      ": (0.004211)",
      "  test: emits to the label:\t\t\t\tE",
      "  test: omitted on windows:\t\t\t\tO",
      "  test: pending rewrite:\t\t\t\t\tP",
      "Finished in 0.02 seconds.",
    );
    expect(parse("parse_log_ruby_unit", log)).toEqual({
      "handle_emits_error with a default error handler": "PASSED",
      test_emit_error_event: "FAILED",
      "emits to the label": "FAILED",
      "omitted on windows": "SKIPPED",
    });
  });

  it("rspec's JSON through jq: `description - id - status`, pending never recorded (the harness's pattern does not take it)", () => {
    const log = lines(
      "imports the Fastfile from the default branch - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:1] - passed",
      "raises an error for a missing repository - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:2] - failed",
      "imports a tag - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:3] - pending",
      "registers an offense for `foo&.bar - baz` - passed",
    );
    expect(parse("parse_log_rspec_transformed_json", log)).toEqual({
      "imports the Fastfile from the default branch - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:1]": "PASSED",
      "raises an error for a missing repository - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:2]": "FAILED",
      "registers an offense for `foo&.bar - baz`": "PASSED",
    });
  });

  it("jekyll picks minitest or cucumber by the instance's pull request", () => {
    const log = lines("TestSite#test: creating sites should read posts.  = 0.01 s = .", "  Scenario: Use post.title variable ......");
    expect(parse("parse_log_jekyll", log, { ...current, instance_id: "jekyll__jekyll-8167" })).toEqual({ "TestSite#test: creating sites should read posts": "PASSED" });
    expect(parse("parse_log_jekyll", log, { ...current, instance_id: "jekyll__jekyll-8771" })).toEqual({ "Scenario: Use post.title variable": "PASSED" });
  });
});

describe("JavaScript and TypeScript", () => {
  it("jasmine (marked): only the numbered failures are results", () => {
    const log = lines("Randomized with seed 13579", "Started", "..F.F", "", "Failures:", "1) Marked Code spans should handle backticks ", "  Message:", "    Expected '<p>a</p>' to equal '<p>b</p>'.", "2) Lexer paragraph should keep \\r", "  Stack:", "        at <Jasmine>", "", "5 specs, 2 failures");
    expect(parse("parse_log_marked", log)).toEqual({ "Marked Code spans should handle backticks": "FAILED", "Lexer paragraph should keep \\r": "FAILED" });
  });

  const jest = lines(
    "PASS packages/docusaurus-utils/src/__tests__/markdownUtils.test.ts",
    "  parseMarkdownHeadingId",
    "    ✓ can parse simple heading without id (3 ms)",
    "    ✕ can parse heading with id and trailing spaces  (12 ms)",
    "    ○ skipped can parse heading with id and a Latin name",
    "    ✓ works without a duration",
    "",
    "Tests:       1 failed, 1 skipped, 2 passed, 4 total",
  );

  it("jest --verbose: ✓ / ✕ / ○ with the duration cut and the name stripped (4.x kept the blank before the duration)", () => {
    expect(parse("parse_log_jest", jest)).toEqual({
      "can parse simple heading without id": "PASSED",
      "can parse heading with id and trailing spaces": "FAILED",
      "skipped can parse heading with id and a Latin name": "SKIPPED",
      "works without a duration": "PASSED",
    });
    expect(parse("parse_log_jest", jest, classic)).toMatchObject({ "can parse heading with id and trailing spaces ": "FAILED" });
  });

  it("jest --json through jq: [PASSED] / [FAILED] with the describe path; other statuses not read", () => {
    const log = lines("[PASSED] OrderedMap > iterates in the order of definition", "[FAILED] OrderedMap > does not lose order when removing the last key", "[PENDING] OrderedSet > is pending");
    expect(parse("parse_log_jest_json", log)).toEqual({ "OrderedMap > iterates in the order of definition": "PASSED", "OrderedMap > does not lose order when removing the last key": "FAILED" });
  });

  it("vitest --reporter=verbose: ✓ / × / ↓ with the duration or [skipped] cut", () => {
    const log = lines(
      " RUN  v2.0.5 /testbed",
      " ✓ packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > simple div 2ms",
      " × packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > void element 14ms",
      " ↓ packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > template element [skipped]",
      " ✓ packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > nested depth 3",
      "",
      " Test Files  1 failed (1)",
    );
    expect(parse("parse_log_vitest", log)).toEqual({
      "packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > simple div": "PASSED",
      "packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > void element": "FAILED",
      "packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > template element": "SKIPPED",
      // A trailing number reads as a duration, as the harness's pattern reads it.
      "packages/compiler-core/__tests__/parse.spec.ts > compiler: parse > Element > nested depth": "PASSED",
    });
  });

  it("TAP from mocha -R tap and QUnit: ok / not ok N, the rest of the line the name", () => {
    const log = lines("TAP version 13", "ok 1 Maths > Sphere > Instancing", "not ok 2 Maths > Sphere > union", "  ---", "  message: failed", "  ...", "1..2", "# pass 1", "# fail 1", "ok 3 supports http with nodejs compression: gzip", "ok 4 - #4738 timeout");
    expect(parse("parse_log_tap", log)).toEqual({ "Maths > Sphere > Instancing": "PASSED", "Maths > Sphere > union": "FAILED", "supports http with nodejs compression: gzip": "PASSED", "- #4738 timeout": "PASSED" });
  });

  it("karma's mocha reporter: results after 'Starting browser', suites by indent (a sibling suite keeps its elder's name, as the harness's rules do), up to SUMMARY", () => {
    const log = lines(
      "START:",
      "  ✔ not a result: the browser has not started",
      "06 12 2026 10:00:00.105:INFO [launcher]: Starting browser ChromeHeadless",
      "  refs",
      "    ✔ should invoke refs in Component.render()",
      "    ✖ should pass rendered DOM from functional components to ref functions",
      "    unmounting",
      "      ✔ should null refs on unmount",
      "  render()",
      "    ✔ should render nothing node given null",
      "  hydrate()",
      "    ✔ should not rerender",
      "",
      "SUMMARY:",
      "✔ 4 tests completed",
      "  ✖ not a result either",
    );
    expect(parse("parse_log_karma", log)).toEqual({
      "refs > should invoke refs in Component.render()": "PASSED",
      "refs > should pass rendered DOM from functional components to ref functions": "FAILED",
      "refs > unmounting > should null refs on unmount": "PASSED",
      "refs > should render nothing node given null": "PASSED",
      "refs > should not rerender": "PASSED",
    });
  });

  it("differs: where karma's suite tracking pops an empty list the harness's parser raises; here the log yields no test", () => {
    const log = lines("INFO [launcher]: Starting browser ChromeHeadless", "      deep suite", "    ✔ a test", "    shallower", "  shallowest", "  ✔ another test");
    expect(parse("parse_log_karma", log)).toEqual({});
  });

  it("immutable-js picks jest's verbose or JSON reading by the instance's pull request", () => {
    const log = lines("    ✓ fixed range (2 ms)", "[PASSED] Range > fixed range");
    expect(parse("parse_log_immutable_js", log, { ...current, instance_id: "immutable-js__immutable-js-2006" })).toEqual({ "fixed range": "PASSED" });
    expect(parse("parse_log_immutable_js", log, { ...current, instance_id: "immutable-js__immutable-js-2005" })).toEqual({ "Range > fixed range": "PASSED" });
  });
});
