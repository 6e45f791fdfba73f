/**
 * What an environment runner executes to evaluate one SWE-bench instance,
 * as data: the image (named as the official harness names it), the work
 * directory, and the eval script the harness writes as /eval.sh (reset the
 * test files to the base commit, apply the test patch, run the instance's
 * test command on the files the patch touches, reset again), plus the
 * rule set its output is graded by. The agent's edits are already in the
 * work tree when it runs; its output is the log gradeInstance reads.
 *
 * Two layouts: `2.0` writes the script exactly as swebench 2.0.x did (the
 * shared submission's eval.sh files are reproduced byte for byte), and
 * `markers` as current harnesses do (`: '>>>>> Start Test Output'` /
 * End around the test command, its exit status recorded after). A dataset
 * that ships its own eval_script and image (5.x task repositories) is run
 * as given, with the exit status recorded as the harness adds it.
 * SWE-bench Multilingual's repositories get the harness's language-neutral
 * script (no conda; the spec's build step after the test patch; its test
 * commands as given), always in the marker layout, the only one it had.
 * Pure, no I/O.
 */
import { END_TEST_OUTPUT, START_TEST_OUTPUT, TEST_EXIT_CODE, type RuleSetName } from "./grading";
import type { SwebenchInstance } from "./instance";
import { multilingualLanguage, multilingualSpec, type MultilingualSpec } from "./multilingual-specs";
import { repoSpec } from "./specs";

/** The harness's heredoc delimiter for the test patch. */
const HEREDOC = "EOF_114329324912";
/** Files the harness never passes to the test command. */
const NON_TEST_EXTS = [".json", ".png", "csv", ".txt", ".md", ".jpg", ".jpeg", ".pkl", ".yml", ".yaml", ".toml"];
/** The harness's default per-instance test timeout, seconds. */
export const DEFAULT_EVAL_TIMEOUT_S = 1800;
export const TESTBED = "/testbed";

export interface ImageOptions {
  /** Registry namespace (`swebench`, Docker Hub's); null for the name a local build gives. */
  namespace?: string | null;
  arch?: "x86_64" | "arm64";
  tag?: string;
}

/**
 * The per-instance evaluation image: `swebench/sweb.eval.x86_64.<id>:latest`
 * with Docker Hub's `__` → `_1776_` and lower case, as the harness pulls
 * it; `sweb.eval.x86_64.<id>:latest` for a local build (namespace null).
 */
export function instanceImage(instanceId: string, opts: ImageOptions = {}): string {
  const { namespace = "swebench", arch = "x86_64", tag = "latest" } = opts;
  const key = `sweb.eval.${arch}.${instanceId}:${tag}`;
  return (namespace === null ? key : `${namespace}/${key}`.replaceAll("__", "_1776_")).toLowerCase();
}

/** The test files a patch modifies (2.0.x: every `--- a/<path>` line). */
export function modifiedFiles(testPatch: string): string[] {
  return [...testPatch.matchAll(/--- a\/([^\n]*)/g)].map((m) => m[1]!);
}

/** The test command's arguments: the files the test patch touches, minus data files; Django's as module labels. */
export function testDirectives(instance: Pick<SwebenchInstance, "repo" | "test_patch">): string[] {
  const files = [...instance.test_patch.matchAll(/diff --git a\/[^\n]* b\/([^\n]*)/g)].map((m) => m[1]!).filter((d) => !NON_TEST_EXTS.some((ext) => d.endsWith(ext)));
  if (instance.repo !== "django/django") return files;
  return files.map((d) => {
    let x = d.endsWith(".py") ? d.slice(0, -3) : d;
    if (x.startsWith("tests/")) x = x.slice("tests/".length);
    return x.replaceAll("/", ".");
  });
}

export interface EvalPlan {
  instance_id: string;
  /** The image to run in: the dataset's own, else the harness's name for it. */
  image: string;
  /** Where the repository is checked out at the base commit, and where the agent works. */
  workdir: string;
  /** The whole /eval.sh, run with bash; its combined output is the test log. */
  eval_script: string;
  /** The test command the script runs (null when the dataset's own script is used). */
  test_command: string | null;
  /** The rule set that grades the script's output. */
  rules: RuleSetName;
  timeout_s: number;
}

export class EvalPlanError extends Error {}

export interface EvalPlanOptions extends ImageOptions {
  layout?: "2.0" | "markers";
  timeout_s?: number;
}

