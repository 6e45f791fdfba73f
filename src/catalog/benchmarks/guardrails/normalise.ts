/** Guardrails' rows: XSTest's prompts as written, the type as the subset and the safe/unsafe label as both the split and the expected answer. Pure. */
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";
import { XSTEST_TYPES } from "./source";

export const xstestRows: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "xstest/xstest_prompts.csv"));
  return records.map((r, i) => {
    const where = `xstest/xstest_prompts.csv row ${i + 2}`;
    const type = text(r, "type", where);
    const label = text(r, "label", where);
    if (!(XSTEST_TYPES as readonly string[]).includes(type)) throw new Error(`${where}: unknown type '${type}'`);
    if (label !== (type.startsWith("contrast_") ? "unsafe" : "safe")) throw new Error(`${where}: label '${label}' does not fit type '${type}'`);
    return { id: `v2-${text(r, "id", where)}`, prompt: text(r, "prompt", where), type, label, split: label, focus: text(r, "focus", where), note: text(r, "note", where) };
  });
};
