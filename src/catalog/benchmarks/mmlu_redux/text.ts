/**
 * Reading MMLU-Redux's working CSVs as the authors wrote them: UTF-8,
 * except a file that is not (mmlu_moral_scenarios.csv has one Mac-Roman
 * byte), read as Mac OS Roman, as Python's mac_roman codec maps it; the
 * separator the header line uses (nine files use ';'); columns by name,
 * whatever their order, and trailing unnamed header cells ignored; the
 * `choices` cell as the Python list literal it is. Pure.
 */
import Papa from "papaparse";

/** Mac OS Roman's bytes 0x80–0xFF, as Python's mac_roman codec decodes them. */
const MAC_ROMAN_HIGH =
  "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»… ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ";

/** The text of a file: UTF-8 when it is valid UTF-8, else Mac OS Roman. */
export function decodeReduxText(bytes: Uint8Array): { text: string; encoding: "utf-8" | "mac_roman" } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes), encoding: "utf-8" };
  } catch {
    let text = "";
    for (const b of bytes) text += b < 0x80 ? String.fromCharCode(b) : MAC_ROMAN_HIGH[b - 0x80]!;
    return { text, encoding: "mac_roman" };
  }
}

/** The records of a CSV text, by column name, with the separator its header line uses. */
export function reduxRecords(text: string, where: string): Record<string, string>[] {
  const firstLine = text.slice(0, text.search(/\r?\n/) >>> 0);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const parsed = Papa.parse<string[]>(text, { delimiter, header: false, skipEmptyLines: true, dynamicTyping: false });
  if (parsed.errors.length > 0) {
    const e = parsed.errors[0]!;
    throw new Error(`${where}, row ${(e.row ?? 0) + 1}: ${e.message}`);
  }
  const [header, ...rows] = parsed.data;
  if (!header) throw new Error(`${where}: no header row`);
  const named = header.map((h) => h.trim());
  return rows.map((cells, i) => {
    const rec: Record<string, string> = {};
    named.forEach((name, k) => {
      if (name === "") return;
      const v = cells[k];
      if (v === undefined) throw new Error(`${where}, row ${i + 2}: no '${name}' cell`);
      rec[name] = v;
    });
    return rec;
  });
}

/**
 * A Python list literal of strings (`['a', "b's"]`), as ast.literal_eval
 * reads it: single- or double-quoted items, backslash escapes (\\, \', \",
 * \n, \t, \r, \xhh, \uhhhh), whitespace between. Throws on anything else.
 */
export function pythonStringList(literal: string): string[] {
  const s = literal.trim();
  if (!s.startsWith("[") || !s.endsWith("]")) throw new Error("is not a list literal");
  const out: string[] = [];
  let i = 1;
  const skip = () => {
    while (i < s.length - 1 && /\s/.test(s[i]!)) i++;
  };
  skip();
  while (i < s.length - 1) {
    const quote = s[i];
    if (quote !== "'" && quote !== '"') throw new Error(`item ${out.length + 1} is not a quoted string`);
    i++;
    let item = "";
    for (;;) {
      if (i >= s.length - 1) throw new Error(`item ${out.length + 1} is not closed`);
      const c = s[i]!;
      if (c === quote) break;
      if (c === "\\") {
        const n = s[i + 1]!;
        const simple: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', n: "\n", t: "\t", r: "\r", "\n": "" };
        if (n in simple) {
          item += simple[n];
          i += 2;
        } else if (n === "x" || n === "u") {
          const len = n === "x" ? 2 : 4;
          const hex = s.slice(i + 2, i + 2 + len);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) throw new Error(`item ${out.length + 1} has a bad \\${n} escape`);
          item += String.fromCharCode(parseInt(hex, 16));
          i += 2 + len;
        } else {
          // Python keeps an unknown escape as written.
          item += c + n;
          i += 2;
        }
        continue;
      }
      item += c;
      i++;
    }
    out.push(item);
    i++;
    skip();
    if (s[i] === ",") {
      i++;
      skip();
    } else if (i < s.length - 1) throw new Error(`item ${out.length} is not followed by a comma`);
  }
  return out;
}

/** error_type as the authors mean it: stripped, lower-cased, '_' as ' ' (27 spellings → 7 labels). */
export function errorLabel(raw: string): string {
  return raw.trim().toLowerCase().replaceAll("_", " ");
}