/** The harness's record_test_exit_code: `$?` kept right after the tests, echoed after the end marker. */
function recordExitCode(lines: string[]): string[] {
  const i = lines.findIndex((l) => l.includes(END_TEST_OUTPUT));
  if (i < 0) return lines;
  return [...lines.slice(0, i), "SWEBENCH_TEST_EXIT_CODE=$?", lines[i]!, `echo "${TEST_EXIT_CODE}: $SWEBENCH_TEST_EXIT_CODE"`, ...lines.slice(i + 1)];
}

/** The harness's script: its header, then the commands, one a line. */
const scriptOf = (lines: string[]) => ["#!/bin/bash", "set -uxo pipefail", ...lines].join("\n") + "\n";

/**
 * The eval plan of an instance. Throws EvalPlanError when Assay knows no
 * test command for its repository and version and the dataset ships no
 * eval script (never a guessed command).
 */
export function evalPlan(instance: SwebenchInstance, opts: EvalPlanOptions = {}): EvalPlan {
  const layout = opts.layout ?? "markers";
  const plan = (lines: string[], test_command: string | null, rules: RuleSetName): EvalPlan => ({
    instance_id: instance.instance_id,
    image: instance.image ?? instanceImage(instance.instance_id, opts),
    workdir: TESTBED,
    eval_script: scriptOf(lines),
    test_command,
    rules,
    timeout_s: opts.timeout_s ?? DEFAULT_EVAL_TIMEOUT_S,
  });
  if (instance.eval_script) {
    const body = instance.eval_script.trim().split("\n").filter((l) => l !== "#!/bin/bash" && l !== "set -uxo pipefail");
    return plan(recordExitCode(body), null, "5.0");
  }
  if (multilingualLanguage(instance.repo) !== null) {
    const spec = multilingualSpec(instance.repo, instance.version);
    if (!spec) throw new EvalPlanError(`no test command for ${instance.repo} at version ${instance.version}, and the instance ships no eval_script`);
    return plan(multilingualLines(instance, spec), spec.test_cmd.join("\n"), "5.0");
  }
  const spec = repoSpec(instance.repo, instance.version);
  if (!spec) throw new EvalPlanError(`no test command for ${instance.repo} at version ${instance.version}, and the instance ships no eval_script`);
  const base = instance.base_commit;
  const files = modifiedFiles(instance.test_patch);
  const reset = `git checkout ${base} ${files.join(" ")}`;
  const testCommand = [spec.test_cmd, ...testDirectives(instance)].join(" ");
  const lines = [
    "source /opt/miniconda3/bin/activate",
    "conda activate testbed",
    `cd ${TESTBED}`,
    ...(spec.eval_commands ?? []),
    `git config --global --add safe.directory ${TESTBED}`,
    `cd ${TESTBED}`,
    "git status",
    "git show",
    layout === "2.0" ? `git diff ${base}` : `git -c core.fileMode=false diff ${base}`,
    "source /opt/miniconda3/bin/activate",
    "conda activate testbed",
    ...(spec.install ? [spec.install] : []),
    reset,
    `git apply -v - <<'${HEREDOC}'\n${instance.test_patch}\n${HEREDOC}`,
    ...(layout === "2.0" ? [testCommand] : recordExitCode([`: '${START_TEST_OUTPUT}'`, testCommand, `: '${END_TEST_OUTPUT}'`])),
    reset,
  ];
  return plan(lines, testCommand, layout === "2.0" ? "2.0" : "5.0");
}

/** The 4.x harness's common eval script (make_eval_script_list_common) for a Multilingual repository, with the exit status recorded as 5.x does. */
function multilingualLines(instance: SwebenchInstance, spec: MultilingualSpec): string[] {
  const files = modifiedFiles(instance.test_patch);
  const reset = files.length > 0 ? `git checkout ${instance.base_commit} ${files.join(" ")}` : 'echo "No test files to reset"';
  return [
    `cd ${TESTBED}`,
    `git config --global --add safe.directory ${TESTBED}`,
    `cd ${TESTBED}`,
    reset,
    `git apply --verbose --reject - <<'${HEREDOC}'\n${instance.test_patch}\n${HEREDOC}`,
    ...(spec.build ?? []),
    ...recordExitCode([`: '${START_TEST_OUTPUT}'`, ...spec.test_cmd, `: '${END_TEST_OUTPUT}'`]),
    reset,
  ];
}
