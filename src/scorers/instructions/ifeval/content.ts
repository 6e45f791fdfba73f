/**
 * IFEval's `detectable_content:` family: at least N `[placeholder]`s, and a
 * postscript starting with the given marker (P.S., P.P.S or another marker,
 * which upstream reads as a regular expression). Pure, no I/O.
 */
import { pythonPattern } from "../python-text";
import type { Checker } from "../types";

export const CONTENT: Record<string, Checker> = {
  "detectable_content:number_placeholders": (response, args) =>
    (response.match(/\[[^\n]*?\]/g) ?? []).length >= args.num("num_placeholders"),
  "detectable_content:postscript": (response, args) => {
    const marker = args.str("postscript_marker").trim();
    const value = response.toLowerCase();
    const source = marker === "P.P.S" ? "\\s*p\\.\\s?p\\.\\s?s" : marker === "P.S." ? "\\s*p\\.\\s?s\\." : `\\s*${marker.toLowerCase()}`;
    return pythonPattern(source, "").test(value);
  },
};
