/**
 * SWE-bench's log parsers for the Python repositories, rewritten from the
 * behaviour of the harness's own (swebench/harness/log_parsers, 2.0.x and
 * current main): a test log in, a map test name → status word out. The map
 * keeps whatever word the log put first (a line "ERROR: x" records status
 * "ERROR:"), as the harness does, so grading sees exactly what it sees.
 *
 * Two flavours: `classic` is 2.0.x through 4.x (4.x only guards short
 * lines 2.0.x would crash on), `current` is 5.x, which also drops pytest's
 * `SKIPPED [N] file:line` summary lines, keeps a FAILED id whole up to
 * " - " in pytest_v2, and guards seaborn's short lines. Which statuses a
 * line may start with is the rule set's (XFAIL from 2.1 on).
 *
 * Python's whitespace, `str.split()`, `strip()` and regex anchors differ
 * from JavaScript's in corners (\x1c-\x1f and \x85 are whitespace, `.`
 * matches \r, `$` sits only before \n): the helpers here follow Python,
 * and the other languages' parsers use them too.
 * Pure, no I/O.
 */

export type StatusMap = Map<string, string>;

export interface ParseOptions {
  /** Status words a line may start (or, in pytest_v2, end) with. */
  statuses: readonly string[];
  flavour: "classic" | "current";
  /** The instance graded, for the parsers that pick a runner's format by its pull request (parse_log_jekyll, parse_log_immutable_js). */
  instance_id?: string;
}

export type LogParser = (log: string, opts: ParseOptions) => StatusMap;

/** What Python's str.isspace() accepts (ASCII and Unicode spaces), without JavaScript's \uFEFF. */
export const PY_SPACE = "\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SPACE_RUN = new RegExp(`[${PY_SPACE}]+`);
const LEAD = new RegExp(`^[${PY_SPACE}]+`);
const TRAIL = new RegExp(`[${PY_SPACE}]+$`);

/** Python's str.split() with no argument: whitespace runs, no empty tokens. */
export function pySplit(s: string): string[] {
  return s.split(SPACE_RUN).filter((t) => t !== "");
}

export const pyStrip = (s: string): string => s.replace(LEAD, "").replace(TRAIL, "");

/** Whether `c` is one of Python's whitespace characters (what `\s` and `str.strip()` take). */
export const isPySpace = (c: string | undefined): boolean => c !== undefined && SPACE_RUN.test(c);

/**
 * Python's `re.match("(.+?)(?:SUFFIX)?$", rest)` on a line without \n:
 * the lazy name ends where `suffix` (a `$`-anchored regex with the g flag)
 * first matches from index 1 to the end; else the name is the whole rest.
 * Null when rest is empty (`.+?` needs a character).
 */
export function lazyNameBeforeSuffix(rest: string, suffix: RegExp): string | null {
  if (rest === "") return null;
  suffix.lastIndex = 1;
  const m = suffix.exec(rest);
  return m ? rest.slice(0, m.index) : rest;
}

/** `\s\((\d+\s*m?s)\)$` for lazyNameBeforeSuffix: the duration jest and redis's runner print after a test's name. */
export const durationSuffix = () => new RegExp(`[${PY_SPACE}]\\(\\p{Nd}+[${PY_SPACE}]*m?s\\)$`, "gu");

const pyLstrip = (s: string): string => s.replace(LEAD, "");

const startsWithAny = (line: string, words: readonly string[]) => words.some((w) => line.startsWith(w));
const endsWithAny = (line: string, words: readonly string[]) => words.some((w) => line.endsWith(w));

/** Pytest's `SKIPPED [N] path:line: reason` summary, where [N] is a count, not a test (5.x drops it). */
const isSkipSummary = (status: string, name: string) => status === "SKIPPED" && /^\[\d+\]$/.test(name);

/**
 * Each line of pytest's -rA short summary: `STATUS name [- message]` (for
 * FAILED, " - " becomes a space first), name the second token; the status
 * the first, whatever word it is. 5.x skips the `SKIPPED [N]` count lines.
 */
function eachSummaryLine(log: string, opts: ParseOptions, take: (status: string, name: string) => void): void {
  for (let line of log.split("\n")) {
    if (!startsWithAny(line, opts.statuses)) continue;
    if (line.startsWith("FAILED")) line = line.replaceAll(" - ", " ");
    const t = pySplit(line);
    if (t.length <= 1) continue;
    if (opts.flavour === "current" && isSkipSummary(t[0]!, t[1]!)) continue;
    take(t[0]!, t[1]!);
  }
}

/** pytest's -rA short summary (pytest, xarray, flask, ...). */
export const parsePytest: LogParser = (log, opts) => {
  const map: StatusMap = new Map();
  eachSummaryLine(log, opts, (status, name) => map.set(name, status));
  return map;
};

/**
 * As pytest, but a parametrised id whose parameter is an absolute path
 * (one leading '/', no '*') keeps only the path's last component, so ids
 * from different checkouts compare equal (requests, pylint, pydicom).
 */
