// SWE-bench Multilingual on generated instances (one per log parser: Go,
// Rust, PHP, C/C++, Java, JavaScript/TypeScript, Ruby) in the Hugging Face
// parquet's layout: the rows load through the catalog's loader, every
// instance gets the harness's eval plan (its image name and the test
// command its repository and version define), each runner's log grades to
// resolved or not by FAIL_TO_PASS / PASS_TO_PASS, and every one of the 42
// repositories has its parser.
import { describe, expect, it } from "vitest";
import { builtinById } from "../../catalog";
import { MINI_MULTILINGUAL_PATH, miniMultilingualLog, miniMultilingualParquet, miniMultilingualRows } from "../../../test/mini-swebench-multilingual";
import { evalPlan, EvalPlanError } from "./eval-plan";
import { gradeInstance, UnsupportedRepositoryError } from "./grading";
import { SwebenchInstance } from "./instance";
import { parserFor, PARSER_BY_INSTANCE, PARSERS, REPO_PARSER } from "./log-parsers";
import { SWEBENCH_MULTILINGUAL_DATA } from "./multilingual-data";
import { MULTILINGUAL_REPOS, multilingualSpec } from "./multilingual-specs";
import { swebenchRows } from "./verified-data";

async function instances(): Promise<SwebenchInstance[]> {
  const file = { ...SWEBENCH_MULTILINGUAL_DATA.files[0]!, path: MINI_MULTILINGUAL_PATH };
  const rows = await swebenchRows([{ file, bytes: miniMultilingualParquet() }]);
  return rows.map((r) => SwebenchInstance.parse(r));
}

