/**
 * SWE-bench's log parsers for the Ruby repositories of SWE-bench
 * Multilingual, rewritten from the behaviour of the harness's own
 * (swebench/harness/log_parsers/ruby.py at SWE-bench/SWE-bench
 * 7a21e05772954cc81471ae19d56f436cecf43c54; the 4.x harness, v4.1.0,
 * reads the same): minitest's verbose lines and cucumber's (jekyll, which
 * picks one by the instance's pull request), test-unit's verbose lines
 * (fluentd, faker) and rspec's JSON reduced by jq to `description -
 * status` (fastlane, fpm, rubocop). Each line is read as the harness reads
 * it (stripped, Python's `re.match` with its greedy groups), found by index
 * rather than by regexes that backtrack quadratically on a long line.
 * Pure, no I/O.
 */
import { isPySpace, pyStrip, type LogParser, type StatusMap } from "./python";

/**
 * minitest -v: `^(.+)\. .*=.*(\.|F|E).*$`, as shoulda-context names end in
 * ". " (`TestSite#test: static files should ... . = 0.01 s = .`). The
 * outcome is the line's last `.`, `F` or `E` with an `=` before it; the
 * name ends at the last ". " before that `=`.
 */
export const parseMinitest: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const o = Math.max(line.lastIndexOf("."), line.lastIndexOf("F"), line.lastIndexOf("E"));
    if (o < 4) continue;
    const eq = line.lastIndexOf("=", o - 1);
    if (eq < 3) continue;
    const p = line.lastIndexOf(". ", eq - 2);
    if (p < 1) continue;
    map.set(line.slice(0, p), line[o] === "." ? "PASSED" : "FAILED");
  }
  return map;
};

/**
 * cucumber: `^(.*) \.+(\.|F)` (no end anchor): the name up to the last
 * blank followed by dots and then a "." or "F" (`Scenario name ......F`
 * fails, `......` passes).
 */
export const parseCucumber: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    for (let s = line.lastIndexOf(" "); s >= 0; s = s === 0 ? -1 : line.lastIndexOf(" ", s - 1)) {
      let d = s + 1;
      while (line[d] === ".") d++;
      const dots = d - s - 1;
      const outcome = dots >= 1 && line[d] === "F" ? "FAILED" : dots >= 2 ? "PASSED" : null;
      if (!outcome) continue;
      map.set(line.slice(0, s), outcome);
      break;
    }
  }
  return map;
};

const WORD = /[\p{L}\p{N}_]/u;

/**
 * test-unit -v: `^\s*(?:test: )?(.+):\s+(\.|E\b|F\b|O\b)` (no end
 * anchor): the name up to the last ":" followed by blanks and an outcome,
 * without a leading "test: " when the name is long enough to drop it.
 * `.` passes, E and F fail, O (omitted) is skipped; P and N are not read.
 */
export const parseRubyUnit: LogParser = (log) => {
  const map: StatusMap = new Map();
  const words: Record<string, string> = { ".": "PASSED", E: "FAILED", F: "FAILED", O: "SKIPPED" };
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    for (let c = line.lastIndexOf(":"); c >= 1; c = line.lastIndexOf(":", c - 1)) {
      let i = c + 1;
      if (!isPySpace(line[i])) continue;
      while (isPySpace(line[i])) i++;
      const o = line[i];
      if (o === undefined || !(o in words) || (o !== "." && WORD.test(line[i + 1] ?? ""))) continue;
      map.set(line.startsWith("test: ") && c >= 7 ? line.slice(6, c) : line.slice(0, c), words[o]!);
      break;
    }
  }
  return map;
};

/**
 * rspec `--format json` through jq: `^(.+) - (passed|failed)` (no end
 * anchor), the name up to the last " - passed" / " - failed". The
 * harness's branch for "pending" is never reached (its pattern does not
 * take the word), so pending examples are not recorded.
 */
export const parseRspecTransformedJson: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const passed = line.lastIndexOf(" - passed");
    const failed = line.lastIndexOf(" - failed");
    const p = Math.max(passed, failed);
    if (p >= 1) map.set(line.slice(0, p), p === passed ? "PASSED" : "FAILED");
  }
  return map;
};

/** The parser jekyll's instance reads with, by its pull request (`instance_id.split("-")[1]`), or null for one the harness does not know. */
export function jekyllParserName(instanceId: string): "parse_log_minitest" | "parse_log_cucumber" | null {
  const pr = instanceId.split("-")[1];
  if (pr === "9141" || pr === "8047" || pr === "8167") return "parse_log_minitest";
  if (pr === "8761" || pr === "8771") return "parse_log_cucumber";
  return null;
}

/** jekyll: minitest or cucumber by the instance (log-parsers/index.ts refuses an instance neither fits, as the harness raises). */
export const parseJekyll: LogParser = (log, opts) => {
  const name = jekyllParserName(opts.instance_id ?? "");
  if (name === "parse_log_minitest") return parseMinitest(log, opts);
  if (name === "parse_log_cucumber") return parseCucumber(log, opts);
  return new Map();
};
