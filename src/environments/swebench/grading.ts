/**
 * SWE-bench's grading, as the harness does it (swebench/harness/grading.py),
 * in three rule sets:
 *
 * - `2.0` (2.0.x, the logs of the 2024 submissions): the log is "not
 *   applied" when it holds `>>>>> Patch Apply Failed`, `>>>>> Reset
 *   Failed`, `>>>>> Tests Errored`, `>>>>> Tests Timed Out` or `Failed to
 *   reset task environment`, or lacks "applied patch" (any case: git apply
 *   -v of the test patch prints it); otherwise the whole log (after the last
 *   `>>>>> Applied Patch (pred)`) goes to the repository's parser. A test
 *   passes only when PASSED; it fails when missing, FAILED or ERROR; any
 *   other status (SKIPPED) is in neither list.
 * - `4.1` (3.x and 4.x): the eval script prints `>>>>> Start Test Output` /
 *   `>>>>> End Test Output`; without both the log is not applied; the
 *   slice between them is parsed (the whole log when the slice yields
 *   nothing); XFAIL passes.
 * - `5.0` (current main): as 4.1, and a parse that finds nothing with no
 *   sign a suite ran is not applied; a `>>>>> Test Exit Code: N` other than
 *   0 beside a log reporting no failure is not applied (a patch printing
 *   its own PASSED lines); SKIPPED fails a FAIL_TO_PASS test and keeps a
 *   PASS_TO_PASS one; an expected id cut inside its `[...]` matches the
 *   log's ids it prefixes when they agree on pass or fail.
 *
 * A repository whose parser records only failures (the harness's
 * FAIL_ONLY_REPOS: marked among Multilingual's) is graded fail-only
 * unless the instance names its own eval_type: a test the log does not
 * mark FAILED passes.
 *
 * `resolved` only when every FAIL_TO_PASS and PASS_TO_PASS test passes
 * (RESOLVED_FULL); some FAIL_TO_PASS passing with every PASS_TO_PASS kept
 * is RESOLVED_PARTIAL, not resolved. A log the harness ended with
 * "Timeout error: N seconds exceeded." is the harness's own timeout: it
 * wrote no report, so the instance is not resolved (graded `timed_out`).
 * `auto` picks 5.0 for a log with the start marker, else 2.0.
 * Pure, no I/O.
 */
import type { SwebenchInstance } from "./instance";
import { PARSER_BY_INSTANCE, parserFor, REPO_PARSER, type StatusMap } from "./log-parsers";

export const START_TEST_OUTPUT = ">>>>> Start Test Output";
export const END_TEST_OUTPUT = ">>>>> End Test Output";
export const TEST_EXIT_CODE = ">>>>> Test Exit Code";
export const APPLIED_PATCH_PRED = ">>>>> Applied Patch (pred)";

export const RULE_SET_NAMES = ["2.0", "4.1", "5.0"] as const;
export type RuleSetName = (typeof RULE_SET_NAMES)[number];

interface RuleSet {
  statuses: readonly string[];
  flavour: "classic" | "current";
  /** Markers whose presence makes the log "not applied". */
  failureMarkers: readonly string[];
  /** 2.0: the log must say "applied patch"; later: it must hold both test-output markers. */
  layout: "2.0" | "markers";
  passing: readonly string[];
  /** 5.0: SKIPPED fails F2P and keeps P2P; before: neither list. */
  skippedCounts: boolean;
  truncatedIds: boolean;
  suiteRanCheck: boolean;
  exitCodeCheck: boolean;
}

const HARNESS_MARKERS = [">>>>> Patch Apply Failed", ">>>>> Reset Failed", ">>>>> Tests Errored", ">>>>> Tests Timed Out"];

export const RULE_SETS: Readonly<Record<RuleSetName, RuleSet>> = {
  "2.0": {
    statuses: ["FAILED", "PASSED", "SKIPPED", "ERROR"],
    flavour: "classic",
    failureMarkers: [...HARNESS_MARKERS, "Failed to reset task environment"],
    layout: "2.0",
    passing: ["PASSED"],
    skippedCounts: false,
    truncatedIds: false,
    suiteRanCheck: false,
    exitCodeCheck: false,
  },
  "4.1": {
    statuses: ["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"],
    flavour: "classic",
    failureMarkers: HARNESS_MARKERS,
    layout: "markers",
    passing: ["PASSED", "XFAIL"],
    skippedCounts: false,
    truncatedIds: false,
    suiteRanCheck: false,
    exitCodeCheck: false,
  },
  "5.0": {
    statuses: ["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"],
    flavour: "current",
    failureMarkers: HARNESS_MARKERS,
    layout: "markers",
    passing: ["PASSED", "XFAIL"],
    skippedCounts: true,
    truncatedIds: true,
    suiteRanCheck: true,
    exitCodeCheck: true,
  },
};

/** 5.x's evidence that a runner executed at all (non-zero counts only), for a parse that found no test. */
const SUITE_RAN =
  /Executed [1-9]\d* of \d+|TOTAL: [1-9]\d* (?:SUCCESS|FAILED)|[1-9]\d* passing|Tests:\s+[1-9]\d*|Test Suites:\s+(?:\d+ \w+, )*[1-9]\d* total|^# tests [1-9]\d*|[1-9]\d* specs?, \d+ failures?|': ok$/m;

