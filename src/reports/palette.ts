/**
 * The one colour scheme of Assay's pages: the dashboard's CSS variables
 * (dashboard/src/styles.css, checked equal by test/structure/palette.test.mjs)
 * and the HTML report's inline CSS and SVG charts (src/reports/html.ts,
 * charts.ts) take their colours from here, so a passed attempt, an error or
 * a chart's second series reads the same in the browser and in an exported
 * file. Pure data, no I/O.
 *
 * A wrong answer is amber and an error (an attempt that could not be
 * scored, a regression) red: the two mean different things, and neither is
 * ever the only cue (pages pair them with a glyph or a word).
 *
 * PALETTE_DARK gives the same names their values on a dark screen (the
 * dashboard follows the system's colour scheme); its text colours keep at
 * least 4.5:1 against its backgrounds, as the light ones do.
 */

export const PALETTE = {
  /** Body text. */
  fg: "#1f2328",
  /** Secondary text, axis labels and ticks. */
  muted: "#59636e",
  /** Page background. */
  bg: "#ffffff",
  /** Panels, table heads, tiles. */
  panel: "#f6f8fa",
  /** Borders and axis lines. */
  line: "#d1d9e0",
  /** Chart grid lines, fainter than axes. */
  grid: "#eaeef2",
  /** Links and the first neutral series. */
  accent: "#0a58ca",
  /** A passed attempt, a score that improved. */
  pass: "#1a7f37",
  /** Background behind a pass (notices, improved rows). */
  passBg: "#dafbe1",
  /** A wrong answer: scored, and not passed. */
  fail: "#9a6700",
  /** An error: an attempt that could not be scored, a failed benchmark, a regression. */
  error: "#cf222e",
  /** Background behind an error. */
  errorBg: "#ffebe9",
  /** A warning's border (error rate past its yellow threshold, an unavailable benchmark). */
  warn: "#d4a72c",
  /** Background behind a warning. */
  warnBg: "#fff8c5",
  /** Something still running. */
  live: "#0969da",
  /** A cell no attempt has filled yet. */
  empty: "#d0d7de",
  /** Chart series in order: the first is the headline (pass@j), the second its companion (pass^j). */
  series: ["#1a7f37", "#8250df", "#0a58ca", "#d97706", "#cf222e", "#57606a"],
  /** The phases of an attempt's time, in order (boot, setup, model, harness, finalize, scoring, other). */
  phases: ["#54aeff", "#4ac26b", "#d4a72c", "#c297ff", "#ff8182", "#8c959f", "#ffb77c"],
  /** Bars of a bar chart (per-subset scores). */
  bar: "#54aeff",
  /** Cards, inputs and the trace panel, above the page. */
  surface: "#ffffff",
  /** A row or button under the pointer. */
  hover: "#eef1f4",
  /** The chosen tab, filter or page in the navigation: background and text. */
  selectedBg: "#ddf4ff",
  selectedFg: "#0550ae",
  /** Borders of inputs, darker than `line` so a field reads as one. */
  inputLine: "#8c959f",
  /** The primary action's button and its pressed state. */
  primary: "#1f883d",
  primaryHover: "#1a7f37",
  /** Text set on passBg, errorBg and warnBg. */
  passFg: "#116329",
  errorFg: "#82071e",
  warnFg: "#7d4e00",
  /** The keyboard focus ring. */
  focus: "#fb8500",
} as const;

/** The same names on a dark screen (GitHub's dark scheme as the base). */
export const PALETTE_DARK: { readonly [K in keyof typeof PALETTE]: (typeof PALETTE)[K] extends readonly string[] ? readonly string[] : string } = {
  fg: "#e6edf3",
  muted: "#9198a1",
  bg: "#0d1117",
  panel: "#151b23",
  line: "#3d444d",
  grid: "#262c36",
  accent: "#4493f8",
  pass: "#3fb950",
  passBg: "#12261e",
  fail: "#d29922",
  error: "#f85149",
  errorBg: "#2d1518",
  warn: "#bb8009",
  warnBg: "#272115",
  live: "#4493f8",
  empty: "#3d444d",
  series: ["#3fb950", "#ab7df8", "#4493f8", "#f0883e", "#f85149", "#9198a1"],
  phases: ["#388bfd", "#2ea043", "#bb8009", "#8957e5", "#da3633", "#6e7681", "#db6d28"],
  bar: "#388bfd",
  surface: "#0d1117",
  hover: "#1f2630",
  selectedBg: "#1c2d41",
  selectedFg: "#79c0ff",
  inputLine: "#656c76",
  primary: "#238636",
  primaryHover: "#2ea043",
  passFg: "#56d364",
  errorFg: "#ff7b72",
  warnFg: "#e3b341",
  focus: "#f0883e",
};

export type PaletteName = Exclude<keyof typeof PALETTE, "series" | "phases">;

/**
 * The dashboard's CSS custom properties and the palette entry each holds.
 * Names predate the palette and stay as they are (pages and components use
 * them); `--bad` is the palette's error.
 */
export function cssVariables(p: typeof PALETTE_DARK): Record<string, string> {
  return {
    "--fg": p.fg,
    "--muted": p.muted,
    "--bg": p.bg,
    "--panel": p.panel,
    "--line": p.line,
    "--grid": p.grid,
    "--accent": p.accent,
    "--pass": p.pass,
    "--pass-bg": p.passBg,
    "--fail": p.fail,
    "--bad": p.error,
    "--bad-bg": p.errorBg,
    "--warn": p.warn,
    "--warn-bg": p.warnBg,
    "--live": p.live,
    "--empty": p.empty,
    "--bar": p.bar,
    "--surface": p.surface,
    "--hover": p.hover,
    "--selected-bg": p.selectedBg,
    "--selected-fg": p.selectedFg,
    "--input-line": p.inputLine,
    "--primary": p.primary,
    "--primary-hover": p.primaryHover,
    "--pass-fg": p.passFg,
    "--bad-fg": p.errorFg,
    "--warn-fg": p.warnFg,
    "--focus": p.focus,
    ...Object.fromEntries(p.series.map((c, i) => [`--series-${i + 1}`, c])),
    ...Object.fromEntries(p.phases.map((c, i) => [`--phase-${i + 1}`, c])),
  };
}

/** The light scheme's variables, the stylesheet's first :root block. */
export const CSS_VARIABLES: Record<string, string> = cssVariables(PALETTE);
/** The dark scheme's, its :root block under `prefers-color-scheme: dark`. */
export const CSS_VARIABLES_DARK: Record<string, string> = cssVariables(PALETTE_DARK);
