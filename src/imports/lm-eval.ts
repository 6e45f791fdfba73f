/**
 * lm-evaluation-harness 0.4.x sample logs (`--log_samples`):
 * samples_<task>_<date>.jsonl, one line per document and filter, with the
 * task named only by the file name; optionally the run's
 * results_<date>.json, whose `results[task]["metric,filter"]` is the stated
 * aggregate (without it none is stated: the samples files are often
 * trimmed, so their mean is not the run's score). One task per doc_id (per
 * task when several files are given); the output is the raw generation
 * `resps[0][0]`, the same for every filter; each metric x filter is a
 * score whose per-sample verdict is the line's metric value.
 *
 * Scorer mapping for exact_match: strict-match (gsm8k: the first
 * '#### N', then exact_match ignoring ',', '$', everything through '#### '
 * and a final '.') is Assay's numeric strict, which reads and normalises
 * the same way but compares numbers ('72.0' equals '72'); flexible-extract
 * (the last number-like run) is numeric flexible; custom-extract
 * (MMLU-Pro's "answer is (X)") is multiple_choice with mmlu_pro extraction;
 * none (the raw generation against the target) is exact_match, which also
 * cleans formatting, and a task's own process_results (MATH's equivalence
 * check) is not known from the samples. Other metrics and filters, and
 * loglikelihood tasks (no generated text), keep the source's verdict. Pure.
 */
import type { ScoringSpec } from "../scorers/spec";
import { contentText, ImportError, isRecord, parseJsonFile, type ImportedEval, type ImportedOutput, type ImportedScore, type ImportedTask, type ImportFile } from "./types";

const SAMPLES_NAME = /^samples_(.+)_(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?)\.jsonl?$/;

/** The task a samples file holds, from its name (the lines carry none). */
export function lmEvalTaskOf(fileName: string): string | null {
  const base = fileName.replace(/^.*[\\/]/, "");
  return SAMPLES_NAME.exec(base)?.[1] ?? null;
}

function mapFilter(metric: string, filter: string, hasOptions: boolean): { spec: ScoringSpec | null; note: string } {
  if (metric !== "exact_match") return { spec: null, note: `Assay has no counterpart of lm-eval's ${metric} metric: the source's verdict is kept` };
  switch (filter) {
    case "strict-match":
      return { spec: { type: "numeric", mode: "strict" }, note: "lm-eval's strict-match takes the first '#### N' and compares strings ignoring ',', '$' and a final '.'; Assay's numeric strict reads the same and compares numbers" };
    case "flexible-extract":
      return { spec: { type: "numeric", mode: "flexible" }, note: "lm-eval's flexible-extract takes the last number-like run; Assay's numeric flexible reads the output's last number and compares numbers" };
    case "custom-extract":
      return hasOptions
        ? { spec: { type: "multiple_choice", extraction: "mmlu_pro" }, note: "lm-eval's custom-extract reads MMLU-Pro's 'answer is (X)'; Assay's multiple_choice with mmlu_pro extraction reads it with TIGER-AI-Lab's fallbacks" }
        : { spec: null, note: "lm-eval's custom-extract is task-specific and the rows carry no options: the source's verdict is kept" };
    case "none":
      return { spec: { type: "exact_match" }, note: "lm-eval's exact_match compares the generation with the target (after the task's own options or process_results); Assay's exact_match cleans formatting and knows no task-specific equivalence" };
    default:
      return { spec: null, note: `Assay has no counterpart of lm-eval's ${filter} filter: the source's verdict is kept` };
  }
}

function promptOf(args: unknown): string | null {
  const g0 = isRecord(args) && isRecord(args.gen_args_0) ? args.gen_args_0 : null;
  const a0 = g0?.arg_0;
  if (typeof a0 === "string") return a0;
  // Chat models: ["<JSON of the message list>"]; the last user message is the question.
  if (Array.isArray(a0) && typeof a0[0] === "string") {
    try {
      const msgs = JSON.parse(a0[0]) as unknown;
      if (Array.isArray(msgs)) {
        const users = msgs.filter((m) => isRecord(m) && m.role === "user");
        const last = (users[users.length - 1] ?? msgs[msgs.length - 1]) as unknown;
        if (isRecord(last)) return contentText(last.content);
      }
    } catch {
      return a0[0];
    }
    return a0[0];
  }
  return null;
}

function verdictOf(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  return null;
}

