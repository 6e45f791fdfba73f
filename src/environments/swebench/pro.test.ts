// SWE-bench Pro's harness pieces on a made-up instance: the image name
// (the row's tag, else the harness's derivation), the entry script line
// by line, the Python list literals the rows hold, and the verdict from
// parser.py's output.json.
import { describe, expect, it } from "vitest";
import { dockerfileExports, gradeProOutput, proEntryScript, ProFormatError, proImage, proImageTag, pythonStringList, type ProInstance } from "./pro";

const row: ProInstance = {
  instance_id: "instance_acme__widgets-0123456789abcdef0123456789abcdef01234567-vnan",
  repo: "Acme/Widgets",
  base_commit: "0123456789abcdef0123456789abcdef01234567",
  before_repo_set_cmd: "git reset --hard 0123456\ngit checkout 89abcdef -- test/widget.spec.js",
  selected_test_files_to_run: "['test/widget.spec.js', \"test/it's.spec.js\"]",
  fail_to_pass: "['test/widget.spec.js | widget renders']",
  pass_to_pass: "['test/widget.spec.js | widget exists', 'test/it\\'s.spec.js | quoted']",
};

describe("SWE-bench Pro's harness pieces", () => {
  it("names the image by the row's dockerhub_tag, else as image_uri.py derives it", () => {
    expect(proImage({ ...row, dockerhub_tag: "acme.widgets-abc" })).toBe("jefzda/sweap-images:acme.widgets-abc");
    // The instance id without its "instance_" and "-vnan", after "<owner>.<name>-", lower case.
    expect(proImage(row)).toBe("jefzda/sweap-images:acme.widgets-acme__widgets-0123456789abcdef0123456789abcdef01234567");
    expect(proImageTag("instance_element-hq__element-web-1234-vnan", "element-hq/element-web")).toBe("element-hq.element-element-hq__element-web-1234");
    expect(proImageTag("instance_element-hq__element-web-ec0f940ef0e8e3b61078f145f34dc40d1938e6c5-vnan", "element-hq/element-web")).toBe(
      "element-hq.element-web-element-hq__element-web-ec0f940ef0e8e3b61078f145f34dc40d1938e6c5-vnan",
    );
    expect(proImageTag(`instance_a__b-${"f".repeat(200)}`, "a/b")).toHaveLength(128);
  });

  it("reads the rows' Python list literals without evaluating them, and refuses anything else", () => {
    expect(pythonStringList("['a', \"b's\", 'c\\'d', 'e\\\\f']")).toEqual(["a", "b's", "c'd", "e\\f"]);
    expect(pythonStringList('["json", "too"]')).toEqual(["json", "too"]);
    expect(pythonStringList("[]")).toEqual([]);
    for (const bad of ["", "['a'", "['a' 'b']", "[1]", "['a'] + ['b']", "__import__('os')"]) expect(() => pythonStringList(bad)).toThrow(ProFormatError);
  });

  it("writes the entry script as the harness does: ENV exports, reset, patch, the last setup line, run_script.sh, parser.py", () => {
    const exports = dockerfileExports("FROM node:18\nENV NODE_ENV=test\n  ENV CI=true\nRUN echo ENV\n");
    expect(exports).toEqual(["export NODE_ENV=test", "export CI=true"]);
    expect(proEntryScript(row, exports).split("\n")).toEqual([
      "",
      "export NODE_ENV=test",
      "export CI=true",
      "# apply patch",
      "cd /app",
      `git reset --hard ${row.base_commit}`,
      `git checkout ${row.base_commit}`,
      "git apply -v /workspace/patch.diff",
      "git checkout 89abcdef -- test/widget.spec.js",
      "# run test and save stdout and stderr to separate files",
      "bash /workspace/run_script.sh test/widget.spec.js,test/it's.spec.js > /workspace/stdout.log 2> /workspace/stderr.log",
      "# run parsing script",
      "python /workspace/parser.py /workspace/stdout.log /workspace/stderr.log /workspace/output.json",
      "",
    ]);
  });

  it("resolves only when every FAIL_TO_PASS and PASS_TO_PASS test is PASSED in output.json", () => {
    const out = (statuses: Record<string, string>) => JSON.stringify({ tests: Object.entries(statuses).map(([name, status]) => ({ name, status })) });
    const all = { "test/widget.spec.js | widget renders": "PASSED", "test/widget.spec.js | widget exists": "PASSED", "test/it's.spec.js | quoted": "PASSED", "other | extra": "FAILED" };
    expect(gradeProOutput(out(all), row)).toEqual({ resolved: true, not_passed: [] });
    expect(gradeProOutput(out({ ...all, "test/widget.spec.js | widget renders": "FAILED" }), row)).toEqual({ resolved: false, not_passed: ["test/widget.spec.js | widget renders"] });
    const { "test/it's.spec.js | quoted": _gone, ...missing } = all;
    expect(gradeProOutput(out(missing), row)).toEqual({ resolved: false, not_passed: ["test/it's.spec.js | quoted"] });
    expect(gradeProOutput(out({ ...all, "test/widget.spec.js | widget exists": "SKIPPED" }), row).resolved).toBe(false);
    expect(() => gradeProOutput("not json", row)).toThrow(ProFormatError);
    expect(() => gradeProOutput("{}", row)).toThrow(ProFormatError);
  });
});
