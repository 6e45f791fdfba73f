/**
 * Made-up SWE-bench Multilingual instances, one per log parser the harness
 * uses for Multilingual (Go, Rust, PHP, C/C++, Java, JavaScript/TypeScript,
 * Ruby; jekyll and immutable-js once per runner their parser picks),
 * written as the Hugging Face test split's parquet is (the same columns,
 * the test lists as lists of strings), and their test logs in the marker
 * layout, each in its runner's own output format (`go test -v`, `cargo
 * test`, phpunit --testdox, redis's runtest, automake, doctest's XML,
 * micropython's run-tests.py, googletest under ctest -V, Maven under set
 * -x, ant, Gradle, minitest, cucumber, test-unit, rspec's JSON through jq,
 * jasmine, jest, jest's JSON through jq, vitest, TAP, karma). The
 * repositories and versions are real ones the harness has specs for, so
 * the eval plans are the harness's; everything else (patches, statements,
 * test names, timings) is invented. Pure and deterministic.
 */
import { parquetWriteBuffer } from "hyparquet-writer";

export const MINI_MULTILINGUAL_PATH = "swebench_multilingual/data/test-00000-of-00001.parquet";

export type Outcome = "PASSED" | "FAILED";
type Results = readonly (readonly [string, Outcome])[];

interface Family {
  repo: string;
  /** The pull request in the instance id, where it is not the version (marked's versions are releases). */
  number?: number;
  version: string;
  file: string;
  f2p: string[];
  p2p: string[];
  /** The runner's whole output for these tests, in order, each passing or failing. */
  output: (tests: Results) => string[];
}

const failed = (tests: Results) => tests.filter(([, o]) => o === "FAILED").map(([t]) => t);

/** jest --verbose's lines for one file: the PASS/FAIL header, the suite, each test with its duration, the summary. */
function jestVerbose(file: string, suite: string, tests: Results): string[] {
  const f = failed(tests);
  return [
    `${f.length ? "FAIL" : "PASS"} ${file}`,
    `  ${suite}`,
    ...tests.map(([t, o], i) => `    ${o === "PASSED" ? "✓" : "✕"} ${t} (${i + 2} ms)`),
    "",
    ...f.flatMap((t) => [`  ● ${suite} › ${t}`, "", "    expect(received).toBe(expected) // Object.is equality", ""]),
    `Test Suites: ${f.length ? "1 failed" : "1 passed"}, 1 total`,
    `Tests:       ${f.length ? `${f.length} failed, ` : ""}${tests.length - f.length} passed, ${tests.length} total`,
    "Time:        1.234 s",
  ];
}

