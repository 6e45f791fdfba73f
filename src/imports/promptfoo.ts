/**
 * promptfoo results (`promptfoo eval -o results.json`, `promptfoo export`):
 * one task per row of `results.results` (test x prompt x provider), its
 * rendered prompt, `response.output` as the recorded output and `success` as
 * the source's verdict; the stated aggregate is `results.stats`' pass rate,
 * successes / (successes + failures + errors).
 *
 * Scorer mapping: when every row carries exactly one assertion and all share
 * one type, contains (case-sensitive substring) is Assay's contains with
 * ignore_case false, icontains is contains, equals is exact_match (which
 * also cleans formatting: case, whitespace, a Markdown wrapper, where
 * promptfoo compares strings exactly). Several assertions per row (promptfoo
 * passes a row only when all pass), regex (promptfoo passes when the pattern
 * matches; Assay's regex extracts an answer to compare) and the rest
 * (javascript, llm-rubric, cost, latency, ...) have no Assay counterpart:
 * the source's verdict is kept. Pure.
 */
import type { ScoringSpec } from "../scorers/spec";
import { ImportError, isRecord, parseJsonFile, type ImportedEval, type ImportedOutput, type ImportedScore, type ImportedTask, type ImportFile } from "./types";

type Assertion = { type: string; value: unknown };

function rowAssertions(row: Record<string, unknown>): Assertion[] {
  const g = isRecord(row.gradingResult) ? row.gradingResult : null;
  const comps = g && Array.isArray(g.componentResults) ? g.componentResults : null;
  const from = comps
    ? comps.map((c) => (isRecord(c) && isRecord(c.assertion) ? c.assertion : null))
    : isRecord(row.testCase) && Array.isArray(row.testCase.assert)
      ? row.testCase.assert
      : [];
  return from.flatMap((a) => (isRecord(a) && typeof a.type === "string" ? [{ type: a.type, value: a.value }] : []));
}

const MAPPED: Record<string, { spec: ScoringSpec; note: string }> = {
  contains: { spec: { type: "contains", ignore_case: false }, note: "promptfoo contains is a case-sensitive substring test; Assay's contains with ignore_case false is the same, also treating whitespace runs as one space" },
  icontains: { spec: { type: "contains", ignore_case: true }, note: "promptfoo icontains is a case-insensitive substring test; Assay's contains is the same, also treating whitespace runs as one space" },
  equals: { spec: { type: "exact_match" }, note: "promptfoo equals compares the output string exactly; Assay's exact_match first cleans formatting (case, surrounding whitespace, a Markdown wrapper), so it may pass more" },
};

function mapping(perRow: Assertion[][]): { spec: ScoringSpec | null; scorer: string; note: string } {
  const types = [...new Set(perRow.flatMap((a) => a.map((x) => x.type)))];
  const scorer = types.join(" + ") || "(no assertions)";
  if (!types.length) return { spec: null, scorer, note: "the rows carry no assertions: the source's pass/fail is kept as the verdict" };
  if (perRow.some((a) => a.length !== 1)) {
    return { spec: null, scorer, note: "promptfoo passes a row only when every one of its assertions passes; Assay scores one scorer per benchmark, so the source's verdict is kept" };
  }
  if (types.length > 1) return { spec: null, scorer, note: "the rows use different assertion types; Assay scores one scorer per benchmark, so the source's verdict is kept" };
  const m = MAPPED[types[0]!];
  if (!m || perRow.some((a) => typeof a[0]!.value !== "string")) {
    const why = types[0] === "regex" ? "promptfoo's regex passes when the pattern matches; Assay's regex extracts an answer and compares it to an expected one" : `Assay has no scorer for promptfoo's ${types[0]} assertion`;
    return { spec: null, scorer, note: `${why}: the source's verdict is kept` };
  }
  return { spec: m.spec, scorer, note: m.note };
}

function outputText(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return null;
  return JSON.stringify(v);
}

