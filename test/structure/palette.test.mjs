// The dashboard and the HTML report share one colour scheme: every colour
// variable on the dashboard's :root holds the value src/reports/palette.ts
// gives it, and every palette variable is declared there, so a colour changed
// in one place and not the other fails here instead of drifting.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
// Node runs the TypeScript module directly (type stripping): palette.ts is plain data.
import { CSS_VARIABLES, PALETTE } from "../../src/reports/palette.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The custom properties declared in the first `:root { ... }` block of a stylesheet. */
function rootVariables(css) {
  const block = css.replace(/\/\*[\s\S]*?\*\//g, "").match(/:root\s*\{([^}]*)\}/);
  assert.ok(block, "the stylesheet has a :root block");
  return Object.fromEntries([...block[1].matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2].trim().toLowerCase()]));
}

const isColour = (v) => /^#[0-9a-f]{3,8}$/i.test(v) || /^(rgb|hsl)a?\(/i.test(v);

test("the dashboard's :root colours are the palette's", () => {
  const css = rootVariables(readFileSync(`${ROOT}/dashboard/src/styles.css`, "utf8"));
  const expected = Object.fromEntries(Object.entries(CSS_VARIABLES).map(([k, v]) => [k, v.toLowerCase()]));
  const declared = Object.fromEntries(Object.entries(css).filter(([, v]) => isColour(v)));
  assert.deepEqual(declared, expected);
});

test("every palette colour has a CSS variable, and the existing names stay", () => {
  const values = new Set(Object.values(CSS_VARIABLES));
  for (const [name, v] of Object.entries(PALETTE)) {
    for (const c of Array.isArray(v) ? v : [v]) assert.ok(values.has(c), `${name} ${c} has a CSS variable`);
  }
  for (const name of ["--fg", "--muted", "--bg", "--panel", "--line", "--accent", "--pass", "--fail", "--bad", "--live"]) assert.ok(name in CSS_VARIABLES, name);
});

test("the :root reader sees a changed value, so the check can fail", () => {
  const css = rootVariables(":root {\n  --pass: #000000; /* changed */\n  --radius: 6px;\n}\n.x { --pass: #111; }");
  assert.deepEqual(css, { "--pass": "#000000", "--radius": "6px" });
  assert.notEqual(css["--pass"], CSS_VARIABLES["--pass"]);
});