const FAMILIES: Family[] = [
  {
    repo: "caddyserver/caddy",
    version: "6411",
    file: "replacer_test.go",
    f2p: ["TestReplacerNewWithFileSystem"],
    p2p: ["TestReplacerNew", "TestReplacerSet"],
    output: (tests) => [...tests.flatMap(([t, o]) => [`=== RUN   ${t}`, `--- ${o === "PASSED" ? "PASS" : "FAIL"}: ${t} (0.00s)`]), failed(tests).length ? "FAIL" : "PASS"],
  },
  {
    repo: "burntsushi/ripgrep",
    version: "2209",
    file: "tests/regression.rs",
    f2p: ["regression::r2208"],
    p2p: ["regression::r1", "regression::r2"],
    output: (tests) => [`running ${tests.length} tests`, ...tests.map(([t, o]) => `test ${t} ... ${o === "PASSED" ? "ok" : "FAILED"}`)],
  },
  {
    repo: "laravel/framework",
    version: "53206",
    file: "tests/Support/SupportJsTest.php",
    f2p: ["Support Js > Made up nested array is encoded"],
    p2p: ["Support Js > Made up scalar is encoded"],
    output: (tests) => ["Support Js (Illuminate\\Tests\\Support\\SupportJs)", ...tests.map(([t, o]) => ` ${o === "PASSED" ? "✔" : "✘"} ${t.slice("Support Js > ".length)}`)],
  },
  {
    repo: "redis/redis",
    version: "11279",
    file: "tests/unit/acl.tcl",
    f2p: ["ACL GETUSER provides correct results"],
    p2p: ["Connections can't be authenticated with an unknown user", "ACL LOG shows failed command executions at toplevel"],
    output: (tests) => [
      "Cleanup: may take some time... OK",
      "Starting test server at port 21079",
      "[ready]: 4242",
      "Testing unit/acl",
      ...tests.flatMap(([t, o], i) => (o === "PASSED" ? [`[ok]: ${t} (${i + 1} ms)`] : [`[err]: ${t} in tests/unit/acl.tcl`, "Expected 'on' to equal or match 'off'"])),
      "[1/1 done]: unit/acl (2 seconds)",
      "",
      "                   The End",
      ...(failed(tests).length ? ["", "!!! WARNING The following tests failed:", "", ...failed(tests).map((t) => `*** [err]: ${t} in tests/unit/acl.tcl`)] : ["", "\\o/ All tests passed without errors!"]),
    ],
  },
  {
    repo: "jqlang/jq",
    version: "2839",
    file: "tests/jq.test",
    f2p: ["tests/jqtest"],
    p2p: ["tests/mantest", "tests/shtest"],
    output: (tests) => [
      "make  check-TESTS",
      ...tests.map(([t, o]) => `${o === "PASSED" ? "PASS" : "FAIL"}: ${t}`),
      "=".repeat(76),
      "Testsuite summary for jq 1.7.1",
      "=".repeat(76),
      `# TOTAL: ${tests.length}`,
      `# PASS:  ${tests.length - failed(tests).length}`,
      `# FAIL:  ${failed(tests).length}`,
    ],
  },
  {
    repo: "nlohmann/json",
    version: "4237",
    file: "tests/src/unit-udt.cpp",
    f2p: ["basic usage > conversion from json via free-functions"],
    p2p: ["basic usage > conversion to json via free-functions", "adl_serializer specialization > partial specialization"],
    output: (tests) => {
      const byCase = new Map<string, [string, Outcome][]>();
      for (const [t, o] of tests) {
        const [tc, sc] = t.split(" > ");
        byCase.set(tc!, [...(byCase.get(tc!) ?? []), [sc!, o]]);
      }
      return [
        "[doctest] doctest version is \"2.4.11\"",
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<doctest binary="./build/tests/test-udt_cpp11" version="2.4.11">',
        '  <Options order_by="file" rand_seed="0" first="0" last="4294967295" abort_after="0" subcase_filter_levels="2147483647" case_sensitive="false" no_throw="false" no_skip="false"/>',
        '  <TestSuite>',
        ...[...byCase].flatMap(([tc, subs], i) => [
          `    <TestCase name="${tc}" filename="tests/src/unit-udt.cpp" line="${200 + i * 40}">`,
          ...subs.flatMap(([sc, o], j) => [
            `      <SubCase name="${sc}" filename="tests/src/unit-udt.cpp" line="${210 + i * 40 + j * 5}">`,
            `        <Expression success="${o === "PASSED" ? "true" : "false"}" type="CHECK" filename="tests/src/unit-udt.cpp" line="${212 + i * 40 + j * 5}">`,
            "          <Original>",
            "            json(a) == json(23)",
            "          </Original>",
            "          <Expanded>",
            `            ${o === "PASSED" ? "23 == 23" : "null == 23"}`,
            "          </Expanded>",
            "        </Expression>",
            "      </SubCase>",
          ]),
          `      <OverallResultsAsserts successes="${subs.filter(([, o]) => o === "PASSED").length}" failures="${subs.filter(([, o]) => o === "FAILED").length}" test_case_success="${subs.every(([, o]) => o === "PASSED")}"/>`,
          "    </TestCase>",
        ]),
        "  </TestSuite>",
        `  <OverallResultsAsserts successes="${tests.length - failed(tests).length}" failures="${failed(tests).length}"/>`,
        `  <OverallResultsTestCases successes="${byCase.size}" failures="0"/>`,
        "</doctest>",
      ];
    },
  },
  {
    repo: "micropython/micropython",
    version: "15898",
    file: "tests/basics/string_format.py",
    f2p: ["basics/string_format.py"],
    p2p: ["basics/string_format2.py", "basics/string_format_modulo.py"],
    output: (tests) => [
      ...tests.map(([t, o]) => `${o === "PASSED" ? "pass" : "FAIL"}  ${t}`),
      `${tests.length} tests performed (${tests.length * 37} individual testcases)`,
      `${tests.length - failed(tests).length} tests passed`,
      ...(failed(tests).length ? [`${failed(tests).length} tests failed: ${failed(tests).map((t) => t.replace(/^basics\/|\.py$/g, "")).join(" ")}`] : []),
    ],
  },
  {
    repo: "fmtlib/fmt",
    version: "3863",
    file: "test/ranges-test.cc",
    f2p: ["ranges_test.format_map"],
    p2p: ["ranges_test.format_array", "ranges_test.format_tuple"],
    output: (tests) => [
      "Test project /testbed/build",
      "    Start 4: ranges-test",
      "",
      "4: Test command: /testbed/build/bin/ranges-test",
      `4: [==========] Running ${tests.length} tests from 1 test suite.`,
      `4: [----------] ${tests.length} tests from ranges_test`,
      ...tests.flatMap(([t, o]) => [`4: [ RUN      ] ${t}`, ...(o === "FAILED" ? ["4: /testbed/test/ranges-test.cc:61: Failure", "4: Expected equality of these values:"] : []), `4: [${o === "PASSED" ? "       OK " : "  FAILED  "}] ${t} (0 ms)`]),
      `4: [==========] ${tests.length} tests from 1 test suite ran. (1 ms total)`,
      `4: [  PASSED  ] ${tests.length - failed(tests).length} tests.`,
      ...(failed(tests).length ? [`4: [  FAILED  ] ${failed(tests).length} test, listed below:`, ...failed(tests).map((t) => `4: [  FAILED  ] ${t}`)] : []),
      `1/1 Test #4: ranges-test ......................${failed(tests).length ? "***Failed" : "   Passed"}    0.01 sec`,
    ],
  },
  {
    repo: "google/gson",
    version: "2311",
    file: "gson/src/test/java/com/google/gson/JsonPrimitiveTest.java",
    f2p: ["com.google.gson.JsonPrimitiveTest#testLongEqualsBigInteger"],
    p2p: ["com.google.gson.JsonPrimitiveTest#testEqualsIntegerAndBigInteger", "com.google.gson.JsonPrimitiveTest#testEqualsAcrossTypes"],
    output: (tests) =>
      tests.flatMap(([t, o]) => [
        `+ mvnd test -B -T 1C -pl gson -Dtest=${t}`,
        "[INFO] Scanning for projects...",
        "[INFO] -------------------------------------------------------",
        "[INFO]  T E S T S",
        "[INFO] -------------------------------------------------------",
        "[INFO] Running com.google.gson.JsonPrimitiveTest",
        o === "PASSED"
          ? "[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.031 s - in com.google.gson.JsonPrimitiveTest"
          : "[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.042 s <<< FAILURE! - in com.google.gson.JsonPrimitiveTest",
        "[INFO] ------------------------------------------------------------------------",
        `[INFO] BUILD ${o === "PASSED" ? "SUCCESS" : "FAILURE"}`,
        "[INFO] ------------------------------------------------------------------------",
      ]),
  },
  {
    repo: "projectlombok/lombok",
    version: "3602",
    file: "test/transform/resource/before/BuilderSimple.java",
    f2p: ["BuilderSimple.java(lombok.transform.TestWithDelombok)"],
    p2p: ["GetterLazy.java(lombok.transform.TestWithDelombok)", "ValComplex.java(lombok.transform.TestWithEcj)"],
    output: (tests) => [
      "test.instance:",
      "    [junit] Testsuite: lombok.transform.RunTransformTests",
      ...tests.map(([t, o]) => `    [junit] [${o === "PASSED" ? "PASS" : "FAIL"}] ${t}`),
      `    [junit] Tests run: ${tests.length}, Failures: ${failed(tests).length}, Errors: 0, Skipped: 0, Time elapsed: 3.21 sec`,
      failed(tests).length ? "BUILD FAILED" : "BUILD SUCCESSFUL",
    ],
  },
  {
    repo: "apache/lucene",
    version: "13494",
    file: "lucene/facet/src/test/org/apache/lucene/facet/TestStringValueFacetCounts.java",
    f2p: ["org.apache.lucene.facet.TestStringValueFacetCounts > testStaleState"],
    p2p: ["org.apache.lucene.facet.TestStringValueFacetCounts > testBasicSingleValued", "org.apache.lucene.facet.TestStringValueFacetCounts > testEmptyDocs"],
    // A test's status can land on its own line after interleaved output (the harness's second Gradle case).
    output: (tests) => [
      "> Task :lucene:facet:test",
      ...tests.flatMap(([t, o], i) => (i === 0 ? [t, "WARNING: A command line option has enabled the Security Manager", o] : [`${t} ${o}`])),
      "",
      `${tests.length} tests completed, ${failed(tests).length} failed`,
      failed(tests).length ? "BUILD FAILED in 41s" : "BUILD SUCCESSFUL in 38s",
    ],
  },
  {
    repo: "jekyll/jekyll",
    version: "9141",
    file: "test/test_site.rb",
    f2p: ["TestSite#test: creating sites with static files should read static files in a collection"],
    p2p: ["TestSite#test: creating sites with static files should not include excluded static files", "TestSite#test: creating sites with static files should sort static files by path"],
    // shoulda-context names end in ". ", which minitest -v prints before " = time = outcome".
    output: (tests) => [
      'Run options: -v -n "/static files/" --seed 31337',
      "",
      "# Running:",
      "",
      ...tests.map(([t, o], i) => `${t}.  = 0.0${i + 1} s = ${o === "PASSED" ? "." : "F"}`),
      "",
      "Finished in 0.061234s, 48.9931 runs/s, 81.6551 assertions/s.",
      ...failed(tests).flatMap((t, i) => ["", `  ${i + 1}) Failure:`, `${t}.  [test/test_site.rb:142]:`, "Expected false to be truthy."]),
      "",
      `${tests.length} runs, 5 assertions, ${failed(tests).length} failures, 0 errors, 0 skips`,
    ],
  },
  {
    repo: "jekyll/jekyll",
    version: "8761",
    file: "features/post_data.feature",
    f2p: ["Scenario: Use page.render_with_liquid variable"],
    p2p: ["Scenario: Use post.title variable", "Scenario: Use post.date variable"],
    output: (tests) => [
      "Feature: Post data",
      ...tests.map(([t, o]) => `  ${t} ${o === "PASSED" ? "......" : "....F-"}`),
      "",
      `${tests.length} scenarios (${failed(tests).length ? `${failed(tests).length} failed, ` : ""}${tests.length - failed(tests).length} passed)`,
      `${tests.length * 6} steps (${failed(tests).length ? `${failed(tests).length} failed, ${failed(tests).length} skipped, ` : ""}${tests.length * 6 - 2 * failed(tests).length} passed)`,
    ],
  },
  {
    repo: "fluent/fluentd",
    version: "4311",
    file: "test/config/test_system_config.rb",
    f2p: ["rotate_age can be daily"],
    p2p: ["rotate_age can be weekly", "rotate_age can be an integer"],
    output: (tests) => [
      "Loaded suite test/config/test_system_config",
      "Started",
      "Fluent::Config::TestSystemConfig: ",
      ...tests.flatMap(([t, o], i) =>
        o === "PASSED"
          ? [`  test: ${t}:\t\t\t\t.: (0.00${i + 1}234)`]
          : [`  test: ${t}:\t\t\t\tF`, "=".repeat(79), `Failure: test: ${t}(Fluent::Config::TestSystemConfig)`, "test/config/test_system_config.rb:151:in `block in <class:TestSystemConfig>'", '<"daily"> expected but was', "<nil>", "=".repeat(79), ": (0.004321)"],
      ),
      "Finished in 0.012 seconds.",
      "-".repeat(79),
      `${tests.length} tests, ${tests.length} assertions, ${failed(tests).length} failures, 0 errors, 0 pendings, 0 omissions, 0 notifications`,
    ],
  },
  {
    repo: "fastlane/fastlane",
    version: "20958",
    file: "fastlane/spec/actions_specs/import_from_git_spec.rb",
    f2p: ["imports the Fastfile from a tag - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:3]"],
    p2p: ["imports the Fastfile from the default branch - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:1]", "raises an error for a missing repository - ./fastlane/spec/actions_specs/import_from_git_spec.rb[1:1:2]"],
    output: (tests) => tests.map(([t, o]) => `${t} - ${o === "PASSED" ? "passed" : "failed"}`),
  },
  {
    repo: "markedjs/marked",
    number: 1821,
    version: "1.2",
    file: "test/unit/marked-spec.js",
    f2p: ["Test paragraph token type should not break on a trailing tab"],
    p2p: ["Test heading ID functionality should add id attribute by default", "Test hooks should process all tokens"],
    // jasmine names only failures; the harness grades marked fail-only.
    output: (tests) => [
      "Randomized with seed 24680",
      "Started",
      tests.map(([, o]) => (o === "PASSED" ? "." : "F")).join(""),
      "",
      ...(failed(tests).length ? ["Failures:", ...failed(tests).flatMap((t, i) => [`${i + 1}) ${t}`, "  Message:", "    Expected '<p>a</p>' to equal '<p>a\\t</p>'.", "  Stack:", "        at <Jasmine>", ""])] : []),
      `${tests.length} specs, ${failed(tests).length} failure${failed(tests).length === 1 ? "" : "s"}`,
      "Finished in 0.214 seconds",
    ],
  },
  {
    repo: "babel/babel",
    version: "15649",
    file: "packages/babel-traverse/test/scope.js",
    f2p: ["duplicate bindings in a catch clause are not reported"],
    p2p: ["function declaration id", "class declaration id"],
    output: (tests) => jestVerbose("packages/babel-traverse/test/scope.js", "scope", tests),
  },
  {
    repo: "vuejs/core",
    version: "11589",
    file: "packages/runtime-core/__tests__/apiWatch.spec.ts",
    f2p: ["packages/runtime-core/__tests__/apiWatch.spec.ts > api: watch > watching deep ref with once"],
    p2p: ["packages/runtime-core/__tests__/apiWatch.spec.ts > api: watch > effect", "packages/runtime-core/__tests__/apiWatch.spec.ts > api: watch > watching single source: getter"],
    output: (tests) => [
      "",
      " RUN  v2.0.5 /testbed",
      "",
      ...tests.map(([t, o], i) => ` ${o === "PASSED" ? "✓" : "×"} ${t} ${i + 3}ms`),
      "",
      ` Test Files  ${failed(tests).length ? "1 failed" : "1 passed"} (1)`,
      `      Tests  ${failed(tests).length ? `${failed(tests).length} failed | ` : ""}${tests.length - failed(tests).length} passed (${tests.length})`,
    ],
  },
  {
    repo: "immutable-js/immutable-js",
    version: "2006",
    file: "__tests__/Range.ts",
    f2p: ["includes first, excludes last"],
    p2p: ["fixed range", "stepped range"],
    output: (tests) => jestVerbose("__tests__/Range.ts", "Range", tests),
  },
  {
    repo: "immutable-js/immutable-js",
    version: "2005",
    file: "__tests__/OrderedMap.ts",
    f2p: ["OrderedMap > does not lose order when removing the last key"],
    p2p: ["OrderedMap > iterates in the order of definition", "OrderedSet > maintains order when new values are added"],
    output: (tests) => tests.map(([t, o]) => `[${o}] ${t}`),
  },
  {
    repo: "mrdoob/three.js",
    version: "27395",
    file: "test/unit/src/math/Sphere.tests.js",
    f2p: ["Maths > Sphere > union"],
    p2p: ["Maths > Sphere > Instancing", "Maths > Sphere > containsPoint"],
    output: (tests) => [
      "TAP version 13",
      ...tests.flatMap(([t, o], i) => (o === "PASSED" ? [`ok ${i + 1} ${t}`] : [`not ok ${i + 1} ${t}`, "  ---", "  message: Radius is the same", "  severity: failed", "  ..."])),
      `1..${tests.length}`,
      `# pass ${tests.length - failed(tests).length}`,
      "# skip 0",
      "# todo 0",
      `# fail ${failed(tests).length}`,
    ],
  },
  {
    repo: "preactjs/preact",
    version: "4316",
    file: "test/browser/events.test.js",
    f2p: ["Events > should support onAnimationEnd"],
    p2p: ["Events > should only register on* functions as handlers", "Events > should remove event handlers"],
    output: (tests) => [
      "START:",
      "06 12 2026 10:00:00.100:INFO [karma-server]: Karma v6.4.2 server started at http://localhost:9876/",
      "06 12 2026 10:00:00.101:INFO [launcher]: Launching browsers ChromeNoSandboxHeadless with concurrency unlimited",
      "06 12 2026 10:00:00.105:INFO [launcher]: Starting browser ChromeHeadless",
      "06 12 2026 10:00:01.200:INFO [Chrome Headless 120.0.6099.109 (Linux x86_64)]: Connected on socket aBcD with id 1234",
      "  Events",
      ...tests.map(([t, o]) => `    ${o === "PASSED" ? "✔" : "✖"} ${t.slice("Events > ".length)}`),
      "",
      "Finished in 0.081 secs / 0.032 secs @ 10:00:01 GMT+0000 (Coordinated Universal Time)",
      "",
      "SUMMARY:",
      `✔ ${tests.length - failed(tests).length} tests completed`,
      ...(failed(tests).length ? [`✖ ${failed(tests).length} test failed`] : []),
    ],
  },
];

