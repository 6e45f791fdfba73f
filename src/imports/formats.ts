/**
 * The import formats, one entry each: the tool's name, what its files are,
 * whether `file` repeats or a `results` file applies, and its parser. The
 * route, the service and the API document read this registry, so a new
 * format is its id in IMPORT_FORMATS (types.ts), its parser file, and an
 * entry here. Pure.
 */
import { parseInspect } from "./inspect";
import { parseLmEval } from "./lm-eval";
import type { SwebenchInstance } from "../environments/swebench/instance";
import { parseHarborTrials } from "./harbor";
import { parsePromptfoo } from "./promptfoo";
import { parseSwebenchSubmission } from "./swebench";
import { parseTau2Import, parseTauBenchImport, type AgentImportContext } from "./tau2";
import { IMPORT_FORMATS, ImportError, type ImportedEval, type ImportFile, type ImportFormat } from "./types";

/**
 * Data an importer needs beyond the upload, loaded by the caller (I/O stays
 * out of the parsers): the benchmark data a format grades or replays against.
 * A deployment that cannot load one leaves it out, and that format's import
 * is refused naming why.
 */
export interface ImportSources extends AgentImportContext {
  /** SWE-bench Verified's instances (the pinned dataset), for the swebench format. */
  swebenchInstances?: () => Promise<readonly SwebenchInstance[]>;
}

export interface ImportFormatSpec {
  /** The tool as people name it (in messages, the dataset's source, the run's target name). */
  toolName: string;
  /** What `file` is, for the API document: "results JSON". */
  fileHelp: string;
  /** Set when `file` may repeat: what the several files are. */
  manyFiles?: string;
  /** Set when the form's `results` file applies: what it is. */
  resultsHelp?: string;
  /** The file(s) as an ImportedEval; ImportError names what is wrong. */
  parse(files: ImportFile[], results: ImportFile | undefined, sources: ImportSources): ImportedEval | Promise<ImportedEval>;
}

const one = (parse: (file: ImportFile, sources: ImportSources) => ImportedEval | Promise<ImportedEval>) => (files: ImportFile[], _r: ImportFile | undefined, sources: ImportSources) =>
  parse(files[0]!, sources);

export const IMPORT_FORMAT_SPECS: { readonly [F in ImportFormat]: ImportFormatSpec } = {
  promptfoo: { toolName: "promptfoo", fileHelp: "results JSON", parse: one(parsePromptfoo) },
  inspect: { toolName: "Inspect AI", fileHelp: ".json or .eval log", parse: one(parseInspect) },
  "lm-eval": {
    toolName: "lm-evaluation-harness",
    fileHelp: "samples_<task>_<date>.jsonl",
    manyFiles: "one or more samples files (repeat the field)",
    resultsHelp: "the run's results_<date>.json, whose aggregates are the stated scores",
    parse: parseLmEval,
  },
  swebench: {
    toolName: "SWE-bench",
    fileHelp: "a submission's ZIP: logs/<instance_id>/ and results/results.json",
    parse: async (files, _results, sources) => {
      if (!sources.swebenchInstances) throw new ImportError("file", "this deployment cannot load SWE-bench Verified's instances to grade it");
      return parseSwebenchSubmission(files[0]!, await sources.swebenchInstances());
    },
  },
  harbor: {
    toolName: "Harbor",
    fileHelp: "a ZIP of trial directories or a job directory",
    parse: one(parseHarborTrials),
  },
  tau2: { toolName: "τ²-bench", fileHelp: "Results JSON (info, tasks, simulations), each simulation replayed", parse: one(parseTau2Import) },
  "tau-bench": { toolName: "τ-bench", fileHelp: "historical trajectories JSON (a list of episodes), each replayed", parse: one(parseTauBenchImport) },
};

/** The formats taking a `results` file. */
export const FORMATS_WITH_RESULTS: readonly ImportFormat[] = IMPORT_FORMATS.filter((f) => IMPORT_FORMAT_SPECS[f].resultsHelp);

/** "a, b or c". */
function either(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The API document's words for the form's fields, from the registry. */
export const IMPORT_FORM_HELP = {
  format: either(IMPORT_FORMATS.map((f) => `${f} (${IMPORT_FORMAT_SPECS[f].fileHelp})`)),
  file: ["The result file", ...IMPORT_FORMATS.flatMap((f) => (IMPORT_FORMAT_SPECS[f].manyFiles ? [`${f}: ${IMPORT_FORMAT_SPECS[f].manyFiles}`] : []))].join("; "),
  results: FORMATS_WITH_RESULTS.map((f) => `${f} only: ${IMPORT_FORMAT_SPECS[f].resultsHelp}`).join("; "),
};

/** Parses an import's files as `format` says; a one-file format given several is an ImportError on `file`. */
export async function parseImport(format: ImportFormat, files: ImportFile[], results?: ImportFile, sources: ImportSources = {}): Promise<ImportedEval> {
  const spec = IMPORT_FORMAT_SPECS[format];
  if (!spec.manyFiles && files.length !== 1) throw new ImportError("file", `a ${format} import takes one file, not ${files.length}`);
  return spec.parse(files, results, sources);
}
