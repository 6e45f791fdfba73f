/**
 * Inspect AI logs (`EvalLog`, version 2): a `.json` log, or a `.eval` ZIP of
 * header.json (the log without samples) plus samples/{id}_epoch_{n}.json.
 * One task per sample id, its epochs as attempts 0, 1, ...; the output is
 * `output.choices[0].message.content` (else `output.completion`). Each
 * `results.scores[]` entry is a score whose stated aggregate is its
 * accuracy (else mean, else first) metric; a sample's verdict is its
 * `scores[name].value` (C 1, P 0.5, I and N 0, numbers and booleans as
 * they are) reduced over epochs by the mean, Inspect's default reducer.
 *
 * Scorer mapping: includes is Assay's contains (both case-insensitive by
 * default); match compares the answer's end (its `location`: begin, end,
 * exact, any) with the target after stripping, so exact and, for an answer
 * given alone, begin/end are Assay's exact_match (which also cleans
 * formatting) and any is contains; choice is multiple_choice (Inspect reads
 * "ANSWER: X", Assay reads the letter the many ways models state it);
 * model_graded_qa / model_graded_fact grade with a model and Inspect's
 * template: no counterpart without a judge, so the source's verdict is kept.
 * A list target is matched by Inspect against any item; Assay compares with
 * the first. Pure (DecompressionStream for .eval).
 */
import type { ScoringSpec } from "../scorers/spec";
import { contentText, ImportError, isRecord, mean, parseJsonFile, type ImportedEval, type ImportedOutput, type ImportedScore, type ImportedTask, type ImportFile } from "./types";
import { isZip, readZipEntry, zipEntries } from "./zip";

type Log = Record<string, unknown>;

async function readLog(file: ImportFile): Promise<{ header: Log; samples: unknown[] }> {
  if (isZip(file.bytes)) {
    const entries = zipEntries(file.bytes);
    const header = entries.find((e) => e.name === "header.json");
    if (!header) throw new ImportError("file", "is an .eval archive without header.json: the eval is still running or crashed before it finished");
    const h = parseJsonFile(await readZipEntry(file.bytes, header), "file:header.json");
    if (!isRecord(h)) throw new ImportError("file:header.json", "must be an object");
    const samples: unknown[] = [];
    for (const e of entries.filter((x) => /^samples\/.+\.json$/.test(x.name))) samples.push(parseJsonFile(await readZipEntry(file.bytes, e), `file:${e.name}`));
    return { header: h, samples };
  }
  const log = parseJsonFile(file.bytes);
  if (!isRecord(log)) throw new ImportError("file", "must be an Inspect log object");
  return { header: log, samples: Array.isArray(log.samples) ? log.samples : [] };
}

/** Inspect's value_to_float: C 1, P 0.5, I and N 0; yes/true 1, no/false 0; numbers as they are. */
export function inspectValue(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") {
    const s = v.trim().toUpperCase();
    if (s === "C" || s === "YES" || s === "TRUE") return 1;
    if (s === "P") return 0.5;
    if (s === "I" || s === "N" || s === "NO" || s === "FALSE") return 0;
    const n = Number(v);
    return v.trim() && Number.isFinite(n) ? n : null;
  }
  return null;
}

function promptText(input: unknown): string | null {
  if (typeof input === "string") return input;
  if (!Array.isArray(input)) return null;
  const msgs = input.filter(isRecord);
  const users = msgs.filter((m) => m.role === "user");
  const last = users[users.length - 1] ?? msgs[msgs.length - 1];
  return last ? contentText(last.content) : null;
}

function outputOf(sample: Record<string, unknown>): string | null {
  const out = isRecord(sample.output) ? sample.output : null;
  if (!out) return null;
  const c0 = Array.isArray(out.choices) && isRecord(out.choices[0]) ? out.choices[0] : null;
  const text = c0 && isRecord(c0.message) ? contentText(c0.message.content) : null;
  return text ?? (typeof out.completion === "string" ? out.completion : null);
}