describe("SWE-bench Multilingual", () => {
  it("is a runner entry whose pinned parquet loads through Verified's loader", async () => {
    const def = builtinById("bm_swe_bench_multilingual")!;
    expect(def).toMatchObject({ status: "needs_runner", kind: "runner", sample_size: 300, data: { kind: "pinned", name: "builtin.swebench-multilingual" } });
    expect(def.normalise).toBe(swebenchRows);
    const all = await instances();
    expect(all.map((i) => i.instance_id)).toEqual(miniMultilingualRows().map((r) => r.instance_id).sort());
    // The lists are parquet lists, not JSON text as in Verified's rows.
    expect(all.find((i) => i.instance_id === "caddyserver__caddy-6411")!.FAIL_TO_PASS).toEqual(["TestReplacerNewWithFileSystem"]);
  });

  it("gives every instance the harness's image and the test command of its repository and version", async () => {
    for (const inst of await instances()) {
      const plan = evalPlan(inst);
      const spec = multilingualSpec(inst.repo, inst.version)!;
      expect(plan.image).toBe(`swebench/sweb.eval.x86_64.${inst.instance_id.replace("__", "_1776_").toLowerCase()}:latest`);
      expect(plan.test_command).toBe(spec.test_cmd.join("\n"));
      expect(plan.rules).toBe("5.0");
      const lines = plan.eval_script.split("\n");
      // No conda: the language-neutral script; reset, test patch, (build), markers around the tests, exit code, reset.
      expect(lines.slice(0, 6)).toEqual(["#!/bin/bash", "set -uxo pipefail", "cd /testbed", "git config --global --add safe.directory /testbed", "cd /testbed", `git checkout ${inst.base_commit} ${inst.test_patch.match(/--- a\/(\S+)/)![1]}`]);
      expect(lines[6]).toBe("git apply --verbose --reject - <<'EOF_114329324912'");
      const start = lines.indexOf(": '>>>>> Start Test Output'");
      expect(lines.slice(start + 1, start + 1 + spec.test_cmd.length)).toEqual([...spec.test_cmd]);
      expect(lines.slice(start + 1 + spec.test_cmd.length, start + 4 + spec.test_cmd.length)).toEqual(["SWEBENCH_TEST_EXIT_CODE=$?", ": '>>>>> End Test Output'", 'echo ">>>>> Test Exit Code: $SWEBENCH_TEST_EXIT_CODE"']);
      expect(lines.at(-2)).toBe(lines[5]);
    }
    expect(evalPlan((await instances()).find((i) => i.repo === "caddyserver/caddy")!).test_command).toBe('go test -v . -run "TestReplacerNew*"');
  });

  it("knows the harness's commands for all 42 repositories, a build step where it has one, and refuses a version it has none for", async () => {
    expect(MULTILINGUAL_REPOS).toHaveLength(42);
    expect(multilingualSpec("nushell/nushell", "13246")).toEqual({ test_cmd: ["cargo test -p nu-command --no-fail-fast --test main find::"], build: ["cargo build"] });
    const [go] = await instances().then((all) => all.filter((i) => i.repo === "caddyserver/caddy"));
    expect(() => evalPlan({ ...go!, version: "1" })).toThrow(EvalPlanError);
    // A row that ships its own script (the later upload) runs it as given.
    expect(evalPlan({ ...go!, version: "1", eval_script: "#!/bin/bash\necho hi\n" }).test_command).toBeNull();
  });

  it("has a log parser for every one of its 42 repositories, named as the harness maps them", () => {
    expect(MULTILINGUAL_REPOS.filter((repo) => !REPO_PARSER[repo])).toEqual([]);
    const counts: Record<string, number> = {};
    for (const repo of MULTILINGUAL_REPOS) counts[REPO_PARSER[repo]!] = (counts[REPO_PARSER[repo]!] ?? 0) + 1;
    expect(counts).toEqual({
      parse_log_gotest: 5, parse_log_cargo: 7, parse_log_phpunit: 4,
      parse_log_redis: 2, parse_log_jq: 1, parse_log_doctest: 1, parse_log_micropython_test: 1, parse_log_googletest: 1,
      parse_log_maven: 3, parse_log_ant: 1, parse_log_gradle_custom: 2,
      parse_log_jekyll: 1, parse_log_ruby_unit: 2, parse_log_rspec_transformed_json: 3,
      parse_log_marked: 1, parse_log_jest: 2, parse_log_vitest: 1, parse_log_immutable_js: 1, parse_log_tap: 2, parse_log_karma: 1,
    });
  });

  it("hands jekyll's and immutable-js's instances to the runner of their pull request, and refuses one the harness knows no runner for", () => {
    expect(PARSER_BY_INSTANCE.parse_log_jekyll!("jekyll__jekyll-9141")).toBe("parse_log_minitest");
    expect(PARSER_BY_INSTANCE.parse_log_jekyll!("jekyll__jekyll-8771")).toBe("parse_log_cucumber");
    expect(PARSER_BY_INSTANCE.parse_log_immutable_js!("immutable-js__immutable-js-2005")).toBe("parse_log_jest_json");
    expect(PARSER_BY_INSTANCE.parse_log_immutable_js!("immutable-js__immutable-js-2006")).toBe("parse_log_jest");
    expect(parserFor("jekyll/jekyll", null, "jekyll__jekyll-9999")).toBeNull();
    const inst = { instance_id: "immutable-js__immutable-js-1999", repo: "immutable-js/immutable-js", FAIL_TO_PASS: ["x"], PASS_TO_PASS: [] };
    expect(() => gradeInstance({ instance: inst, log: miniMultilingualLog("immutable-js__immutable-js-2006") })).toThrow(
      new UnsupportedRepositoryError("no log parser for immutable-js/immutable-js (parse_log_immutable_js knows no runner for immutable-js__immutable-js-1999)"),
    );
  });

  it.each([
    ["caddyserver__caddy-6411", "parse_log_gotest"],
    ["burntsushi__ripgrep-2209", "parse_log_cargo"],
    ["laravel__framework-53206", "parse_log_phpunit"],
    ["redis__redis-11279", "parse_log_redis"],
    ["jqlang__jq-2839", "parse_log_jq"],
    ["nlohmann__json-4237", "parse_log_doctest"],
    ["micropython__micropython-15898", "parse_log_micropython_test"],
    ["fmtlib__fmt-3863", "parse_log_googletest"],
    ["google__gson-2311", "parse_log_maven"],
    ["projectlombok__lombok-3602", "parse_log_ant"],
    ["apache__lucene-13494", "parse_log_gradle_custom"],
    ["jekyll__jekyll-9141", "parse_log_jekyll"],
    ["jekyll__jekyll-8761", "parse_log_jekyll"],
    ["fluent__fluentd-4311", "parse_log_ruby_unit"],
    ["fastlane__fastlane-20958", "parse_log_rspec_transformed_json"],
    ["markedjs__marked-1821", "parse_log_marked"],
    ["babel__babel-15649", "parse_log_jest"],
    ["vuejs__core-11589", "parse_log_vitest"],
    ["immutable-js__immutable-js-2006", "parse_log_immutable_js"],
    ["immutable-js__immutable-js-2005", "parse_log_immutable_js"],
    ["mrdoob__three.js-27395", "parse_log_tap"],
    ["preactjs__preact-4316", "parse_log_karma"],
  ])("grades %s's log with %s: resolved only when FAIL_TO_PASS and PASS_TO_PASS all pass", async (id, parser) => {
    const inst = (await instances()).find((i) => i.instance_id === id)!;
    const [f2p] = inst.FAIL_TO_PASS;
    const [p2p] = inst.PASS_TO_PASS;
    const rules = evalPlan(inst).rules;
    const pass = gradeInstance({ instance: inst, log: miniMultilingualLog(id), rules });
    expect(pass).toMatchObject({ parser, resolved: true, resolution: "RESOLVED_FULL" });
    expect(pass.tests_status!.FAIL_TO_PASS.success).toEqual(inst.FAIL_TO_PASS);
    expect(pass.tests_status!.PASS_TO_PASS.success).toEqual(inst.PASS_TO_PASS);
    // The fix not working: still failing, so not resolved.
    const stillFailing = gradeInstance({ instance: inst, log: miniMultilingualLog(id, [f2p!]), rules });
    expect(stillFailing).toMatchObject({ resolved: false, resolution: "RESOLVED_NO" });
    expect(stillFailing.tests_status!.FAIL_TO_PASS.failure).toEqual([f2p]);
    expect(stillFailing.reason).toContain(`failing: ${f2p}`);
    // The fix working but breaking a test that passed before: not resolved (partial needs every PASS_TO_PASS kept).
    const broke = gradeInstance({ instance: inst, log: miniMultilingualLog(id, [p2p!]), rules });
    expect(broke).toMatchObject({ resolved: false, resolution: "RESOLVED_NO" });
    expect(broke.tests_status!.FAIL_TO_PASS.success).toEqual(inst.FAIL_TO_PASS);
    expect(broke.tests_status!.PASS_TO_PASS.failure).toEqual([p2p]);
  });

  it("grades marked fail-only, as the harness does for a parser that lists only failures: a passing test it never names still passes", async () => {
    const inst = (await instances()).find((i) => i.repo === "markedjs/marked")!;
    const log = miniMultilingualLog(inst.instance_id);
    expect(PARSERS.parse_log_marked!(log, { statuses: [], flavour: "current" }).size).toBe(0);
    expect(gradeInstance({ instance: inst, log }).resolved).toBe(true);
    // Told it is pass-and-fail (a later row's eval_type), the same log resolves nothing.
    expect(gradeInstance({ instance: { ...inst, eval_type: "pass_and_fail" }, log }).resolved).toBe(false);
  });
});
