/** Python's float() of a whole text, for scorers that follow Python evaluation code (MMMU, ChartQA, MathVista). Pure. */

/** The number Python's float(text) gives (surrounding whitespace, inf, nan and digit underscores allowed), or null where it raises ValueError. */
export function pyFloat(text: string): number | null {
  const t = text.trim();
  if (/^[+-]?(?:inf|infinity)$/i.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return NaN;
  if (!/^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/.test(t)) return null;
  return Number(t.replaceAll("_", ""));
}
