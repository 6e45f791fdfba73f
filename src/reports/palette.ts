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
} as const;

export type PaletteName = Exclude<keyof typeof PALETTE, "series" | "phases">;

/**
 * The dashboard's CSS custom properties and the palette entry each holds.
 * Names predate the palette and stay as they are (pages and components use
 * them); `--bad` is the palette's error.
 */
export const CSS_VARIABLES: Record<string, string> = {
  "--fg": PALETTE.fg,
  "--muted": PALETTE.muted,
  "--bg": PALETTE.bg,
  "--panel": PALETTE.panel,
  "--line": PALETTE.line,
  "--grid": PALETTE.grid,
  "--accent": PALETTE.accent,
  "--pass": PALETTE.pass,
  "--pass-bg": PALETTE.passBg,
  "--fail": PALETTE.fail,
  "--bad": PALETTE.error,
  "--bad-bg": PALETTE.errorBg,
  "--warn": PALETTE.warn,
  "--warn-bg": PALETTE.warnBg,
  "--live": PALETTE.live,
  "--empty": PALETTE.empty,
  "--bar": PALETTE.bar,
  ...Object.fromEntries(PALETTE.series.map((c, i) => [`--series-${i + 1}`, c])),
  ...Object.fromEntries(PALETTE.phases.map((c, i) => [`--phase-${i + 1}`, c])),
};
