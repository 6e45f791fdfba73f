/**
 * SWE-bench's log parsers for the C and C++ repositories of SWE-bench
 * Multilingual, rewritten from the behaviour of the harness's own
 * (swebench/harness/log_parsers/c.py at SWE-bench/SWE-bench
 * 7a21e05772954cc81471ae19d56f436cecf43c54; the 4.x harness, v4.1.0,
 * reads the same): redis's and valkey's test runner (`[ok]: name (N ms)`),
 * jq's `make check` (automake's `PASS: x`), nlohmann/json's doctest XML
 * (`-s -r=xml`), micropython's run-tests.py and googletest as ctest -V
 * prints it (fmt). Each line is read as the harness reads it (stripped,
 * Python's `re.match` semantics), without regexes that backtrack
 * quadratically on a long line.
 *
 * One difference: XML that Python's ElementTree refuses (a log cut inside
 * the doctest report) makes the harness's parser raise, so the harness
 * writes no report; here it yields no test, which grades the instance
 * unresolved as well (multilingual-parsers.test.ts shows it). Pure, no I/O.
 */
import { durationSuffix, isPySpace, lazyNameBeforeSuffix, PY_SPACE, pyStrip, type LogParser, type StatusMap } from "./python";

const REDIS_HEAD = new RegExp(`^\\[(ok|err|skip|ignore)\\]:[${PY_SPACE}]`, "u");

/** `re.sub(r"\s+in\s+\S+$", "", name)`: a failed test's trailing ` in tests/unit/x.tcl`, cut from the start of the blank before `in`. */
function dropFileSuffix(name: string): string {
  let t = name.length;
  while (t > 0 && !isPySpace(name[t - 1])) t--;
  if (t === name.length || t === 0) return name;
  let a = t;
  while (a > 0 && isPySpace(name[a - 1])) a--;
  if (a < 3 || name.slice(a - 2, a) !== "in" || !isPySpace(name[a - 3])) return name;
  let b = a - 3;
  while (b > 0 && isPySpace(name[b - 1])) b--;
  return name.slice(0, b);
}

/** redis / valkey `./runtest`: `[ok]: name (N ms)`, `[err]: name in file`, `[skip]` / `[ignore]`. */
export const parseRedis: LogParser = (log) => {
  const map: StatusMap = new Map();
  const suffix = durationSuffix();
  const words: Record<string, string> = { ok: "PASSED", err: "FAILED", skip: "SKIPPED", ignore: "SKIPPED" };
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const head = REDIS_HEAD.exec(line);
    const name = head ? lazyNameBeforeSuffix(line.slice(head[0].length), suffix) : null;
    if (head && name !== null) map.set(head[1] === "err" ? dropFileSuffix(name) : name, words[head[1]!]!);
  }
  return map;
};

/** `^\s*(WORD)\s(.+)$` on a stripped line: the status word, one blank, the name (at least a character). */
function wordThenName(line: string, words: readonly string[]): [string, string] | null {
  const word = words.find((w) => line.startsWith(w));
  if (word === undefined || !isPySpace(line[word.length]) || line.length < word.length + 2) return null;
  return [word, line.slice(word.length + 1)];
}

/** jq's `make check` (automake's test driver): `PASS: tests/jqtest`, `FAIL: tests/mantest`. */
export const parseJq: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    const hit = wordThenName(pyStrip(raw), ["PASS:", "FAIL:"]);
    if (hit) map.set(hit[1], hit[0] === "PASS:" ? "PASSED" : "FAILED");
  }
  return map;
};

/** micropython's run-tests.py: `pass  basics/fun1.py`, `FAIL  ...`, `skip  ...` (the name after the whole blank run). */
export const parseMicropythonTest: LogParser = (log) => {
  const map: StatusMap = new Map();
  const words: Record<string, string> = { pass: "PASSED", FAIL: "FAILED", skip: "SKIPPED" };
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    const word = Object.keys(words).find((w) => line.startsWith(w));
    if (word === undefined || !isPySpace(line[word.length])) continue;
    let i = word.length;
    while (isPySpace(line[i])) i++;
    // A stripped line has something after its blanks.
    map.set(line.slice(i), words[word]!);
  }
  return map;
};

/**
 * googletest: `^.*\[\s*(OK|FAILED)\s*\]\s(.*)\s\(.*\)$`. The name runs from
 * the blank after the last status bracket that leaves room for it to the
 * last ` (` before the closing `)`; a ctest -V prefix (`1: `) is skipped.
 */
