/**
 * SWE-bench's log parsers for SWE-bench Multilingual's Go, Rust and PHP
 * repositories, rewritten from the behaviour of the harness's own
 * (swebench/harness/log_parsers, 5.x). The other languages' parsers sit
 * beside these, one file each: c.ts (C and C++), java.ts, javascript.ts
 * (JavaScript and TypeScript), ruby.ts. Pure, no I/O.
 */
import { PY_SPACE, pyStrip, type LogParser, type StatusMap } from "./python";

/**
 * Python's `re.match("^<head>(.+) \((.+)\)$", line)` (`.` is anything but
 * \n): the greedy group ends at the last " (" with at least one character
 * before the closing ")" at the very end. Found by index, not by a regex
 * whose retries are quadratic on a long line. Returns the group, or null.
 */
function beforeLastParenthesis(line: string, headLength: number, minGroup: number): string | null {
  if (!line.endsWith(")")) return null;
  const k = line.lastIndexOf(" (", line.length - 4);
  return k - headLength >= minGroup ? line.slice(headLength, k) : null;
}

/** `go test -v`: `--- PASS|FAIL|SKIP: TestName (0.01s)`. */
export const parseGoTest: LogParser = (log) => {
  const map: StatusMap = new Map();
  const words = { PASS: "PASSED", FAIL: "FAILED", SKIP: "SKIPPED" } as const;
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const word = /^--- (PASS|FAIL|SKIP): /.exec(line)?.[1] as keyof typeof words | undefined;
    const name = word ? beforeLastParenthesis(line, `--- ${word}: `.length, 1) : null;
    if (word && name !== null) map.set(name, words[word]);
  }
  return map;
};

/** `cargo test`: `test path::name ... ok|FAILED` (ignored tests are not recorded). */
export const parseCargo: LogParser = (log) => {
  const map: StatusMap = new Map();
  const line = new RegExp(`^test[${PY_SPACE}]+([^${PY_SPACE}]+)[${PY_SPACE}]+\\.\\.\\.[${PY_SPACE}]+([\\p{L}\\p{N}_]+)$`, "u");
  for (const raw of log.split("\n")) {
    const m = line.exec(pyStrip(raw));
    if (m?.[2] === "ok") map.set(m[1]!, "PASSED");
    else if (m?.[2] === "FAILED") map.set(m[1]!, "FAILED");
  }
  return map;
};

/** `^\s*([✔✘↩])\s*(.*)$` with Python's \s, and `.` taking \r as Python's does. */
const TESTDOX_LINE = new RegExp(`^[${PY_SPACE}]*([✔✘↩])[${PY_SPACE}]*([^\\n]*)$`, "u");

/** phpunit `--testdox`: a suite line `Name (Class\Name)`, then `✔|✘|↩ test` lines named `Suite > test`. */
export const parsePhpunit: LogParser = (log) => {
  const map: StatusMap = new Map();
  const words: Record<string, string> = { "✔": "PASSED", "✘": "FAILED", "↩": "SKIPPED" };
  let suite: string | null = null;
  for (const line of log.split("\n")) {
    // `^(\w.+) \(.+\)$`, Python's \w being Unicode-aware.
    const name = /^[\p{L}\p{N}_]/u.test(line) ? beforeLastParenthesis(line, 0, 2) : null;
    if (name !== null) {
      suite = name;
      continue;
    }
    const t = TESTDOX_LINE.exec(line);
    // Before any suite line Python formats None.
    if (t) map.set(`${suite ?? "None"} > ${t[2]}`, words[t[1]!]!);
  }
  return map;
};