export function parsePromptfoo(file: ImportFile): ImportedEval {
  const doc = parseJsonFile(file.bytes);
  if (!isRecord(doc) || !isRecord(doc.results)) throw new ImportError("file", "is not promptfoo results: no top-level `results` object (write it with promptfoo eval -o results.json)");
  const res = doc.results;
  if (!Array.isArray(res.results)) {
    throw new ImportError("file.results.results", res.table !== undefined ? "is absent: this is an old (version 1/2) results file with only a table; export it again with a current promptfoo" : "must be the list of result rows");
  }
  if (!res.results.length) throw new ImportError("file.results.results", "is empty: the file holds no result rows");
  const tasks: ImportedTask[] = [];
  const outputs: ImportedOutput[] = [];
  const perRow: Assertion[][] = [];
  const seen = new Set<string>();
  res.results.forEach((row, i) => {
    const at = `file.results.results[${i}]`;
    if (!isRecord(row)) throw new ImportError(at, "must be an object");
    const testIdx = typeof row.testIdx === "number" ? row.testIdx : i;
    const promptIdx = typeof row.promptIdx === "number" ? row.promptIdx : 0;
    let key = `t${testIdx}-p${promptIdx}`;
    if (seen.has(key)) key = `${key}-r${i}`;
    seen.add(key);
    const prompt = isRecord(row.prompt) && typeof row.prompt.raw === "string" ? row.prompt.raw : null;
    if (prompt === null) throw new ImportError(`${at}.prompt.raw`, "must be the rendered prompt text");
    const assertions = rowAssertions(row);
    perRow.push(assertions);
    const g = isRecord(row.gradingResult) ? row.gradingResult : null;
    const pass = typeof row.success === "boolean" ? row.success : typeof g?.pass === "boolean" ? g.pass : null;
    const provider = isRecord(row.provider) ? (typeof row.provider.label === "string" && row.provider.label ? row.provider.label : typeof row.provider.id === "string" ? row.provider.id : null) : null;
    const value = assertions.length === 1 && typeof assertions[0]!.value === "string" ? assertions[0]!.value : null;
    tasks.push({
      key,
      prompt,
      expected: value,
      verdicts: { pass: pass === null ? null : pass ? 1 : 0 },
      meta: { provider, test: testIdx, prompt_index: promptIdx, description: isRecord(row.testCase) && typeof row.testCase.description === "string" ? row.testCase.description : null },
    });
    const out = isRecord(row.response) ? outputText(row.response.output) : null;
    if (out !== null) outputs.push({ key, output: out, attempt: 0 });
  });
  const stats = isRecord(res.stats) ? res.stats : null;
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const total = stats ? n(stats.successes) + n(stats.failures) + n(stats.errors) : 0;
  const m = mapping(perRow);
  const score: ImportedScore = {
    name: "pass",
    source_scorer: m.scorer,
    assay: m.spec,
    note: m.note,
    stated: stats && total > 0 ? n(stats.successes) / total : null,
    stated_from: stats ? `results.stats: ${n(stats.successes)} successes of ${total} (failures ${n(stats.failures)}, errors ${n(stats.errors)})` : "the file has no results.stats",
    verdicts: tasks.filter((t) => t.verdicts.pass !== null).length,
  };
  const meta = isRecord(doc.metadata) ? doc.metadata : null;
  const config = isRecord(doc.config) ? doc.config : null;
  const providers = [...new Set(tasks.map((t) => t.meta?.provider).filter((p): p is string => typeof p === "string"))];
  return {
    tool: "promptfoo",
    task: (config && typeof config.description === "string" && config.description) || (typeof doc.evalId === "string" ? doc.evalId : "promptfoo eval"),
    model: providers.length ? providers.join(", ") : null,
    tool_version: meta && typeof meta.promptfooVersion === "string" ? meta.promptfooVersion : null,
    tasks,
    outputs,
    scores: [score],
  };
}
