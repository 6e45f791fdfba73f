/**
 * Python string semantics the upstream checkers rely on, in TypeScript:
 * `string.punctuation`, `str.strip(chars)`, `str.split()`, `isupper()`,
 * `islower()`, `isalpha()`, `isdigit()`, `translate` deleting punctuation,
 * and Unicode `\w` / `\b` as Python's `re` has them (JavaScript's are
 * ASCII-only). Strings are handled by code point where Python indexes them
 * so. Pure, no I/O.
 */

/** Python's `string.punctuation`. */
export const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/** A Unicode word character as Python's `re` has it (letters, numbers, underscore). */
export const WORD_CHAR = "[\\p{L}\\p{N}_]";

/** `\b` of Python's `re`, as lookarounds over WORD_CHAR (use with the `u` flag). */
export const WORD_BOUNDARY = `(?:(?<=${WORD_CHAR})(?!${WORD_CHAR})|(?<!${WORD_CHAR})(?=${WORD_CHAR}))`;

const PY_SPACE = /[\s\x1c-\x1f\x85]/u;

/** Python's `str.isspace()` for one character. */
export function isSpace(ch: string): boolean {
  return PY_SPACE.test(ch) && ch !== "\ufeff";
}

/** Python's `str.strip(chars)` (whitespace when chars is omitted). */
export function strip(text: string, chars?: string): string {
  return rstrip(lstrip(text, chars), chars);
}

/** Python's `str.lstrip(chars)`. */
export function lstrip(text: string, chars?: string): string {
  const cps = Array.from(text);
  let i = 0;
  while (i < cps.length && (chars === undefined ? isSpace(cps[i]!) : chars.includes(cps[i]!))) i++;
  return cps.slice(i).join("");
}

/** Python's `str.rstrip(chars)`. */
export function rstrip(text: string, chars?: string): string {
  const cps = Array.from(text);
  let j = cps.length;
  while (j > 0 && (chars === undefined ? isSpace(cps[j - 1]!) : chars.includes(cps[j - 1]!))) j--;
  return cps.slice(0, j).join("");
}

/** Python's `str.split()` with no separator: runs of whitespace, no empty items. */
export function splitWhitespace(text: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (const ch of text) {
    if (isSpace(ch)) {
      if (cur) out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** `text.translate(str.maketrans('', '', string.punctuation))`: ASCII punctuation deleted. */
export function deletePunctuation(text: string): string {
  return text.replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, "");
}

function isCased(ch: string): boolean {
  return ch.toLowerCase() !== ch.toUpperCase() || /\p{Lt}/u.test(ch);
}

/** Python's `str.isupper()`: at least one cased character and no lowercase one. */
export function isUpper(text: string): boolean {
  let cased = false;
  for (const ch of text) {
    if (/\p{Ll}|\p{Lt}/u.test(ch)) return false;
    if (isCased(ch)) cased = true;
  }
  return cased;
}

/** Python's `str.islower()`: at least one cased character and no uppercase one. */
export function isLower(text: string): boolean {
  let cased = false;
  for (const ch of text) {
    if (/\p{Lu}|\p{Lt}/u.test(ch)) return false;
    if (isCased(ch)) cased = true;
  }
  return cased;
}

/** Python's `str.isalpha()`: non-empty and every character a letter. */
export function isAlpha(text: string): boolean {
  return text.length > 0 && /^\p{L}+$/u.test(text);
}

/** Python's `str.isalnum()`. */
export function isAlnum(text: string): boolean {
  return text.length > 0 && /^[\p{L}\p{N}]+$/u.test(text);
}

/** Python's `str.isdigit()` (decimal and other digits). */
export function isDigit(text: string): boolean {
  return text.length > 0 && /^[\p{Nd}\u00b2\u00b3\u00b9\u2070-\u2079\u2080-\u2089\u2460-\u2468]+$/u.test(text);
}

/** Characters of a string by code point (Python's indexing unit). */
export function codePoints(text: string): string[] {
  return Array.from(text);
}

/** Python's `str.count(sub)`: non-overlapping occurrences. */
export function countOccurrences(text: string, sub: string): number {
  if (sub === "") return Array.from(text).length + 1;
  let n = 0;
  for (let at = text.indexOf(sub); at >= 0; at = text.indexOf(sub, at + sub.length)) n++;
  return n;
}

/** Escapes a string for use inside a RegExp (Python's `re.escape`). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * A user-supplied pattern (upstream passes keywords to `re.search` as
 * regular expressions) compiled with Unicode case folding; a pattern
 * JavaScript cannot compile is matched literally.
 */
export function pythonPattern(source: string, flags: string): RegExp {
  try {
    return new RegExp(source, `${flags}u`);
  } catch {
    return new RegExp(escapeRegExp(source), `${flags}u`);
  }
}

/** NFKD, then the non-ASCII characters dropped: `normalize('NFKD').encode('ASCII', 'ignore')`. */
export function asciiFold(text: string): string {
  return text.normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
}

/** Python's default string ordering (by code point), for sorts. */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