export const parsePytestOptions: LogParser = (log, opts) => {
  const map: StatusMap = new Map();
  eachSummaryLine(log, opts, (status, id) => {
    // Python's re.search("(.*?)\[(.*)\]"): the first '[' with a ']' after it, the parameter up to the last ']'
    // (found without the regex, whose retries are quadratic on a token of many '[').
    const open = id.indexOf("[");
    const close = id.lastIndexOf("]");
    let name = id;
    if (open >= 0 && close > open) {
      let option = id.slice(open + 1, close);
      if (option.startsWith("/") && !option.startsWith("//") && !option.includes("*")) option = "/" + option.split("/").at(-1)!;
      name = `${id.slice(0, open)}[${option}]`;
    }
    map.set(name, status);
  });
  return map;
};

/**
 * pytest with `-rA` and, for old pytest (`-vv`, classic console style),
 * lines ending in their status: ANSI colour codes `[<n>m` and control
 * characters are removed first (astropy, scikit-learn, sphinx).
 */
export const parsePytestV2: LogParser = (log, opts) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    // Python's translate() over chr(1)..chr(31) drops tabs and carriage returns too.
    let line = raw.replace(/\[(\d+)m/g, "").replace(/[\x01-\x1f]/g, "");
    if (startsWithAny(line, opts.statuses)) {
      if (opts.flavour === "current") {
        if (line.startsWith("FAILED")) line = line.split(" - ")[0]!;
        const t = pySplit(line);
        if (t.length >= 2 && !isSkipSummary(t[0]!, t[1]!)) map.set(t.slice(1).join(" "), t[0]!);
      } else {
        if (line.startsWith("FAILED")) line = line.replaceAll(" - ", " ");
        const t = pySplit(line);
        // 2.0.x indexes without a guard (a bare status line crashes it); 4.x skips it.
        if (t.length >= 2) map.set(t[1]!, t[0]!);
      }
    } else if (endsWithAny(line, opts.statuses)) {
      const t = pySplit(line);
      if (t.length < 2) continue;
      // classic takes the second token as the status; current joins all but the last as the name.
      if (opts.flavour === "current") map.set(t.slice(0, -1).join(" "), t.at(-1)!);
      else map.set(t[0]!, t[1]!);
    }
  }
  return map;
};

/** matplotlib: pytest after spelling mouse buttons as the numbers the dataset's ids use. */
export const parseMatplotlib: LogParser = (log, opts) =>
  parsePytest(log.replaceAll("MouseButton.LEFT", "1").replaceAll("MouseButton.RIGHT", "3"), opts);

/** seaborn: `FAILED name`, `name PASSED ...` and `PASSED name` lines. */
export const parseSeaborn: LogParser = (log, opts) => {
  const map: StatusMap = new Map();
  for (const line of log.split("\n")) {
    const parts = pySplit(line);
    if (parts.length < 2) continue; // current guards; classic would crash on these, so no verdict differs
    if (line.startsWith("FAILED")) map.set(parts[1]!, "FAILED");
    else if (line.includes(" PASSED ")) {
      if (parts[1] === "PASSED") map.set(parts[0]!, "PASSED");
    } else if (line.startsWith("PASSED")) map.set(parts[1]!, "PASSED");
  }
  return map;
};

/**
 * What Python's re.findall("(_*) (.*)\.py:(.*) (_*)", log) finds on one
 * line (no part of the pattern crosses a newline, so lines are
 * independent), found in linear time instead of by backtracking, which is
 * cubic on a long line of spaces. At most one match per line: the first
 * space (with the underscores before it) opens it; the greedy groups end at
 * the last `.py:` that has a space after it, and at the last space.
 * Returns `<group 2>.py:<group 3>`, or null.
 */
export function sympyHeader(line: string): string | null {
  const lastSpace = line.lastIndexOf(" ");
  const firstSpace = line.indexOf(" ");
  if (lastSpace < 0) return null;
  const py = line.lastIndexOf(".py:", lastSpace - 4);
  if (py < firstSpace + 1) return null;
  return `${line.slice(firstSpace + 1, py)}.py:${line.slice(py + 4, lastSpace)}`;
}

/**
 * sympy's own runner (`bin/test -C --verbose`): a failure section header
 * `____ path.py:test_name ____` marks FAILED; lines `test_x ok|F|E`
 * give PASSED, FAILED, ERROR.
 */
export const parseSympy: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const line of log.split("\n")) {
    const header = sympyHeader(line);
    if (header !== null) map.set(header, "FAILED");
  }
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    if (!line.startsWith("test_")) continue;
    if (line.endsWith(" E")) map.set(pySplit(line)[0]!, "ERROR");
    if (line.endsWith(" F")) map.set(pySplit(line)[0]!, "FAILED");
    if (line.endsWith(" ok")) map.set(pySplit(line)[0]!, "PASSED");
  }
  return map;
};

/** Python's `\s`, for the interrupted-output literals below. */
const S = `[${PY_SPACE}]`;

