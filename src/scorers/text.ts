/** Text helpers shared by the scorers: cleanup and short quotes for reasons. No I/O. */

const MAX_QUOTE = 80;

/** Collapses runs of whitespace to one space and trims. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A JSON-quoted, shortened form of a string for a reason. */
export function quote(text: string): string {
  const flat = collapse(text);
  return JSON.stringify(flat.length > MAX_QUOTE ? `${flat.slice(0, MAX_QUOTE - 1)}…` : flat);
}

const WRAPPERS: [RegExp, string][] = [
  [/^```[\w+-]*[ \t]*\n?([\s\S]*?)\n?```$/, "$1"], // a fenced code block
  [/^\*\*((?:(?!\*\*)[\s\S])*)\*\*$/, "$1"], // **bold**, but not "**a** and **b**"
  [/^__((?:(?!__)[\s\S])*)__$/, "$1"], // __bold__
  [/^`([^`]*)`$/, "$1"], // `code`
  [/^"([^"]*)"$/, "$1"], // quotes around the whole answer, not '"a" or "b"'
  [/^'([^']*)'$/, "$1"],
  [/^“([^“”]*)”$/, "$1"],
  [/^‘([^‘’]*)’$/, "$1"],
];

/**
 * Formatting cleanup for exact match: trims, strips wrappers that are
 * formatting rather than content (code fences, bold, inline code, quotes,
 * repeatedly and in any nesting), collapses whitespace, lowercases. Trailing
 * punctuation is content and stays.
 */
export function cleanAnswer(text: string): string {
  let s = text.trim();
  for (;;) {
    const before = s;
    for (const [re, by] of WRAPPERS) s = s.replace(re, by).trim();
    if (s === before) break;
  }
  return collapse(s).toLowerCase();
}

/** A row's gold answers: its `answers` list (VQA rows with several accepted answers), else the expected answer alone. */
export function goldAnswers(row: Record<string, unknown> | undefined, expected: string | null): string[] {
  if (Array.isArray(row?.answers) && row.answers.length) return row.answers.map(String);
  return expected === null ? [] : [expected];
}
