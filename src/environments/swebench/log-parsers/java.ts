/**
 * SWE-bench's log parsers for the Java repositories of SWE-bench
 * Multilingual, rewritten from the behaviour of the harness's own
 * (swebench/harness/log_parsers/java.py at SWE-bench/SWE-bench
 * 7a21e05772954cc81471ae19d56f436cecf43c54): Maven run once per test
 * (gson, druid, javaparser: the set -x trace names the test, the build's
 * result gives its status), lombok's ant `[junit] [PASS]` lines and
 * Gradle's `Class > method PASSED` lines (lucene, rxjava), including a
 * status printed on its own line after other output. Each line is read as
 * the harness reads it (stripped, Python's `re.match` semantics), found by
 * index rather than by regexes that backtrack on a long line. The `classic`
 * flavour is the 4.x harness's (v4.1.0), before Maven's queue of traced
 * tests and Gradle's status on its own line. Pure, no I/O.
 */
import { isPySpace, PY_SPACE, pyStrip, type LogParser, type StatusMap } from "./python";

/** `^.*-Dtest=(\S+).*$`: the non-blank run after the last `-Dtest=` that has one. */
function mavenTestName(line: string): string | null {
  for (let i = line.lastIndexOf("-Dtest="); i >= 0; i = i === 0 ? -1 : line.lastIndexOf("-Dtest=", i - 1)) {
    let j = i + "-Dtest=".length;
    const start = j;
    while (j < line.length && !isPySpace(line[j])) j++;
    if (j > start) return line.slice(start, j);
  }
  return null;
}

/**
 * `mvn test -Dtest=X` once per test under set -x: each `-Dtest=` trace
 * queues a test, each line ending `BUILD SUCCESS` / `BUILD FAILURE` gives
 * the oldest queued test its status; a result seen before any test waits
 * for the next unmatched ones at the end, in order. Classic (4.x): a
 * result goes to the test last traced (before any, to a placeholder name).
 */
export const parseMaven: LogParser = (log, opts) => {
  const map: StatusMap = new Map();
  const classic = opts.flavour === "classic";
  let current = "---NO TEST NAME FOUND YET---";
  const pending: string[] = [];
  const unmatched: string[] = [];
  const record = (test: string, result: string) => map.set(test, result === "SUCCESS" ? "PASSED" : "FAILED");
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const test = mavenTestName(line);
    if (test !== null) {
      current = test;
      pending.push(test);
    }
    const result = line.endsWith("BUILD SUCCESS") ? "SUCCESS" : line.endsWith("BUILD FAILURE") ? "FAILURE" : null;
    if (result === null) continue;
    if (classic) record(current, result);
    else if (pending.length) record(pending.shift()!, result);
    else unmatched.push(result);
  }
  while (!classic && pending.length && unmatched.length) record(pending.shift()!, unmatched.shift()!);
  return map;
};

/** lombok's ant run: `[junit] [PASS] name`, `[FAIL]` and `[ERR]` failing (the name after the blanks). */
export const parseAnt: LogParser = (log) => {
  const map: StatusMap = new Map();
  const words: Record<string, string> = { PASS: "PASSED", FAIL: "FAILED", ERR: "FAILED" };
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    if (!line.startsWith("[junit]")) continue;
    let i = "[junit]".length;
    if (!isPySpace(line[i])) continue;
    while (isPySpace(line[i])) i++;
    const word = /^\[(PASS|FAIL|ERR)\]/.exec(line.slice(i, i + 6))?.[1];
    if (!word) continue;
    i += word.length + 2;
    if (!isPySpace(line[i])) continue;
    while (isPySpace(line[i])) i++;
    map.set(line.slice(i), words[word]!);
  }
  return map;
};

/** `^([^>]\S*\s+>\s+\S+)$`: exactly `Class > method`, three blank-separated tokens, the first not starting with ">". */
const BLANKS = new RegExp(`([${PY_SPACE}]+)`, "u");
function isGradleTestName(line: string): boolean {
  const t = line.split(BLANKS);
  return t.length === 5 && t[0] !== "" && !t[0]!.startsWith(">") && t[2] === ">" && t[4] !== "";
}

/**
 * Gradle with the harness's test logging: `Class > method PASSED|FAILED`
 * (`^([^>].+)\s+(PASSED|FAILED)$`, the name keeping all but the one blank
 * before the status), or (5.x, not classic) the name alone and, after
 * other output, the status alone on a line.
 */
export const parseGradleCustom: LogParser = (log, opts) => {
  const map: StatusMap = new Map();
  let pending: string | null = null;
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const status = line.endsWith("PASSED") ? "PASSED" : line.endsWith("FAILED") ? "FAILED" : null;
    const nameEnd = status ? line.length - status.length - 1 : -1;
    if (status && nameEnd >= 2 && isPySpace(line[nameEnd]) && line[0] !== ">") {
      map.set(line.slice(0, nameEnd), status);
      pending = null;
      continue;
    }
    if (opts.flavour === "classic") continue;
    if (isGradleTestName(line)) {
      pending = line;
      continue;
    }
    if (pending !== null && (line === "PASSED" || line === "FAILED")) {
      map.set(pending, line);
      pending = null;
    }
  }
  return map;
};
