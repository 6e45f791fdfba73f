// SWE-bench Multilingual on generated instances (Go, Rust, PHP) in the
// Hugging Face parquet's layout: the rows load through the catalog's
// loader, every instance gets the harness's eval plan (its image name and
// the test command its repository and version define), and each runner's
// log grades to resolved or not by FAIL_TO_PASS / PASS_TO_PASS.
import { describe, expect, it } from "vitest";
import { builtinById } from "../../catalog";
import { MINI_MULTILINGUAL_PATH, miniMultilingualLog, miniMultilingualParquet } from "../../../test/mini-swebench-multilingual";
import { evalPlan, EvalPlanError } from "./eval-plan";
import { gradeInstance } from "./grading";
import { SwebenchInstance } from "./instance";
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
    expect(all.map((i) => i.instance_id)).toEqual(["burntsushi__ripgrep-2209", "caddyserver__caddy-6411", "laravel__framework-53206"]);
    // The lists are parquet lists, not JSON text as in Verified's rows.
    expect(all[1]!.FAIL_TO_PASS).toEqual(["TestReplacerNewWithFileSystem"]);
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
    expect(evalPlan((await instances())[1]!).test_command).toBe('go test -v . -run "TestReplacerNew*"');
  });

  it("knows the harness's commands for all 42 repositories, a build step where it has one, and refuses a version it has none for", async () => {
    expect(MULTILINGUAL_REPOS).toHaveLength(42);
    expect(multilingualSpec("nushell/nushell", "13246")).toEqual({ test_cmd: ["cargo test -p nu-command --no-fail-fast --test main find::"], build: ["cargo build"] });
    const [go] = await instances().then((all) => all.filter((i) => i.repo === "caddyserver/caddy"));
    expect(() => evalPlan({ ...go!, version: "1" })).toThrow(EvalPlanError);
    // A row that ships its own script (the later upload) runs it as given.
    expect(evalPlan({ ...go!, version: "1", eval_script: "#!/bin/bash\necho hi\n" }).test_command).toBeNull();
  });

  it.each([
    ["caddyserver/caddy", "parse_log_gotest", "TestReplacerNewWithFileSystem", "TestReplacerSet"],
    ["burntsushi/ripgrep", "parse_log_cargo", "regression::r2208", "regression::r1"],
    ["laravel/framework", "parse_log_phpunit", "Support Js > Made up nested array is encoded", "Support Js > Made up scalar is encoded"],
  ])("grades %s's log with %s: resolved only when FAIL_TO_PASS and PASS_TO_PASS all pass", async (repo, parser, f2p, p2p) => {
    const inst = (await instances()).find((i) => i.repo === repo)!;
    const rules = evalPlan(inst).rules;
    const pass = gradeInstance({ instance: inst, log: miniMultilingualLog(repo), rules });
    expect(pass).toMatchObject({ parser, resolved: true, resolution: "RESOLVED_FULL" });
    expect(pass.tests_status!.FAIL_TO_PASS.success).toEqual(inst.FAIL_TO_PASS);
    expect(pass.tests_status!.PASS_TO_PASS.success).toEqual(inst.PASS_TO_PASS);
    // The fix not working: still failing, so not resolved.
    const stillFailing = gradeInstance({ instance: inst, log: miniMultilingualLog(repo, [f2p]), rules });
    expect(stillFailing).toMatchObject({ resolved: false, resolution: "RESOLVED_NO" });
    expect(stillFailing.tests_status!.FAIL_TO_PASS.failure).toEqual([f2p]);
    // The fix working but breaking a test that passed before: not resolved (partial needs every PASS_TO_PASS kept).
    const broke = gradeInstance({ instance: inst, log: miniMultilingualLog(repo, [p2p]), rules });
    expect(broke).toMatchObject({ resolved: false, resolution: "RESOLVED_NO" });
    expect(broke.tests_status!.FAIL_TO_PASS.success).toEqual(inst.FAIL_TO_PASS);
    expect(broke.tests_status!.PASS_TO_PASS.failure).toEqual([p2p]);
  });
});
