// The eval plan a runner executes for a SWE-bench instance, on generated
// instances: image names as the harness spells them, the script in both
// layouts, a dataset's own script, and refusal without a known command.
import { describe, expect, it } from "vitest";
import { miniInstances, miniLog } from "../../../test/mini-swebench";
import { evalPlan, EvalPlanError, instanceImage, testDirectives } from "./eval-plan";
import { gradeInstance } from "./grading";
import { SwebenchInstance } from "./instance";

const instances = miniInstances().map((r) => SwebenchInstance.parse(r));
const django = instances.find((i) => i.repo === "django/django")!;
const sympy = instances.find((i) => i.repo === "sympy/sympy")!;

describe("SWE-bench eval plans", () => {
  it("names images as the harness does: Docker Hub's namespace, __ as _1776_, lower case; local builds unprefixed", () => {
    expect(instanceImage("django__django-11099")).toBe("swebench/sweb.eval.x86_64.django_1776_django-11099:latest");
    expect(instanceImage("Foo__Bar-1", { namespace: null })).toBe("sweb.eval.x86_64.foo__bar-1:latest");
    expect(instanceImage("a__b-1", { namespace: "mirror.example/sweb", arch: "arm64", tag: "v2" })).toBe("mirror.example/sweb/sweb.eval.arm64.a_1776_b-1:v2");
  });

  it("passes Django its test modules as labels, others their test files, minus data files", () => {
    expect(testDirectives(django)).toEqual(["forms_tests.tests.test_forms"]);
    const patch = "diff --git a/t/test_a.py b/t/test_a.py\n--- a/t/test_a.py\n+++ b/t/test_a.py\ndiff --git a/t/data.json b/t/data.json\n";
    expect(testDirectives({ repo: "pallets/flask", test_patch: patch })).toEqual(["t/test_a.py"]);
  });

  it("writes the 2.0.x script: environment, informational git, install, reset, test patch by heredoc, test command, reset", () => {
    const plan = evalPlan(django, { layout: "2.0" });
    const lines = plan.eval_script.split("\n");
    expect(lines.slice(0, 6)).toEqual(["#!/bin/bash", "set -uxo pipefail", "source /opt/miniconda3/bin/activate", "conda activate testbed", "cd /testbed", "sed -i '/en_US.UTF-8/s/^# //g' /etc/locale.gen && locale-gen"]);
    expect(plan.eval_script).toContain(`git diff ${django.base_commit}\n`);
    expect(plan.eval_script).toContain("python -m pip install -e .\n");
    expect(plan.eval_script).toContain(`git apply -v - <<'EOF_114329324912'\n${django.test_patch}\nEOF_114329324912\n`);
    expect(plan.test_command).toBe("./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1 forms_tests.tests.test_forms");
    expect(plan.eval_script.endsWith(`${plan.test_command}\ngit checkout ${django.base_commit} tests/forms_tests/tests/test_forms.py\n`)).toBe(true);
    expect(plan).toMatchObject({ image: "swebench/sweb.eval.x86_64.django_1776_django-12276:latest", workdir: "/testbed", rules: "2.0", timeout_s: 1800 });
  });

  it("writes the marker layout: the test command between the markers, its exit status kept and echoed after", () => {
    const plan = evalPlan(sympy);
    expect(plan.rules).toBe("5.0");
    expect(plan.eval_script).toContain(
      `: '>>>>> Start Test Output'\n${plan.test_command}\nSWEBENCH_TEST_EXIT_CODE=$?\n: '>>>>> End Test Output'\necho ">>>>> Test Exit Code: $SWEBENCH_TEST_EXIT_CODE"\n`,
    );
    expect(plan.eval_script).toContain(`git -c core.fileMode=false diff ${sympy.base_commit}\n`);
    // The output of such a script is what the grader reads with that rule set.
    expect(gradeInstance({ instance: sympy, log: miniLog(sympy.instance_id, { layout: "markers" }), rules: plan.rules }).resolved).toBe(true);
  });

  it("runs a dataset's own eval script and image as given, recording the exit status", () => {
    const own = { ...sympy, image: "registry.example/own:1", eval_script: "#!/bin/bash\nset -uxo pipefail\ncd /app\n: '>>>>> Start Test Output'\nmake test\n: '>>>>> End Test Output'\n" };
    const plan = evalPlan(own);
    expect(plan).toMatchObject({ image: "registry.example/own:1", test_command: null, rules: "5.0" });
    expect(plan.eval_script).toBe("#!/bin/bash\nset -uxo pipefail\ncd /app\n: '>>>>> Start Test Output'\nmake test\nSWEBENCH_TEST_EXIT_CODE=$?\n: '>>>>> End Test Output'\necho \">>>>> Test Exit Code: $SWEBENCH_TEST_EXIT_CODE\"\n");
  });

  it("refuses an instance whose repository and version have no known test command", () => {
    expect(() => evalPlan({ ...sympy, version: "9.99" })).toThrow(EvalPlanError);
    expect(() => evalPlan(instances.find((i) => i.repo === "gin-gonic/gin")!)).toThrow(/no test command for gin-gonic\/gin/);
  });
});
