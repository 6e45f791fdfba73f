/**
 * Python list literals of strings as benchmark files write them
 * (`str(list)`: MMMU's options "['1', '2', 'Not exist']", VLMEvalKit's
 * answer lists): single- or double-quoted strings with Python's escapes,
 * separated by commas, optionally numbers (kept as their text). Anything
 * else is an error, so a cell that is not a list is never half-read.
 * Pure, no I/O.
 */

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0", a: "\x07", b: "\b", f: "\f", v: "\v" };

/** The strings of a Python list literal; throws naming the position of what it cannot read. */
export function pythonStringList(text: string): string[] {
  const s = text.trim();
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`not a Python list of strings (${why} at character ${i + 1} of ${JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s)})`);
  };
  const space = () => {
    while (i < s.length && /\s/.test(s[i]!)) i++;
  };
  if (s[i] !== "[") fail("no '['");
  i++;
  const out: string[] = [];
  space();
  if (s[i] === "]") {
    i++;
    space();
    if (i !== s.length) fail("text after ']'");
    return out;
  }
  for (;;) {
    space();
    const q = s[i];
    if (q === "'" || q === '"') {
      i++;
      let v = "";
      while (i < s.length && s[i] !== q) {
        if (s[i] === "\\") {
          const e = s[i + 1];
          if (e === undefined) fail("a lone '\\'");
          if (e === "x" || e === "u") {
            const n = e === "x" ? 2 : 4;
            const hex = s.slice(i + 2, i + 2 + n);
            if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) fail("a bad escape");
            v += String.fromCharCode(parseInt(hex, 16));
            i += 2 + n;
            continue;
          }
          v += ESCAPES[e!] ?? `\\${e}`;
          i += 2;
          continue;
        }
        v += s[i];
        i++;
      }
      if (s[i] !== q) fail("an unclosed string");
      i++;
      out.push(v);
    } else {
      const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(s.slice(i));
      if (!m) fail("neither a string nor a number");
      out.push(m![0]);
      i += m![0].length;
    }
    space();
    if (s[i] === ",") {
      i++;
      space();
      if (s[i] === "]") break;
      continue;
    }
    if (s[i] === "]") break;
    fail("no ',' or ']'");
  }
  i++;
  space();
  if (i !== s.length) fail("text after ']'");
  return out;
}
