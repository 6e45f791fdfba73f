/**
 * MMLU-Redux's files for the test mirror without ../shared: one tiny CSV
 * per subject in the authors' layout with their quirks (';' in the files
 * that use it, the Mac-Roman byte of moral_scenarios, the four column
 * orders, econometrics' empty trailing header cells, error labels in
 * several spellings, corrections as a letter or an index, choices as
 * Python list literals). Every question is made up. Test data only.
 */
import type { MiniFile } from "../../../../test/mini-datasets";
import { MMLU_REDUX_SUBJECTS, reduxPath } from "./source";

const SEMICOLON = ["anatomy", "astronomy", "business_ethics", "high_school_macroeconomics", "high_school_microeconomics", "management", "nutrition", "philosophy", "prehistory"];
const ORDER: Record<string, string[]> = {
  machine_learning: ["question", "choices", "answer", "error_type", "correct_answer", "potential_reason", "source"],
  moral_disputes: ["question", "choices", "answer", "correct_answer", "error_type", "source", "potential_reason"],
  moral_scenarios: ["question", "choices", "answer", "correct_answer", "error_type", "source", "potential_reason"],
};
const DEFAULT_ORDER = ["question", "choices", "answer", "error_type", "source", "correct_answer", "potential_reason"];

/** The rows of each subject's file: [error_type as written, correct_answer]. */
export const MINI_REDUX_ROWS: [string, string][] = [
  ["ok", ""],
  ["OK ", ""],
  ["Wrong Groundtruth", "C"],
  ["wrong_groundtruth", "0"],
  ["bad_question_clarity", ""],
];

export function miniFiles(): MiniFile[] {
  return MMLU_REDUX_SUBJECTS.map((subject, s) => {
    const sep = SEMICOLON.includes(subject) ? ";" : ",";
    const cols = ORDER[subject] ?? DEFAULT_ORDER;
    const q = (v: string) => (v.includes(sep) || v.includes('"') || v.includes("\n") ? `"${v.replaceAll('"', '""')}"` : v);
    const lines = [cols.join(sep) + (subject === "econometrics" ? `${sep}${sep}` : "")];
    MINI_REDUX_ROWS.forEach(([error, correct], i) => {
      // Python's repr of the options: a single-quoted list, double quotes around an item with an apostrophe.
      const options = [`option ${i}a`, `option ${i}b's`, `option ${i}c`, `option ${i}d`];
      const choices = `[${options.map((o) => (o.includes("'") ? `"${o}"` : `'${o}'`)).join(", ")}]`;
      const question = subject === "moral_scenarios" && i === 0 ? "Made-up scenario: my sister\u00d5s head, which is right?" : `Made-up ${subject} question ${i + 1}?`;
      const rec: Record<string, string> = { question, choices, answer: String((s + i) % 4), error_type: error, source: "made-up", correct_answer: correct, potential_reason: "" };
      lines.push(cols.map((c) => q(rec[c]!)).join(sep) + (subject === "econometrics" ? sep : ""));
    });
    const text = lines.join("\r\n") + "\r\n";
    if (subject !== "moral_scenarios") return { path: reduxPath(subject), text, gzip: false };
    // Mac OS Roman: U+00D5 stands for byte 0xD5 (a right single quote there), every other character is ASCII.
    const bytes = Uint8Array.from(text, (c) => (c === "\u00d5" ? 0xd5 : c.charCodeAt(0)));
    return { path: reduxPath(subject), text: "", gzip: false, bytes };
  });
}