export const parseGoogletest: LogParser = (log) => {
  const map: StatusMap = new Map();
  for (const raw of log.split("\n")) {
    const line = pyStrip(raw);
    if (!line.endsWith(")") || line.length < 3) continue;
    // The last blank-then-"(" with at least one character before the final ")".
    let k = line.lastIndexOf("(", line.length - 2);
    while (k > 0 && !isPySpace(line[k - 1])) k = line.lastIndexOf("(", k - 1);
    if (k <= 0) continue;
    const nameEnd = k - 1;
    for (let b = line.lastIndexOf("["); b >= 0; b = b === 0 ? -1 : line.lastIndexOf("[", b - 1)) {
      let i = b + 1;
      while (isPySpace(line[i])) i++;
      const word = line.startsWith("OK", i) ? "OK" : line.startsWith("FAILED", i) ? "FAILED" : null;
      if (!word) continue;
      i += word.length;
      while (isPySpace(line[i])) i++;
      if (line[i] !== "]" || !isPySpace(line[i + 1]) || i + 2 > nameEnd) continue;
      map.set(line.slice(i + 2, nameEnd), word === "OK" ? "PASSED" : "FAILED");
      break;
    }
  }
  return map;
};

interface XmlElement {
  name: string;
  attrs: Map<string, string>;
  children: XmlElement[];
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** An attribute value as an XML parser reports it (tabs and line breaks as spaces, references replaced); null for a stray "&" or an unknown entity. */
function xmlAttributeValue(raw: string): string | null {
  let bad = false;
  const value = raw.replace(/[\t\n\r]/g, " ").replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) return ((bad = true), whole);
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (code > 0x10ffff || code === 0) return ((bad = true), whole);
      return String.fromCodePoint(code);
    }
    const named = XML_ENTITIES[ref];
    return named ?? ((bad = true), whole);
  });
  return bad ? null : value;
}

const XML_NAME = "[A-Za-z_:][-A-Za-z0-9_:.]*";
const XML_TOKEN = new RegExp(
  `<!--[\\s\\S]*?-->|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>|<\\?[\\s\\S]*?\\?>|</(${XML_NAME})\\s*>|<(${XML_NAME})((?:\\s+${XML_NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>|[^<]+`,
  "y",
);
const XML_ATTR = new RegExp(`(${XML_NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, "g");

/** The one root element of a well-formed document, or null where ElementTree would raise. */
function parseXml(text: string): XmlElement | null {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  XML_TOKEN.lastIndex = 0;
  while (XML_TOKEN.lastIndex < text.length) {
    const m = XML_TOKEN.exec(text);
    if (!m) return null;
    const [token, close, open, attrText, selfClosing] = m;
    if (close !== undefined) {
      if (stack.pop()?.name !== close) return null;
    } else if (open !== undefined) {
      if (root && stack.length === 0) return null;
      const el: XmlElement = { name: open, attrs: new Map(), children: [] };
      for (const a of attrText!.matchAll(XML_ATTR)) {
        const value = xmlAttributeValue(a[2] ?? a[3]!);
        if (value === null || el.attrs.has(a[1]!)) return null;
        el.attrs.set(a[1]!, value);
      }
      stack.at(-1)?.children.push(el);
      root ??= el;
      if (selfClosing !== "/") stack.push(el);
    } else if (!token.startsWith("<") && ((stack.length === 0 && pyStrip(token) !== "") || xmlAttributeValue(token) === null)) {
      // Text outside the root, or with a stray "&": not well-formed.
      return null;
    }
  }
  return root && stack.length === 0 ? root : null;
}

/** ElementTree's `el.findall(".//Name")`: every descendant of that name, in document order. */
function descendants(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/**
 * doctest's XML reporter (`-s -r=xml`, nlohmann/json): the first
 * `<doctest ...>` ... `</doctest>`; each SubCase under a TestCase is
 * `TestCase > SubCase`, passing when every Expression inside it (nested
 * subcases' included) has success="true". A test case without subcases is
 * not recorded, as in the harness.
 */
export const parseDoctest: LogParser = (log) => {
  const map: StatusMap = new Map();
  const start = log.indexOf("<doctest");
  if (start === -1) return map;
  // Python's find() + len(end_tag): a missing end tag slices to index 9, which no parser accepts.
  const end = log.indexOf("</doctest>", start);
  const root = end === -1 ? null : parseXml(log.slice(start, end + "</doctest>".length));
  if (!root) return map;
  const attr = (e: XmlElement, k: string) => e.attrs.get(k) ?? "None";
  for (const testCase of descendants(root, "TestCase")) {
    for (const subCase of descendants(testCase, "SubCase")) {
      const passed = descendants(subCase, "Expression").every((e) => e.attrs.get("success") === "true");
      map.set(`${attr(testCase, "name")} > ${attr(subCase, "name")}`, passed ? "PASSED" : "FAILED");
    }
  }
  return map;
};
