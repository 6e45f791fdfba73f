// The dashboard and the HTML report share one colour scheme: every colour
// variable on the dashboard's :root holds the value src/reports/palette.ts
// gives it, and every palette variable is declared there, so a colour changed
// in one place and not the other fails here instead of drifting. The same
// holds for the dark scheme's :root under prefers-color-scheme: dark.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
// Node runs the TypeScript module directly (type stripping): palette.ts is plain data.
import { CSS_VARIABLES, CSS_VARIABLES_DARK, PALETTE, PALETTE_DARK } from "../../src/reports/palette.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The custom properties declared in the first `:root { ... }` block of a stylesheet (`dark`: the one under prefers-color-scheme: dark). */
function rootVariables(css, dark = false) {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const block = dark ? plain.match(/@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}/) : plain.match(/:root\s*\{([^}]*)\}/);
  assert.ok(block, `the stylesheet has a ${dark ? "dark " : ""}:root block`);
  return Object.fromEntries([...block[1].matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2].trim().toLowerCase()]));
}

const isColour = (v) => /^#[0-9a-f]{3,8}$/i.test(v) || /^(rgb|hsl)a?\(/i.test(v);

for (const [scheme, variables, dark] of [
  ["light", CSS_VARIABLES, false],
  ["dark", CSS_VARIABLES_DARK, true],
]) {
  test(`the dashboard's ${scheme} :root colours are the palette's`, () => {
    const css = rootVariables(readFileSync(`${ROOT}/dashboard/src/styles.css`, "utf8"), dark);
    const expected = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, v.toLowerCase()]));
    const declared = Object.fromEntries(Object.entries(css).filter(([, v]) => isColour(v)));
    assert.deepEqual(declared, expected);
  });
}

test("every palette colour has a CSS variable, in both schemes, and the existing names stay", () => {
  for (const [palette, variables] of [
    [PALETTE, CSS_VARIABLES],
    [PALETTE_DARK, CSS_VARIABLES_DARK],
  ]) {
    const values = new Set(Object.values(variables));
    for (const [name, v] of Object.entries(palette)) {
      for (const c of Array.isArray(v) ? v : [v]) assert.ok(values.has(c), `${name} ${c} has a CSS variable`);
    }
  }
  assert.deepEqual(Object.keys(CSS_VARIABLES_DARK), Object.keys(CSS_VARIABLES), "the dark scheme names every variable the light one does");
  for (const name of ["--fg", "--muted", "--bg", "--panel", "--line", "--accent", "--pass", "--fail", "--bad", "--live"]) assert.ok(name in CSS_VARIABLES, name);
});

test("the :root reader sees a changed value, so the check can fail", () => {
  const css = rootVariables(":root {\n  --pass: #000000; /* changed */\n  --radius: 6px;\n}\n.x { --pass: #111; }");
  assert.deepEqual(css, { "--pass": "#000000", "--radius": "6px" });
  assert.notEqual(css["--pass"], CSS_VARIABLES["--pass"]);
});
