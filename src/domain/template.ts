/**
 * Prompt templates of custom benchmarks: `{column}` placeholders filled from
 * a dataset row; `{{` and `}}` stand for literal braces. Pure, no I/O.
 */

/** One piece of a parsed template: literal text or a column to substitute. */
export type TemplatePart = { text: string } | { column: string };

export type ParsedTemplate =
  | { ok: true; parts: TemplatePart[]; columns: string[] }
  | { ok: false; error: string };

/**
 * Splits a template into literal text and placeholders. Whitespace inside a
 * placeholder is ignored (`{ question }` is `{question}`). Fails on an
 * unclosed `{`, a lone `}`, an empty or nested placeholder.
 */
export function parseTemplate(template: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const columns: string[] = [];
  let text = "";
  let i = 0;
  while (i < template.length) {
    const ch = template[i]!;
    const next = template[i + 1];
    if (ch === "{" && next === "{") {
      text += "{";
      i += 2;
    } else if (ch === "}" && next === "}") {
      text += "}";
      i += 2;
    } else if (ch === "}") {
      return { ok: false, error: `unmatched '}' at position ${i}; write '}}' for a literal brace` };
    } else if (ch === "{") {
      const end = template.indexOf("}", i + 1);
      const open = template.indexOf("{", i + 1);
      if (end === -1) return { ok: false, error: `unclosed '{' at position ${i}; write '{{' for a literal brace` };
      if (open !== -1 && open < end) return { ok: false, error: `'{' inside a placeholder at position ${open}` };
      const column = template.slice(i + 1, end).trim();
      if (!column) return { ok: false, error: `empty placeholder at position ${i}` };
      if (text) parts.push({ text });
      text = "";
      parts.push({ column });
      if (!columns.includes(column)) columns.push(column);
      i = end + 1;
    } else {
      text += ch;
      i += 1;
    }
  }
  if (text) parts.push({ text });
  return { ok: true, parts, columns };
}

/** A row value as prompt text: strings verbatim, null/absent empty, anything else as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** Fills a parsed template from one row. */
export function renderTemplate(parts: TemplatePart[], row: Record<string, unknown>): string {
  let out = "";
  for (const p of parts) out += "text" in p ? p.text : cellText(row[p.column]);
  return out;
}
