/**
 * IFBench's `format:` family: five nested brackets, three nested quotes,
 * one of the given options only, one word per line, an emoji ending every
 * sentence, stair-step indentation, quotes with explanations outside them,
 * a custom bullet marker, an italic thesis, sub-bullets under every
 * bullet, two sentences then bullets, title case, a fixed template and no
 * whitespace. Pure, no I/O.
 */
import {
  codePoints,
  deletePunctuation,
  escapeRegExp,
  isAlpha,
  isLower,
  isSpace,
  isUpper,
  lstrip,
  PUNCTUATION,
  splitWhitespace,
  strip,
} from "../python-text";
import { splitSentences, wordTokenize } from "../tokenize";
import type { Checker } from "../types";

const STRIP = `${PUNCTUATION} `;
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Emoji_Presentation}|\p{Regional_Indicator})$/u;

/** `emoji.is_emoji` for one character. */
export function isEmoji(ch: string): boolean {
  return EMOJI.test(ch);
}

function indent(line: string): number {
  return codePoints(line).length - codePoints(lstrip(line, " ")).length;
}

export const FORMAT_IFBENCH: Record<string, Checker> = {
  "format:parentheses": (response) => {
    let levels: string[] = [];
    let maxDepth = 0;
    for (const ch of response) {
      if ("([{".includes(ch)) {
        levels.push(ch);
        maxDepth = Math.max(maxDepth, levels.length);
      } else if (")]}".includes(ch)) {
        const top = levels.at(-1);
        if (top !== undefined && ((top === "(" && ch === ")") || (top === "[" && ch === "]") || (top === "{" && ch === "}"))) {
          levels.pop();
          if (maxDepth >= 5 && levels.length < maxDepth) return true;
        } else {
          levels = [];
          maxDepth = 0;
        }
      }
    }
    return false;
  },
  "format:quotes": (response) => {
    const levels: string[] = [];
    let reached = 0;
    let depth = 0;
    for (const ch of response) {
      if (levels.length !== 0 && ch === levels.at(-1)) {
        levels.pop();
        depth--;
        if (reached - depth >= 3) return true;
      } else if (ch === '"' || ch === "'") {
        levels.push(ch);
        depth++;
        reached = Math.max(reached, depth);
      }
    }
    return false;
  },
  "format:options": (response, args) => {
    const text = args.str("options");
    const exact = /^\W*[aA]\W*[bB]\W*[cC]\W*/.test(text);
    const separator = text.includes("/") ? "/" : text.includes("or") ? "or" : ",";
    const options = text.split(separator).map((o) => strip(o));
    if (exact) return options.includes(response);
    const value = strip(response, STRIP).toLowerCase();
    return options.some((o) => strip(o, STRIP).toLowerCase() === value);
  },
  "format:newline": (response) => {
    const value = deletePunctuation(response);
    const lines = strip(value).split("\n").filter((l) => l !== "");
    return lines.length === splitWhitespace(strip(value)).length;
  },
  "format:emoji": (response) => {
    const sentences = splitSentences(response);
    for (let i = 0; i < sentences.length; i++) {
      const cps = codePoints(strip(deletePunctuation(sentences[i]!)));
      if (cps.length === 0) return false;
      const last = cps.at(-1)!;
      const second = cps.length > 1 ? cps.at(-2)! : last;
      if (isEmoji(last) || isEmoji(second)) continue;
      if (i === sentences.length - 1) return false;
      // An emoji may open the next sentence instead.
      const next = codePoints(strip(deletePunctuation(sentences[i + 1]!)));
      if (next.length === 0 || !isEmoji(next[0]!)) return false;
    }
    return true;
  },
  "format:line_indent": (response) => {
    const lines = response.split("\n");
    // Upstream removes blank lines while iterating over the list, which skips the line after each one removed.
    for (let at = 0; at < lines.length; ) {
      const line = lines[at++]!;
      if (!strip(line)) lines.splice(lines.indexOf(line), 1);
    }
    for (let i = 0; i + 1 < lines.length; i++) if (indent(lines[i + 1]!) <= indent(lines[i]!)) return false;
    return true;
  },
  "format:quote_unquote": (response) => {
    let value = response.replaceAll("'\"'", "");
    value = splitWhitespace(value).join("");
    if (value.includes('""')) return false;
    const stripped = strip(value, `0123456789${PUNCTUATION.replace('"', "")}`);
    return !(stripped && stripped.endsWith('"'));
  },
  "format:list": (response, args) => (response.match(new RegExp(escapeRegExp(args.str("sep")), "gu")) ?? []).length >= 2,
  "format:thesis": (response) => {
    let index = response.indexOf("<i>");
    if (index === -1) {
      index = response.indexOf("<em>");
      if (index === -1) return false;
    }
    const value = response.slice(index);
    let end = value.indexOf("</i>");
    if (end === -1) {
      end = value.indexOf("</em>");
      if (end === -1) return false;
    }
    // Upstream slices as if the tags were <i> and </i> even when they are <em>.
    if (strip(value.slice(3, Math.max(3, end))) === "") return false;
    return strip(value.slice(end + 4)) !== "";
  },
  "format:sub-bullets": (response) => response.split("*").slice(1).every((b) => b.includes("-")),
  "format:no_bullets_bullets": (response) => {
    let prose: boolean = true;
    let sentences = 0;
    let bullets = 0;
    for (const line of response.split("\n")) {
      if (strip(line).startsWith("*")) {
        prose = false;
        if (sentences < 2) return false;
        bullets++;
      } else if (prose) {
        const found = splitSentences(strip(line));
        // Upstream reuses its flag for the sentence list: a line with no sentence ends the prose part.
        prose = found.length > 0;
        sentences += found.length;
      } else return false;
    }
    return bullets >= 2;
  },
  "format:title_case": (response) => {
    for (const word of wordTokenize(response)) {
      const cps = codePoints(word);
      if (cps.length === 0 || !isAlpha(cps[0]!)) continue;
      const head = cps[0]!;
      const rest = cps.slice(1).join("");
      if (cps.length === 1) {
        if (isLower(head)) return false;
        continue;
      }
      if (isUpper(head) && isLower(rest)) continue;
      if (isLower(head) && (isUpper(rest) || isLower(rest))) return false;
    }
    return true;
  },
  "format:output_template": (response) =>
    response.includes("My Answer:") && response.includes("My Conclusion:") && response.includes("Future Outlook:"),
  "format:no_whitespace": (response) => ![...response].some(isSpace),
};
