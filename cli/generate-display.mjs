// Writes cli/display.mjs, the CLI's copy of src/metrics/display.ts (how the
// API writes scores, intervals and coverage), so the terminal prints numbers
// by the server's own rules without a second implementation. The CLI runs on
// Node 20.3 and later, which cannot import TypeScript, hence a generated
// JavaScript file rather than an import of the .ts. Types are removed with
// Node's type stripping (Node 24, this repository's), keeping the comments;
// cli/display.test.mjs fails when the file is stale.
//
//   node cli/generate-display.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { fileURLToPath } from "node:url";

export const SOURCE_FILE = fileURLToPath(new URL("../src/metrics/display.ts", import.meta.url));
export const OUTPUT_FILE = fileURLToPath(new URL("./display.mjs", import.meta.url));

const HEADER = `// Generated from src/metrics/display.ts by cli/generate-display.mjs: do not edit
// (change the .ts and run \`node cli/generate-display.mjs\`; cli/display.test.mjs
// fails when this file is stale).

`;

/**
 * Removes what type stripping blanked out: stripping replaces each type with
 * spaces (keeping positions), so a blanked span is deleted with it, and the
 * blank line an `import type` leaves is folded into its neighbour.
 * @param {string} ts
 * @param {string} js
 */
function tidy(ts, js) {
  let out = "";
  for (let i = 0; i < js.length; ) {
    if (js[i] === ts[i]) {
      out += js[i++];
      continue;
    }
    // A blanked span: characters that stripping turned into spaces, and the original's own whitespace between them.
    let last = i;
    let j = i;
    while (j < js.length && /\s/.test(js[j]) && (js[j] !== ts[j] || /\s/.test(ts[j]))) {
      if (js[j] !== ts[j]) last = j;
      j++;
    }
    i = last + 1;
  }
  return out
    .split("\n")
    .map((l) => l.replace(/\s+$/, ""))
    .filter((l, k, all) => l !== "" || (k > 0 && all[k - 1] !== ""))
    .join("\n")
    .replace(/^\n+/, "");
}

/** The generated module's text. */
export function generate(source = readFileSync(SOURCE_FILE, "utf8")) {
  const stripped = stripTypeScriptTypes(source, { mode: "strip" });
  return HEADER + tidy(source, stripped);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OUTPUT_FILE, generate());
  console.log(`wrote ${OUTPUT_FILE}`);
}