const commit = (n: number) => n.toString(16).padStart(40, "0");
const idOf = (f: Family) => `${f.repo.replace("/", "__")}-${f.number ?? f.version}`;

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
    created_at: `2025-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00Z`,
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

/** The eval script's output for the generated instance `instanceId`: every listed test passing unless `failing` names it. */
export function miniMultilingualLog(instanceId: string, failing: string[] = []): string {
  const f = FAMILIES.find((x) => idOf(x) === instanceId);
  if (!f) throw new Error(`no generated Multilingual instance ${instanceId}`);
  const tests = [...f.f2p, ...f.p2p].map((t) => [t, failing.includes(t) ? "FAILED" : "PASSED"] as const);
  const exit = failing.length > 0 ? 1 : 0;
  return [
    "+ cd /testbed",
    `+ git apply --verbose --reject -`,
    `Checking patch ${f.file}...`,
    `Applied patch ${f.file} cleanly.`,
    "+ : '>>>>> Start Test Output'",
    ...f.output(tests),
    `+ SWEBENCH_TEST_EXIT_CODE=${exit}`,
    "+ : '>>>>> End Test Output'",
    `+ echo '>>>>> Test Exit Code: ${exit}'`,
    `>>>>> Test Exit Code: ${exit}`,
    "",
  ].join("\n");
}
