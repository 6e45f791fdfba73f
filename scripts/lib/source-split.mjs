// TypeScript source split into code, string literals and comments, so the
// structure tests (test/structure/) can look for calls, statement text or
// type names without being fooled by comments and strings. No I/O.

/**
 * Splits TypeScript source into three same-length copies, newlines kept so
 * offsets map to lines: `code` with comments and literal contents blanked,
 * `strings` with only the contents of string and template literals, and
 * `source` with only the comments blanked. Regex
 * literals are recognised by the usual rule (a `/` where an operand may
 * start) so a quote inside one does not open a string.
 */
export function split(text) {
  const code = [...text];
  const source = [...text];
  const strings = [...text].map((ch) => (ch === "\n" ? "\n" : " "));
  const blank = (i) => {
    if (code[i] !== "\n") code[i] = " ";
  };
  const uncomment = (i) => {
    blank(i);
    if (source[i] !== "\n") source[i] = " ";
  };
  const keep = (i) => {
    strings[i] = text[i];
    blank(i);
  };
  // Template interpolation depth: each entry counts the braces open inside one `${`.
  const templates = [];
  let last = ""; // last significant code character, to tell a regex from a division
  let i = 0;
  const n = text.length;
  const inTemplate = (from) => {
    // Scans template text from `from` until the closing backtick or `${`; returns the index after it.
    let j = from;
    while (j < n) {
      if (text[j] === "\\") {
        keep(j);
        if (j + 1 < n) keep(j + 1);
        j += 2;
      } else if (text[j] === "`") {
        return j + 1;
      } else if (text[j] === "$" && text[j + 1] === "{") {
        templates.push(0);
        return j + 2;
      } else {
        keep(j);
        j++;
      }
    }
    return j;
  };
  while (i < n) {
    const ch = text[i];
    if (ch === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") uncomment(i++);
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? n : end + 2;
      while (i < stop) uncomment(i++);
    } else if (ch === "'" || ch === '"') {
      i++;
      while (i < n && text[i] !== ch && text[i] !== "\n") {
        if (text[i] === "\\") keep(i++);
        if (i < n) keep(i++);
      }
      i++;
      last = "a";
    } else if (ch === "`") {
      i = inTemplate(i + 1);
      last = "a";
    } else if (ch === "}" && templates.length && templates.at(-1) === 0) {
      templates.pop();
      i = inTemplate(i + 1);
      last = "a";
    } else if (ch === "/" && (last === "" || "(,=:[!&|?{};+-*%<>~^".includes(last) || /\b(return|typeof|case|in|of)\s*$/.test(text.slice(Math.max(0, i - 8), i)))) {
      // A regex literal: blanked, classes and escapes included.
      blank(i++);
      let cls = false;
      while (i < n && text[i] !== "\n") {
        if (text[i] === "\\") blank(i++);
        else if (text[i] === "[") cls = true;
        else if (text[i] === "]") cls = false;
        else if (text[i] === "/" && !cls) break;
        blank(i++);
      }
      blank(i++);
      last = "a";
    } else {
      if (ch === "{" && templates.length) templates[templates.length - 1] += 1;
      if (ch === "}" && templates.length) templates[templates.length - 1] -= 1;
      if (!/\s/.test(ch)) last = ch;
      i++;
    }
  }
  return { code: code.join(""), strings: strings.join(""), source: source.join("") };
}