function mapScorer(scorer: string, options: Record<string, unknown>): { spec: ScoringSpec | null; note: string } {
  const name = scorer.replace(/^.*\//, "");
  const ignoreCase = options.ignore_case !== false;
  if (name === "includes") return { spec: { type: "contains", ignore_case: ignoreCase }, note: "Inspect's includes tests the target as a substring of the answer; Assay's contains is the same, also treating whitespace runs as one space" };
  if (name === "match") {
    if (options.numeric === true) return { spec: { type: "numeric", mode: "flexible" }, note: "Inspect's numeric match compares the answer's last number; Assay's numeric flexible reads the output's last number" };
    const location = typeof options.location === "string" ? options.location : "end";
    if (location === "any") return { spec: { type: "contains", ignore_case: ignoreCase }, note: "Inspect's match(location='any') is a substring test; Assay's contains is the same" };
    return {
      spec: { type: "exact_match" },
      note:
        location === "exact"
          ? "Inspect's match(location='exact') compares the stripped answer with the target; Assay's exact_match also cleans formatting"
          : `Inspect's match(location='${location}') compares the answer's ${location === "begin" ? "start" : "end"} with the target; Assay's exact_match compares the whole output (after cleaning formatting), the same verdict when the answer is given alone`,
    };
  }
  if (name === "choice") return { spec: { type: "multiple_choice" }, note: "Inspect's choice reads 'ANSWER: X'; Assay's multiple_choice reads the letter however it is stated, so it may credit answers Inspect does not" };
  if (name === "model_graded_qa" || name === "model_graded_fact") {
    return { spec: null, note: `Inspect's ${name} grades with a model and Inspect's template; Assay's llm_judge needs a judge model and uses its own rubric, so the source's verdict is kept` };
  }
  return { spec: null, note: `Assay has no counterpart of Inspect's ${name} scorer: the source's verdict is kept` };
}

export async function parseInspect(file: ImportFile): Promise<ImportedEval> {
  const { header, samples } = await readLog(file);
  const ev = isRecord(header.eval) ? header.eval : null;
  if (!ev) throw new ImportError("file.eval", "is absent: this is not an Inspect EvalLog");
  if (header.status !== undefined && header.status !== "success") throw new ImportError("file.status", `is '${String(header.status)}': only finished logs (status success) are imported`);
  if (!samples.length) throw new ImportError("file.samples", "are absent: the log was written without samples (--no-log-samples) and has no outputs to import");
  const results = isRecord(header.results) ? header.results : null;
  const declared = Array.isArray(results?.scores) ? results.scores.filter(isRecord) : [];
  const scorerDefs = Array.isArray(ev.scorers) ? ev.scorers.filter(isRecord) : [];
  const config = isRecord(ev.config) ? ev.config : {};
  const reducer = Array.isArray(config.epochs_reducer) ? config.epochs_reducer.map(String) : ["mean"];

  const byId = new Map<string, { task: ImportedTask; values: Map<string, number[]> }>();
  const outputs: ImportedOutput[] = [];
  const scoreNames = new Set<string>();
  samples.forEach((s, i) => {
    const at = `file.samples[${i}]`;
    if (!isRecord(s)) throw new ImportError(at, "must be an object");
    if (typeof s.id !== "string" && typeof s.id !== "number") throw new ImportError(`${at}.id`, "must be a string or number");
    const key = String(s.id);
    const epoch = typeof s.epoch === "number" ? s.epoch : 1;
    let entry = byId.get(key);
    if (!entry) {
      const prompt = promptText(s.input);
      if (prompt === null) throw new ImportError(`${at}.input`, "must be a string or a list of chat messages");
      const target = typeof s.target === "string" ? s.target : Array.isArray(s.target) && typeof s.target[0] === "string" ? s.target[0] : null;
      const choices = Array.isArray(s.choices) && s.choices.every((c) => typeof c === "string") ? (s.choices as string[]) : undefined;
      entry = { task: { key, prompt, expected: target, ...(choices?.length ? { choices } : {}), verdicts: {}, meta: { epochs: 0 } }, values: new Map() };
      byId.set(key, entry);
    }
    entry.task.meta!.epochs = Number(entry.task.meta!.epochs) + 1;
    const out = outputOf(s);
    if (out !== null) outputs.push({ key, output: out, attempt: epoch - 1 });
    if (isRecord(s.scores)) {
      for (const [name, sc] of Object.entries(s.scores)) {
        scoreNames.add(name);
        const v = isRecord(sc) ? inspectValue(sc.value) : null;
        if (v === null) continue;
        const list = entry.values.get(name) ?? [];
        list.push(v);
        entry.values.set(name, list);
      }
    }
  });
  const tasks = [...byId.values()].map(({ task, values }) => {
    for (const name of scoreNames) task.verdicts[name] = mean(values.get(name) ?? []);
    return task;
  });

  const entries = declared.length ? declared : [...scoreNames].map((name) => ({ name, scorer: name }) as Record<string, unknown>);
  const scores: ImportedScore[] = entries.map((d, i) => {
    const name = typeof d.name === "string" ? d.name : `score${i}`;
    const scorer = typeof d.scorer === "string" ? d.scorer : name;
    const def = scorerDefs.find((x) => x.name === scorer || (typeof x.name === "string" && x.name.replace(/^.*\//, "") === scorer));
    const m = mapScorer(scorer, def && isRecord(def.options) ? def.options : {});
    const metrics = isRecord(d.metrics) ? d.metrics : {};
    const metricName = ["accuracy", "mean"].find((k) => isRecord(metrics[k])) ?? Object.keys(metrics)[0];
    const metric = metricName !== undefined && isRecord(metrics[metricName]) ? metrics[metricName] : null;
    const stated = metric && typeof metric.value === "number" ? metric.value : null;
    const reduced = reducer.length === 1 && reducer[0] === "mean" ? "" : `; the log reduces epochs by ${reducer.join(", ")}, the verdicts here by the mean`;
    return {
      name,
      source_scorer: scorer,
      assay: m.spec,
      note: m.note + reduced,
      stated,
      stated_from: metric ? `results.scores[${i}].metrics.${metricName}` : "the log states no metric for it",
      verdicts: tasks.filter((t) => t.verdicts[name] !== undefined && t.verdicts[name] !== null).length,
    };
  });
  const packages = isRecord(ev.packages) ? ev.packages : {};
  return {
    tool: "inspect",
    task: typeof ev.task === "string" ? ev.task : "inspect eval",
    model: typeof ev.model === "string" ? ev.model : null,
    tool_version: typeof packages.inspect_ai === "string" ? packages.inspect_ai : null,
    tasks,
    outputs,
    scores,
  };
}
