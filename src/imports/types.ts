/**
 * What an importer makes of another harness's result file: the tasks it
 * asked (prompt, expected answer, the source's per-sample verdicts), the
 * outputs it recorded (task key, text, attempt index), and for each score
 * the source stated, the Assay scorer with the same semantics (or none, and
 * why) and the source's own aggregate. Pure: no binding, no clock.
 */
import type { JsonValue } from "../datasets/canonical-json";
import type { ScoringSpec } from "../scorers/spec";

export const IMPORT_FORMATS = ["promptfoo", "inspect", "lm-eval", "swebench", "harbor", "tau2", "tau-bench"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A file as given: its name (lm-eval reads the task from it) and bytes. */
export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

/** One task row of the imported dataset. `verdict:<score>` columns hold the source's per-sample verdict (0..1, null when unscored). */
export interface ImportedTask {
  key: string;
  prompt: string;
  expected: string | null;
  /** Option texts, for a multiple-choice row (Assay's multiple_choice reads a `choices` column). */
  choices?: string[];
  /** Per score: one verdict for every attempt of the task, or a list with one per attempt (an imported Harbor task's trials). */
  verdicts: Record<string, number | null | (number | null)[]>;
  /** A few source fields worth keeping beside the row (provider, epoch count, doc id), as `source_<name>` columns. */
  meta?: Record<string, string | number | null>;
  /** Columns the format's scorer reads, kept under their own names (a SWE-bench instance's FAIL_TO_PASS and repo; τ²'s task, domain and database slice). */
  columns?: Record<string, JsonValue>;
}

export interface ImportedOutput {
  key: string;
  output: string;
  attempt: number;
}

/** One score the source stated, and how Assay scores the same outputs. */
export interface ImportedScore {
  /** The source's name for the score (`pass`, `match`, `exact_match,strict-match`). */
  name: string;
  /** The source scorer or assertion type(s) behind it, as the source names them. */
  source_scorer: string;
  /** Assay's scorer with the same semantics, or null when Assay has none. */
  assay: ScoringSpec | null;
  /** How Assay's scorer differs from the source's, or why there is no counterpart. */
  note: string;
  /** The aggregate the source states for it (null when the file states none). */
  stated: number | null;
  /** Where the stated aggregate comes from in the file. */
  stated_from: string;
  /** Tasks carrying a source verdict for it. */
  verdicts: number;
  /** The rows it covers, by the tasks revision's `task` column, when a file holds several source tasks (lm-eval). */
  subset?: string;
}

/** How far Assay's replay of a replaying format (τ², τ-bench) agrees with the file. */
export interface ImportAgreement {
  /** Simulations compared (each replayed, its reward recomputed). */
  simulations: number;
  /** Those whose reward and every compared component equal the file's. */
  agree: number;
  /** The others: what the file records, what Assay computes, and which components differ. */
  differing: { simulation: string; task: string; trial: number; recorded: number; assay: number | null; components: string[] }[];
  /** DB verdicts on the simulations that ended by a stop: compared, and equal to the file's. */
  db: { compared: number; agree: number };
  /** Recorded tool results, and those Assay's environment answers differently (τ²'s comparison). */
  tool_results: { replayed: number; differing: number };
  /** Simulations whose task id the file gives wrongly: matched to the task their recorded evaluation names. */
  relabelled: { simulation: string; labelled: string; task: string }[];
  /** What was taken from the file rather than recomputed, and other caveats. */
  notes: string[];
}

export interface ImportedEval {
  tool: ImportFormat;
  /** The source task or eval name. */
  task: string;
  model: string | null;
  /** The writer's version when the file states it. */
  tool_version: string | null;
  tasks: ImportedTask[];
  outputs: ImportedOutput[];
  scores: ImportedScore[];
  /** The tasks revision's column whose value is each row's subset (τ²'s domain), for per-subset rows of every score. */
  subset_column?: string;
  /** How far Assay's own replay agrees with the file's verdicts (τ², τ-bench: each simulation replayed at import). */
  agreement?: ImportAgreement;
}

/** A file that cannot be imported: `field` says where (`file`, `file.results[3].response`), `message` what is wrong. */
export class ImportError extends Error {
  // A plain field, not a parameter property: Node's type stripping (importTs) runs this file too.
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** The dataset column holding a score's source verdict. */
export function verdictColumn(score: string): string {
  return `verdict:${score}`;
}

export function parseJsonFile(bytes: Uint8Array, field = "file"): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportError(field, "is not UTF-8 text");
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new ImportError(field, `is not JSON: ${(e as Error).message.slice(0, 200)}`);
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A chat-content value as text: a string, or a list of {type:"text", text} parts joined. */
export function contentText(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) {
    const parts = v.flatMap((p) => (typeof p === "string" ? [p] : isRecord(p) && typeof p.text === "string" ? [p.text] : []));
    return parts.length ? parts.join("") : null;
  }
  return null;
}

export function mean(xs: number[]): number | null {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}