/**
 * Python's re.finditer over the whole log for a MULTILINE pattern
 * `^([^\n]*?)<literal><rest>`: each line start (not inside an earlier
 * match) takes the first occurrence of the literal on its line (its first
 * `\s` may be the line's own newline) that `accept` completes, returning
 * the match's end. Linear in the log, where the regexes themselves retry
 * quadratically (the harness's are the same on adversarial logs).
 */
function lineStartMatches(log: string, literal: RegExp, accept: (litEnd: number) => number | null): string[] {
  const found: string[] = [];
  let matchedTo = 0;
  for (const occ of log.matchAll(literal)) {
    const at = occ.index;
    const lineStart = log.lastIndexOf("\n", at - 1) + 1;
    if (lineStart < matchedTo) continue;
    // Group 1 cannot cross a newline: the literal starts on this line or at its newline.
    const nl = log.indexOf("\n", lineStart);
    if (nl >= 0 && at > nl) continue;
    const end = accept(at + occ[0].length);
    if (end === null) continue;
    found.push(log.slice(lineStart, at));
    matchedTo = end;
  }
  return found;
}

/** `ok` alone on the line starting at `i` (Python's `ok$` under MULTILINE): the index after it, or null. */
const okLineAt = (log: string, i: number) => (log.startsWith("ok", i) && (i + 2 === log.length || log[i + 2] === "\n") ? i + 2 : null);

/**
 * Django's output interrupted by a long print before its `ok`: the
 * harness's three known forms,
 * `^(.*?)\s\.\.\.\sTesting\ against\ Django\ installed\ in\ ((?s:.*?))\ silenced\)\.\nok$`,
 * `^(.*?)\s\.\.\.\sInternal\ Server\ Error:\ \/(.*)\/\nok$` and
 * `^(.*?)\s\.\.\.\sSystem check identified no issues \(0 silenced\)\nok$`.
 */
function djangoInterrupted(log: string): string[] {
  const silencedOk = [...log.matchAll(/ silenced\)\.\nok(?![^\n])/g)].map((m) => m.index);
  let next = 0;
  const testing = lineStartMatches(log, new RegExp(`${S}\\.\\.\\.${S}Testing against Django installed in `, "g"), (litEnd) => {
    while (next < silencedOk.length && silencedOk[next]! < litEnd) next++;
    return next < silencedOk.length ? silencedOk[next]! + " silenced).\nok".length : null;
  });
  const serverError = lineStartMatches(log, new RegExp(`${S}\\.\\.\\.${S}Internal Server Error: /`, "g"), (litEnd) => {
    // `(.*)\/\nok$`: the rest of the line ends in '/' (after at least nothing), then a line `ok`.
    const nl = log.indexOf("\n", litEnd);
    return nl > litEnd && log[nl - 1] === "/" ? okLineAt(log, nl + 1) : null;
  });
  const systemCheck = lineStartMatches(log, new RegExp(`${S}\\.\\.\\.${S}System check identified no issues \\(0 silenced\\)`, "g"), (litEnd) =>
    log[litEnd] === "\n" ? okLineAt(log, litEnd + 1) : null,
  );
  return [...testing, ...serverError, ...systemCheck];
}

/**
 * Django's runner at verbosity 2: `name ... ok|OK|skipped|FAIL|ERROR`,
 * `FAIL:`/`ERROR:` headers, an `ok` on a later line crediting the last
 * `name ...` seen, and the interrupted forms above.
 */
export const parseDjango: LogParser = (log) => {
  const map: StatusMap = new Map();
  let prev: string | null = null;
  for (const raw of log.split("\n")) {
    let line = pyStrip(raw);
    if (line.includes("--version is equivalent to version")) map.set("--version is equivalent to version", "PASSED");
    if (line.includes(" ... ")) prev = line.split(" ... ")[0]!;
    for (const suffix of [" ... ok", " ... OK", " ...  OK"]) {
      if (!line.endsWith(suffix)) continue;
      // The harness's own special case for django__django-7188, whose migration output shares the line.
      if (line.startsWith("Applying sites.0002_alter_domain_unique...test_no_migrations")) line = pyStrip(line.slice(line.indexOf("...") + 3));
      map.set(line.slice(0, line.lastIndexOf(suffix)), "PASSED");
      break;
    }
    if (line.includes(" ... skipped")) map.set(line.split(" ... skipped")[0]!, "SKIPPED");
    if (line.endsWith(" ... FAIL")) map.set(line.split(" ... FAIL")[0]!, "FAILED");
    if (line.startsWith("FAIL:")) {
      const t = pySplit(line)[1];
      if (t !== undefined) map.set(pyStrip(t), "FAILED");
    }
    if (line.endsWith(" ... ERROR")) map.set(line.split(" ... ERROR")[0]!, "ERROR");
    if (line.startsWith("ERROR:")) {
      const t = pySplit(line)[1];
      if (t !== undefined) map.set(pyStrip(t), "ERROR");
    }
    if (pyLstrip(line).startsWith("ok") && prev !== null) map.set(prev, "PASSED");
  }
  for (const test of djangoInterrupted(log)) map.set(test, "PASSED");
  return map;
};