const EXIT_CODE_LINE = />>>>> Test Exit Code:\s*(-?\d+)/;

/** The harness's own timeout line (2.0.x and later write it, then no report). */
const HARNESS_TIMEOUT = /Timeout error: (\d+) seconds exceeded\.\s*$/;

export interface TestOutcome {
  success: string[];
  failure: string[];
}

/** report.json's `tests_status`: the four lists, FAIL_TO_FAIL and PASS_TO_FAIL empty as the harness leaves them. */
export interface TestsStatus {
  FAIL_TO_PASS: TestOutcome;
  PASS_TO_PASS: TestOutcome;
  FAIL_TO_FAIL: TestOutcome;
  PASS_TO_FAIL: TestOutcome;
}

export type Resolution = "RESOLVED_FULL" | "RESOLVED_PARTIAL" | "RESOLVED_NO";

/** Why a log was not graded: a harness marker, the missing "applied patch" or markers, no test found, the exit-code cross-check, the harness's timeout. */
export type NotGraded = "harness_marker" | "no_applied_patch" | "no_markers" | "no_tests" | "exit_code" | "timed_out";

export interface SwebenchGrade {
  instance_id: string;
  rules: RuleSetName;
  parser: string;
  patch_successfully_applied: boolean;
  resolved: boolean;
  resolution: Resolution;
  /** Absent when the log was not graded (as report.json leaves it out). */
  tests_status?: TestsStatus;
  not_graded?: NotGraded;
  /** The verdict in words. */
  reason: string;
}

export class UnsupportedRepositoryError extends Error {}

/**
 * The harness's FAIL_ONLY_REPOS: repositories whose parser records only
 * failing tests, so a test the log does not mark FAILED passes. An
 * instance without its own `eval_type` (the 4.x rows, Multilingual's pin
 * among them) takes it from here, as the 4.x harness decided.
 */
export const FAIL_ONLY_REPOS: ReadonlySet<string> = new Set(["chartjs/Chart.js", "processing/p5.js", "markedjs/marked", "bpmn-io/bpmn-js", "openlayers/openlayers", "eslint/eslint"]);

/** Which rule set reads a log: the given one, or by its layout (markers: 5.0, else 2.0). */
export function ruleSetFor(log: string, rules: RuleSetName | "auto" = "auto"): RuleSetName {
  if (rules !== "auto") return rules;
  return log.includes(START_TEST_OUTPUT) ? "5.0" : "2.0";
}

interface LogRead {
  map: StatusMap;
  notGraded?: NotGraded;
  detail?: string;
}

/** The harness's get_logs_eval: whether the log counts as applied, and its status map. */
function readLog(log: string, rules: RuleSet, parse: (text: string) => StatusMap): LogRead {
  const timeout = HARNESS_TIMEOUT.exec(log);
  if (timeout) return { map: new Map(), notGraded: "timed_out", detail: `the harness stopped the tests after ${timeout[1]} s and wrote no report` };
  const marker = rules.failureMarkers.find((m) => log.includes(m));
  if (marker) return { map: new Map(), notGraded: "harness_marker", detail: `the log holds '${marker}'` };
  if (rules.layout === "2.0") {
    if (!log.toLowerCase().includes("applied patch")) return { map: new Map(), notGraded: "no_applied_patch", detail: "the test patch did not apply (no 'Applied patch' in the log)" };
    return { map: parse(log.split(APPLIED_PATCH_PRED).at(-1)!) };
  }
  if (!log.includes(START_TEST_OUTPUT) || !log.includes(END_TEST_OUTPUT)) {
    return { map: new Map(), notGraded: "no_markers", detail: `the log lacks '${START_TEST_OUTPUT}' / '${END_TEST_OUTPUT}': the tests did not run` };
  }
  const slice = log.split(START_TEST_OUTPUT)[1]!.split(END_TEST_OUTPUT)[0]!;
  let map = parse(slice);
  if (map.size === 0) map = parse(log);
  if (rules.suiteRanCheck && map.size === 0 && !SUITE_RAN.test(log)) return { map, notGraded: "no_tests", detail: "no test result in the log and no sign the suite ran" };
  if (rules.exitCodeCheck) {
    // The first occurrence, as the harness searches (set -x traces the echo with the same number).
    const code = EXIT_CODE_LINE.exec(log);
    const exit = code ? Number(code[1]) : null;
    const failures = [...map.values()].some((s) => s === "FAILED" || s === "ERROR");
    if (exit !== null && exit !== 0 && map.size > 0 && !failures) return { map, notGraded: "exit_code", detail: `the tests exited ${exit} yet the log reports no failure` };
  }
  return { map };
}

