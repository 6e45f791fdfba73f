/**
 * SWE-bench's log parsers for the JavaScript and TypeScript repositories of
 * SWE-bench Multilingual, rewritten from the behaviour of the harness's own
 * (swebench/harness/log_parsers/javascript.py at SWE-bench/SWE-bench
 * 7a21e05772954cc81471ae19d56f436cecf43c54): jasmine's failure list
 * (marked), jest --verbose (babel, docusaurus, immutable-js at 2006), jest
 * --json reduced by jq to `[PASSED] name` (immutable-js at 2005), vitest's
 * verbose reporter (vue), TAP from mocha and QUnit (axios, three.js) and
 * karma's mocha reporter (preact). The harness's parsers for the other
 * repositories of its JavaScript set (SWE-bench's JS/TS datasets, not
 * Multilingual) are not rewritten. Lines are read as the harness reads
 * them (Python's `re.match`, `str.strip`), found by index rather than by
 * regexes that backtrack on a long line. The 4.x harness (v4.1.0) reads
 * the same, but for jest's names, which it did not strip (`classic`).
 *
 * One difference: where karma's suite tracking pops an empty suite list
 * the harness's parser raises (no report, the instance unresolved); here
 * the log yields no test, which grades it unresolved as well
 * (multilingual-parsers.test.ts shows it). Pure, no I/O.
 */
import { durationSuffix, isPySpace, lazyNameBeforeSuffix, PY_SPACE, pyStrip, type LogParser, type StatusMap } from "./python";

const MARKED_FAILURE = new RegExp(`^\\p{Nd}+\\)[${PY_SPACE}]`, "u");

/** jasmine (marked): only failures are listed, `1) Suite spec`, each recorded FAILED. */
export const parseMarked: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const line of log.split("\n")) {
    const m = MARKED_FAILURE.exec(line);
    if (m) map.set(pyStrip(line.slice(m[0].length)), "FAILED");
  }
  return map;
};

/** `^\s*(SYMBOL)\s(.+?)(?:SUFFIX)?$` on a stripped line: the symbol and the lazy name before an optional duration. */
function symbolLine(line: string, symbols: string, suffix: RegExp): [string, string] | null {
  const symbol = line[0];
  if (symbol === undefined || !symbols.includes(symbol) || !isPySpace(line[1])) return null;
  const name = lazyNameBeforeSuffix(line.slice(2), suffix);
  return name === null ? null : [symbol, name];
}

/** jest --verbose: `✓ name (5 ms)`, `✕ name`, `○ skipped name`, the name stripped (classic, 4.x: as captured). */
export const parseJest: LogParser = (log, opts) => {
  const map: StatusMap = new Map();
  const suffix = durationSuffix();
  const words: Record<string, string> = { "✓": "PASSED", "✕": "FAILED", "○": "SKIPPED" };
  for (const raw of log.split("\n")) {
    const hit = symbolLine(pyStrip(raw), "✓✕○", suffix);
    if (hit) map.set(opts.flavour === "classic" ? hit[1] : pyStrip(hit[1]), words[hit[0]]!);
  }
  return map;
};

/** jest --json through jq: `[PASSED] Suite > test`, `[FAILED] ...` (other statuses are not read). */
export const parseJestJson: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const word = line.startsWith("[PASSED]") ? "PASSED" : line.startsWith("[FAILED]") ? "FAILED" : null;
    if (word && isPySpace(line[8]) && line.length > 9) map.set(line.slice(9), word);
  }
  return map;
};

/** `\s(\d+\s*m?s?|\[skipped\])$`: vitest's duration or skip mark after a name. */
const vitestSuffix = () => new RegExp(`[${PY_SPACE}](?:\\p{Nd}+[${PY_SPACE}]*m?s?|\\[skipped\\])$`, "gu");

/** vitest --reporter=verbose: `✓ file > suite > test 3ms`, `×` failed, `↓` skipped (the name not stripped). */
export const parseVitest: LogParser = (log) => {
  const map: StatusMap = new Map();
  const suffix = vitestSuffix();
  const words: Record<string, string> = { "✓": "PASSED", "×": "FAILED", "↓": "SKIPPED" };
  for (const raw of log.split("\n")) {
    const hit = symbolLine(pyStrip(raw), "✓×↓", suffix);
    if (hit) map.set(hit[1], words[hit[0]]!);
  }
  return map;
};

const TAP_LINE = /^(ok|not ok) \p{Nd}+ /u;

/** TAP (mocha -R tap, QUnit's CLI): `ok 1 name`, `not ok 2 name`, the name everything after the number. */
export const parseTap: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const m = TAP_LINE.exec(line);
    if (m && line.length > m[0].length) map.set(line.slice(m[0].length), m[1] === "ok" ? "PASSED" : "FAILED");
  }
  return map;
};

/**
 * karma with the mocha reporter (preact): lines after "Starting browser"
 * up to `SUMMARY:`. `^(\s*)?([✔✖])?\s(.*)$` on the raw line: a test is
 * `✔ name` / `✖ name` after its indent; any other indented line is a
 * suite whose depth is its indent less one. A deeper suite is pushed, a
 * shallower one pops one level and is itself dropped, a suite at the same
 * depth changes nothing (the harness's own, admittedly brittle, rules).
 */
export const parseKarma: LogParser = (log) => {
  const map: StatusMap = new Map();
  let currentIndent = -1;
  const suite: string[] = [];
  let started = false;
  for (const line of log.split("\n")) {
    if (line.startsWith("SUMMARY:")) return map;
    if (line.includes("Starting browser")) {
      started = true;
      continue;
    }
    if (!started) continue;
    let w = 0;
    while (isPySpace(line[w])) w++;
    const c = line[w];
    if ((c === "✔" || c === "✖") && isPySpace(line[w + 1])) {
      map.set([...suite, line.slice(w + 2)].join(" > "), c === "✔" ? "PASSED" : "FAILED");
      continue;
    }
    if (w < 2) continue;
    const indent = w - 1;
    if (indent > currentIndent) {
      currentIndent = indent;
      suite.push(line.slice(w));
    } else if (indent < currentIndent) {
      currentIndent = indent;
      // Python's pop() of an empty list raises: the harness reads nothing from this log.
      if (suite.pop() === undefined) return new Map();
    }
  }
  return map;
};

/** The parser immutable-js's instance reads with, by its pull request (the id's last "-" part), or null for one the harness does not know. */
export function immutableJsParserName(instanceId: string): "parse_log_jest" | "parse_log_jest_json" | null {
  const pr = instanceId.split("-").at(-1);
  if (pr === "2006") return "parse_log_jest";
  if (pr === "2005") return "parse_log_jest_json";
  return null;
}

/** immutable-js: jest's verbose or jq'd JSON output by the instance (log-parsers/index.ts refuses an instance neither fits, as the harness raises). */
export const parseImmutableJs: LogParser = (log, opts) => {
  const name = immutableJsParserName(opts.instance_id ?? "");
  if (name === "parse_log_jest") return parseJest(log, opts);
  if (name === "parse_log_jest_json") return parseJestJson(log, opts);
  return new Map();
};
