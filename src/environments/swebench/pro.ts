/**
 * SWE-bench Pro's own harness (scaleapi/SWE-bench_Pro-os,
 * swe_bench_pro_eval.py), as pure pieces a runner can use: the image an
 * instance runs in (Docker Hub's jefzda/sweap-images, tagged by the row's
 * dockerhub_tag or, without one, as helper_code/image_uri.py derives it),
 * the entry script (the Dockerfiles' ENV lines exported, the repository
 * reset to the base commit in /app, the patch applied, the row's last
 * before_repo_set_cmd line, then the instance's run_script.sh on the
 * selected test files and its parser.py writing output.json), and the
 * verdict: resolved only when every FAIL_TO_PASS and PASS_TO_PASS test is
 * PASSED in output.json. The rows hold their lists as Python literals
 * (the harness eval()s them); read here without evaluating anything.
 * run_script.sh and parser.py are per instance, in the harness's
 * repository, not in the dataset. Pure, no I/O.
 */

/** The harness's public image repository on Docker Hub. */
export const PRO_IMAGE_REPOSITORY = "jefzda/sweap-images";

export class ProFormatError extends Error {}

/** A Python list literal of string literals (`['a', "b"]`), as the Pro rows hold test lists; JSON lists read too. */
export function pythonStringList(text: string): string[] {
  const s = text.trim();
  let i = 0;
  const fail = (why: string): never => {
    throw new ProFormatError(`not a list of strings (${why} at ${i}): ${s.slice(0, 80)}`);
  };
  const space = () => {
    while (i < s.length && /\s/.test(s[i]!)) i++;
  };
  const escapes: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "\n": "" };
  if (s[i] !== "[") fail("no [");
  i++;
  const out: string[] = [];
  space();
  while (s[i] !== "]") {
    const quote = s[i];
    if (quote !== "'" && quote !== '"') fail("no string");
    i++;
    let value = "";
    while (s[i] !== quote) {
      if (i >= s.length) fail("unterminated string");
      if (s[i] === "\\") {
        const e = escapes[s[i + 1]!];
        // Python keeps an unknown escape as written.
        value += e ?? s.slice(i, i + 2);
        i += 2;
      } else value += s[i++];
    }
    i++;
    out.push(value);
    space();
    if (s[i] === ",") {
      i++;
      space();
    } else if (s[i] !== "]") fail("no , or ]");
  }
  if (i !== s.length - 1) fail("text after ]");
  return out;
}

/** helper_code/image_uri.py's tag for an instance without a dockerhub_tag. */
export function proImageTag(instanceId: string, repo: string): string {
  const [owner, name] = repo.toLowerCase().split("/") as [string, string];
  let hash = instanceId.replace("instance_", "");
  let short = name;
  if (instanceId === "instance_element-hq__element-web-ec0f940ef0e8e3b61078f145f34dc40d1938e6c5-vnan") short = "element-web";
  else if (repo.toLowerCase().includes("element-hq") && repo.toLowerCase().includes("element-web")) {
    short = "element";
    if (hash.endsWith("-vnan")) hash = hash.slice(0, -5);
  } else if (hash.endsWith("-vnan")) hash = hash.slice(0, -5);
  return `${owner}.${short}-${hash}`.slice(0, 128);
}

export interface ProInstance {
  instance_id: string;
  repo: string;
  base_commit: string;
  before_repo_set_cmd: string;
  /** Python list literal of the test files run_script.sh is given. */
  selected_test_files_to_run: string;
  fail_to_pass: string;
  pass_to_pass: string;
  dockerhub_tag?: string | null;
}

/** The image an instance runs in. */
export function proImage(row: Pick<ProInstance, "instance_id" | "repo" | "dockerhub_tag">): string {
  return `${PRO_IMAGE_REPOSITORY}:${row.dockerhub_tag || proImageTag(row.instance_id, row.repo)}`;
}

/** A Dockerfile's ENV lines as the harness turns them into exports (the line, `ENV` replaced by `export`). */
export function dockerfileExports(dockerfile: string): string[] {
  return dockerfile
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("ENV"))
    .map((l) => l.replace("ENV", "export"));
}

/**
 * The harness's entryscript.sh for an instance: `exports` are the ENV
 * lines of its base and instance Dockerfiles (dockerfileExports), the
 * patch is at /workspace/patch.diff, run_script.sh and parser.py beside it.
 */
export function proEntryScript(row: ProInstance, exports: readonly string[]): string {
  const before = row.before_repo_set_cmd.trim().split("\n").at(-1)!;
  const tests = pythonStringList(row.selected_test_files_to_run).join(",");
  return [
    "",
    exports.join("\n"),
    "# apply patch",
    "cd /app",
    `git reset --hard ${row.base_commit}`,
    `git checkout ${row.base_commit}`,
    "git apply -v /workspace/patch.diff",
    before,
    "# run test and save stdout and stderr to separate files",
    `bash /workspace/run_script.sh ${tests} > /workspace/stdout.log 2> /workspace/stderr.log`,
    "# run parsing script",
    "python /workspace/parser.py /workspace/stdout.log /workspace/stderr.log /workspace/output.json",
    "",
  ].join("\n");
}

export interface ProGrade {
  resolved: boolean;
  /** Listed tests not PASSED in output.json (missing ones included). */
  not_passed: string[];
}

/** The harness's verdict from parser.py's output.json (`{"tests": [{"name", "status"}]}`): every FAIL_TO_PASS and PASS_TO_PASS test PASSED. */
export function gradeProOutput(outputJson: string, row: Pick<ProInstance, "fail_to_pass" | "pass_to_pass">): ProGrade {
  let parsed: unknown;
  try {
    parsed = JSON.parse(outputJson);
  } catch {
    throw new ProFormatError("output.json is not JSON");
  }
  const tests = (parsed as { tests?: unknown }).tests;
  if (!Array.isArray(tests)) throw new ProFormatError("output.json has no tests list");
  const passed = new Set(tests.filter((t): t is { name: string; status: string } => typeof t?.name === "string" && t.status === "PASSED").map((t) => t.name));
  const wanted = new Set([...pythonStringList(row.fail_to_pass), ...pythonStringList(row.pass_to_pass)]);
  const not_passed = [...wanted].filter((t) => !passed.has(t));
  return { resolved: not_passed.length === 0, not_passed };
}