/** 5.0: the log's key for an expected id, prefix-matching an id cut inside its parameter when the candidates agree. */
function resolveCase(name: string, map: StatusMap, rules: RuleSet): string | null {
  if (map.has(name)) return name;
  if (!rules.truncatedIds) return null;
  const open = name.split("[").length - 1;
  const close = name.split("]").length - 1;
  if (open <= close) return null;
  const matches = [...map.keys()].filter((k) => k.startsWith(name));
  if (!matches.length) return null;
  const outcomes = new Set(matches.map((k) => rules.passing.includes(map.get(k)!)));
  return outcomes.size === 1 ? matches[0]! : null;
}

function judge(tests: readonly string[], map: StatusMap, rules: RuleSet, kind: "F2P" | "P2P", failOnly: boolean): TestOutcome {
  const out: TestOutcome = { success: [], failure: [] };
  for (const t of tests) {
    if (failOnly) {
      (map.get(t) === "FAILED" ? out.failure : out.success).push(t);
      continue;
    }
    const key = resolveCase(t, map, rules);
    const status = key === null ? undefined : map.get(key);
    const passed = status !== undefined && rules.passing.includes(status);
    const kept = passed || (rules.skippedCounts && kind === "P2P" && status === "SKIPPED");
    const failed = status === undefined || status === "FAILED" || status === "ERROR" || (rules.skippedCounts && status === "SKIPPED");
    if (kept) out.success.push(t);
    else if (failed) out.failure.push(t);
  }
  return out;
}

const rate = (o: TestOutcome) => (o.success.length + o.failure.length === 0 ? 1 : o.success.length / (o.success.length + o.failure.length));

export function resolutionOf(status: Pick<TestsStatus, "FAIL_TO_PASS" | "PASS_TO_PASS">): Resolution {
  const f2p = rate(status.FAIL_TO_PASS);
  const p2p = rate(status.PASS_TO_PASS);
  if (f2p === 1 && p2p === 1) return "RESOLVED_FULL";
  if (f2p > 0 && f2p < 1 && p2p === 1) return "RESOLVED_PARTIAL";
  return "RESOLVED_NO";
}

/** How a grade reads: which tests failed, counted. */
function describe(s: TestsStatus, resolution: Resolution): string {
  const f = s.FAIL_TO_PASS;
  const p = s.PASS_TO_PASS;
  const counts = `FAIL_TO_PASS ${f.success.length}/${f.success.length + f.failure.length} pass, PASS_TO_PASS ${p.success.length}/${p.success.length + p.failure.length} pass`;
  if (resolution === "RESOLVED_FULL") return `resolved: ${counts}`;
  const first = [...f.failure, ...p.failure].slice(0, 3).join(", ");
  return `${resolution === "RESOLVED_PARTIAL" ? "partly resolved (not resolved)" : "not resolved"}: ${counts}${first ? `; failing: ${first}` : ""}`;
}

export interface GradeInput {
  instance: Pick<SwebenchInstance, "instance_id" | "repo" | "FAIL_TO_PASS" | "PASS_TO_PASS"> & Partial<Pick<SwebenchInstance, "log_parser" | "eval_type">>;
  /** The test output (test_output.txt, or the eval script's output). */
  log: string;
  rules?: RuleSetName | "auto";
}

/**
 * Grades one instance's test log against its FAIL_TO_PASS / PASS_TO_PASS.
 * Throws UnsupportedRepositoryError when Assay has no parser for the
 * instance's repository (never a guessed verdict).
 */
export function gradeInstance({ instance, log, rules = "auto" }: GradeInput): SwebenchGrade {
  const name = ruleSetFor(log, rules);
  const set = RULE_SETS[name];
  const parser = parserFor(instance.repo, instance.log_parser, instance.instance_id);
  if (!parser) {
    const named = instance.log_parser ?? REPO_PARSER[instance.repo];
    const why = instance.log_parser ? ` (${instance.log_parser})` : named && PARSER_BY_INSTANCE[named] ? ` (${named} knows no runner for ${instance.instance_id})` : "";
    throw new UnsupportedRepositoryError(`no log parser for ${instance.repo}${why}`);
  }
  const read = readLog(log, set, (text) => parser.parse(text, { statuses: set.statuses, flavour: set.flavour, instance_id: instance.instance_id }));
  const base = { instance_id: instance.instance_id, rules: name, parser: parser.name };
  if (read.notGraded) {
    return { ...base, patch_successfully_applied: false, resolved: false, resolution: "RESOLVED_NO", not_graded: read.notGraded, reason: `not resolved: ${read.detail}` };
  }
  const failOnly = (instance.eval_type ?? (FAIL_ONLY_REPOS.has(instance.repo) ? "fail_only" : "pass_and_fail")) === "fail_only";
  const tests_status: TestsStatus = {
    FAIL_TO_PASS: judge(instance.FAIL_TO_PASS, read.map, set, "F2P", failOnly),
    PASS_TO_PASS: judge(instance.PASS_TO_PASS, read.map, set, "P2P", failOnly),
    FAIL_TO_FAIL: { success: [], failure: [] },
    PASS_TO_FAIL: { success: [], failure: [] },
  };
  const resolution = resolutionOf(tests_status);
  return { ...base, patch_successfully_applied: true, resolved: resolution === "RESOLVED_FULL", resolution, tests_status, reason: describe(tests_status, resolution) };
}