export function parseLmEval(files: ImportFile[], results?: ImportFile): ImportedEval {
  if (!files.length) throw new ImportError("file", "give at least one samples_<task>_<date>.jsonl file");
  const res = results ? parseJsonFile(results.bytes, "results") : undefined;
  if (res !== undefined && (!isRecord(res) || !isRecord(res.results))) throw new ImportError("results", "is not an lm-eval results JSON: no top-level `results` object");
  const resultsOf = res && isRecord(res) && isRecord(res.results) ? res.results : null;
  const multi = files.length > 1;
  const tasks = new Map<string, ImportedTask>();
  const outputs: ImportedOutput[] = [];
  const scores = new Map<string, ImportedScore & { lmTask: string }>();
  const taskNames: string[] = [];
  for (const [fi, file] of files.entries()) {
    const field = multi ? `file[${fi}]` : "file";
    const task = lmEvalTaskOf(file.name);
    if (!task) throw new ImportError(field, `'${file.name}' is not named samples_<task>_<date>.jsonl, and the task is only in the name`);
    if (taskNames.includes(task)) throw new ImportError(field, `a second samples file of task ${task}`);
    taskNames.push(task);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(file.bytes);
    } catch {
      throw new ImportError(field, "is not UTF-8 text");
    }
    const lines = text.split("\n");
    let count = 0;
    lines.forEach((raw, li) => {
      if (!raw.trim()) return;
      const at = `${field} line ${li + 1}`;
      let line: unknown;
      try {
        line = JSON.parse(raw);
      } catch (e) {
        throw new ImportError(at, `is not JSON: ${(e as Error).message.slice(0, 200)}`);
      }
      if (!isRecord(line)) throw new ImportError(at, "must be an object");
      if (typeof line.doc_id !== "number") throw new ImportError(`${at}: doc_id`, "must be a number (is this an lm-eval samples file?)");
      count++;
      const key = multi ? `${task}/${line.doc_id}` : String(line.doc_id);
      const filter = typeof line.filter === "string" ? line.filter : "none";
      const metrics = Array.isArray(line.metrics) ? line.metrics.filter((m): m is string => typeof m === "string") : [];
      const doc = isRecord(line.doc) ? line.doc : {};
      const options = Array.isArray(doc.options) && doc.options.every((o) => typeof o === "string") ? (doc.options as string[]) : undefined;
      let t = tasks.get(key);
      if (!t) {
        const prompt = promptOf(line.arguments);
        if (prompt === null) throw new ImportError(`${at}: arguments.gen_args_0.arg_0`, "must be the prompt");
        t = { key, prompt, expected: typeof line.target === "string" ? line.target : line.target == null ? null : String(line.target), ...(options ? { choices: options } : {}), verdicts: {}, meta: { task, doc_id: line.doc_id } };
        tasks.set(key, t);
        const r0 = Array.isArray(line.resps) && Array.isArray(line.resps[0]) ? line.resps[0][0] : undefined;
        // Loglikelihood lines hold [logprob, is_greedy] pairs, not text: no output to score.
        if (typeof r0 === "string") outputs.push({ key, output: r0, attempt: 0 });
      }
      for (const m of metrics) {
        const name = multi ? `${task}:${m},${filter}` : `${m},${filter}`;
        t.verdicts[name] = verdictOf(line[m]);
        if (!scores.has(name)) {
          const mapped = mapFilter(m, filter, !!options);
          const stated = resultsOf && isRecord(resultsOf[task]) ? resultsOf[task][`${m},${filter}`] : undefined;
          scores.set(name, {
            lmTask: task,
            name,
            source_scorer: `${m} (filter ${filter})`,
            assay: mapped.spec,
            note: mapped.note,
            stated: typeof stated === "number" ? stated : null,
            stated_from: typeof stated === "number" ? `results.${task}["${m},${filter}"]` : resultsOf ? `the results JSON states no ${m},${filter} for ${task}` : "no results JSON given (the samples may be trimmed, so their mean is not stated)",
            verdicts: 0,
          });
        }
      }
    });
    if (!count) throw new ImportError(field, "holds no sample lines");
  }
  const all = [...tasks.values()];
  for (const s of scores.values()) s.verdicts = all.filter((t) => t.verdicts[s.name] !== undefined && t.verdicts[s.name] !== null).length;
  const cfg = res && isRecord(res) && isRecord(res.config) ? res.config : null;
  return {
    tool: "lm-eval",
    task: taskNames.join(", "),
    model: res && isRecord(res) && typeof res.model_name === "string" ? res.model_name : cfg && typeof cfg.model === "string" ? cfg.model : null,
    tool_version: res && isRecord(res) && typeof res.lm_eval_version === "string" ? res.lm_eval_version : null,
    tasks: all,
    outputs,
    scores: [...scores.values()].map(({ lmTask, ...s }) => (multi ? { ...s, subset: lmTask } : s)),
  };
}
