/**
 * IFEval's `detectable_format:` family: exactly N markdown bullets (`* ` or
 * `-` lines), one of the three constrained answers, at least N highlighted
 * (`*...*` or `**...**`) sections, at least N sections opened by a splitter
 * and a number, a response that parses as JSON (an optional ``` fence
 * stripped), and a `<<title>>`. Line anchors are Python's (`^` after a
 * newline only, `.` anything but a newline). Pure, no I/O.
 */
import { pythonPattern, strip } from "../python-text";
import type { Checker } from "../types";

const CONSTRAINED = ["My answer is yes.", "My answer is no.", "My answer is maybe."];

function count(re: RegExp, text: string): number {
  return [...text.matchAll(re)].length;
}

function stripStars(text: string): string {
  return text.replace(/^\*+|\*+$/g, "");
}

export function parsesAsJson(text: string): boolean {
  let v = strip(text);
  for (const p of ["```json", "```Json", "```JSON", "```"]) if (v.startsWith(p)) v = v.slice(p.length);
  if (v.endsWith("```")) v = v.slice(0, -3);
  v = strip(v);
  try {
    JSON.parse(v);
    return true;
  } catch {
    // Python's json also reads NaN and ±Infinity as numbers.
    if (!/\b(NaN|Infinity)\b/.test(v)) return false;
    try {
      JSON.parse(v.replace(/-?\b(NaN|Infinity)\b/g, "0"));
      return true;
    } catch {
      return false;
    }
  }
}

export const FORMAT: Record<string, Checker> = {
  "detectable_format:number_bullet_lists": (response, args) =>
    count(/(?:^|(?<=\n))\s*\*[^*][^\n]*(?=\n|$)/gu, response) + count(/(?:^|(?<=\n))\s*-[^\n]*(?=\n|$)/gu, response) === args.num("num_bullets"),
  "detectable_format:constrained_response": (response) => {
    const v = strip(response);
    return CONSTRAINED.some((c) => v.includes(c));
  },
  "detectable_format:number_highlighted_sections": (response, args) => {
    let n = 0;
    for (const m of response.matchAll(/\*[^\n*]*\*/g)) if (strip(stripStars(m[0]))) n++;
    for (const m of response.matchAll(/\*\*[^\n*]*\*\*/g)) if (strip(m[0].slice(2, -2))) n++;
    return n >= args.num("num_highlights");
  },
  "detectable_format:multiple_sections": (response, args) => {
    const splitter = args.str("section_spliter").trim();
    return count(pythonPattern(`\\s?${splitter}\\s?\\d+\\s?`, "g"), response) >= args.num("num_sections");
  },
  "detectable_format:json_format": (response) => parsesAsJson(response),
  "detectable_format:title": (response) => {
    for (const m of response.matchAll(/<<[^\n]+>>/g)) if (strip(m[0].replace(/^<+/, "").replace(/>+$/, ""))) return true;
    return false;
  },
};
