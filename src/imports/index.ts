/**
 * Importers of other harnesses' result files (issue 17), one per format
 * (registered in src/imports/formats.ts), each yielding an ImportedEval
 * (src/imports/types.ts); and the rows of the two dataset revisions an
 * import writes. Pure.
 */
import { parseInspect } from "./inspect";
import { parseLmEval } from "./lm-eval";
import { parsePromptfoo } from "./promptfoo";
import { verdictColumn, type ImportedEval } from "./types";

export * from "./types";
export { parseInspect, parseLmEval, parsePromptfoo };

/** The tasks revision's rows: key, prompt, expected, choices, one verdict column per score, meta fields, the importer's own columns. */
export function taskRows(ev: ImportedEval): Record<string, unknown>[] {
  const multiTask = ev.tool === "lm-eval" && ev.tasks.some((t) => t.meta?.task !== ev.tasks[0]?.meta?.task);
  return ev.tasks.map((t) => {
    const row: Record<string, unknown> = { key: t.key, prompt: t.prompt, expected: t.expected };
    if (t.choices) row.choices = t.choices;
    for (const s of ev.scores) row[verdictColumn(s.name)] = t.verdicts[s.name] ?? null;
    for (const [k, v] of Object.entries(t.meta ?? {})) row[k === "task" && multiTask ? "task" : `source_${k}`] = v;
    for (const [k, v] of Object.entries(t.columns ?? {})) row[k] = v;
    return row;
  });
}

/** The outputs revision's rows: key, output, attempt. */
export function outputRows(ev: ImportedEval): Record<string, unknown>[] {
  return ev.outputs.map((o) => ({ key: o.key, output: o.output, attempt: o.attempt }));
}
