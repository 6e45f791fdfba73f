/**
 * A SWE-bench submission, as the harness and the SWE-bench/experiments
 * repository lay it out, in one ZIP: `logs/<instance_id>/` folders (any
 * depth: the harness's logs/run_evaluation/<run>/<model>/ works too), each
 * with test_output.txt and/or report.json (run_instance.log read only when
 * neither is there), and optionally `results/results.json` (experiments:
 * `resolved`, `no_generation`, `no_logs` id lists) or the harness's summary
 * report (`resolved_ids`), and `metadata.yaml` (`name:` names the model).
 *
 * Every instance of SWE-bench Verified (the pinned dataset) becomes one
 * task (its problem statement the prompt, its repo, version,
 * FAIL_TO_PASS and PASS_TO_PASS as columns) and one recorded output: its
 * test log, which Assay's `swebench` scorer grades. The submission's own
 * verdict goes in `verdict:resolved`: report.json's `resolved`, else
 * whether results.json lists it as resolved, else (an instance the
 * submission gave nothing for) 0, as the leaderboard counts it. An
 * instance without a log keeps that verdict, marked not re-graded
 * (`submission_evidence` says what there was); with report.json alone its
 * lists are graded instead. The stated score is results.json's resolved
 * count over the dataset's 500 (the leaderboard's figure).
 *
 * Refused, naming the file: a log of an instance not in the dataset, two
 * folders of one instance, a results file that does not read, a ZIP with
 * no log and no results. Pure apart from the ZIP reader.
 */
import { z } from "zod";
import type { JsonValue } from "../datasets/canonical-json";
import { START_TEST_OUTPUT } from "../environments/swebench/grading";
import { INSTANCE_ID, type SwebenchInstance } from "../environments/swebench/instance";
import { parseReport, ReportError, type ReportEntry } from "../environments/swebench/report";
import { FileTreeError, treeFromZip, treeText } from "../environments/file-tree";
import { ImportError, type ImportedEval, type ImportedTask, type ImportFile } from "./types";

/** Characters of one test log kept as an output; a longer one is not re-graded (its verdict kept) rather than overflow a stored row. */
export const MAX_LOG_CHARS = 1_500_000;
/** Bytes all of a submission's logs may inflate to (the Worker holds them while it writes the outputs revision). */
export const MAX_SUBMISSION_LOG_BYTES = 40 * 1024 * 1024;

const LOG_FILE = /(?:^|\/)([A-Za-z0-9._-]+__[A-Za-z0-9._-]+-\d+)\/(test_output\.txt|report\.json|run_instance\.log)$/;
const RESULTS_FILE = /(?:^|\/)results\.json$/;
const SUMMARY_FILE = /(?:^|\/)[^/]+\.json$/;

const ExperimentsResults = z.object({ resolved: z.array(z.string().regex(INSTANCE_ID)), no_generation: z.array(z.string()).optional(), no_logs: z.array(z.string()).optional() });
const HarnessSummary = z.object({ resolved_ids: z.array(z.string().regex(INSTANCE_ID)), submitted_ids: z.array(z.string()).optional(), error_ids: z.array(z.string()).optional(), empty_patch_ids: z.array(z.string()).optional() });

interface InstanceFiles {
  folder: string;
  testOutput?: string;
  report?: string;
  runInstance?: string;
}

/** The submission's own per-instance list: which it resolved, and which it says it has no generation or no log for. */
interface StatedResults {
  path: string;
  resolved: Set<string>;
  noGeneration: Set<string>;
  noLogs: Set<string>;
}

/** A results list from a file's text; null when it is not one (an unreadable results.json is the caller's error). */
function readResults(path: string, text: string): StatedResults | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const exp = ExperimentsResults.safeParse(json);
  if (exp.success) return { path, resolved: new Set(exp.data.resolved), noGeneration: new Set(exp.data.no_generation ?? []), noLogs: new Set(exp.data.no_logs ?? []) };
  const sum = HarnessSummary.safeParse(json);
  if (sum.success) return { path, resolved: new Set(sum.data.resolved_ids), noGeneration: new Set(sum.data.empty_patch_ids ?? []), noLogs: new Set(sum.data.error_ids ?? []) };
  return null;
}

/** The last error the harness logged before it stopped (a run_instance.log without a test log). */
function lastError(log: string): string | null {
  const lines = log.split("\n").filter((l) => / - ERROR - |Error:|Traceback|>>>>> Patch Apply Failed/.test(l));
  const line = lines.at(-1)?.replace(/^\S+ \S+ - ERROR - /, "").trim();
  return line ? line.slice(0, 300) : null;
}

/** `name:` of a metadata.yaml (the experiments repository's), without a YAML parser. */
function metadataName(text: string | null): string | null {
  const m = text && /^name:\s*(.+?)\s*$/m.exec(text);
  return m ? m[1]!.replace(/^["']|["']$/g, "") : null;
}

export async function parseSwebenchSubmission(file: ImportFile, instances: readonly SwebenchInstance[], dataset = "SWE-bench Verified"): Promise<ImportedEval> {
  let tree;
  try {
    tree = await treeFromZip(file.bytes, (p) => LOG_FILE.test(p) || p.endsWith(".json") || p.endsWith("metadata.yaml"), { maxFiles: 20_000, maxBytes: MAX_SUBMISSION_LOG_BYTES });
  } catch (e) {
    if (e instanceof FileTreeError) throw new ImportError(e.field, `${e.message}${e.message.startsWith("is not a ZIP") ? ": send the submission (its logs/ folder, results/) as one ZIP" : ""}`);
    throw e;
  }
  const byId = new Map(instances.map((i) => [i.instance_id, i]));

  const files = new Map<string, InstanceFiles>();
  for (const path of tree.keys()) {
    const m = LOG_FILE.exec(path);
    if (!m) continue;
    const [, iid, name] = m as unknown as [string, string, string];
    const folder = path.slice(0, path.length - name.length - 1);
    if (!byId.has(iid)) throw new ImportError(`file:${path}`, `is a log of ${iid}, which is not an instance of ${dataset}`);
    const entry = files.get(iid) ?? { folder };
    if (entry.folder !== folder) throw new ImportError(`file:${path}`, `is a second folder of ${iid} (the first is ${entry.folder}/)`);
    const text = treeText(tree, path)!;
    if (name === "test_output.txt") entry.testOutput = text;
    else if (name === "report.json") entry.report = text;
    else entry.runInstance = text;
    files.set(iid, entry);
  }

  // The submission's own list: results/results.json, else a harness summary report at any depth outside the logs.
  let stated: StatedResults | null = null;
  const candidates = [...tree.keys()].filter((p) => !LOG_FILE.test(p) && (RESULTS_FILE.test(p) || SUMMARY_FILE.test(p))).sort((a, b) => Number(RESULTS_FILE.test(b)) - Number(RESULTS_FILE.test(a)));
  for (const path of candidates) {
    const read = readResults(path, treeText(tree, path)!);
    if (!read) {
      if (RESULTS_FILE.test(path)) throw new ImportError(`file:${path}`, "is neither the experiments' results.json (resolved, no_generation, no_logs) nor the harness's summary report (resolved_ids)");
      continue;
    }
    for (const id of read.resolved) if (!byId.has(id)) throw new ImportError(`file:${path}`, `lists ${id} as resolved, which is not an instance of ${dataset}`);
    stated = read;
    break;
  }
  if (!files.size && !stated) throw new ImportError("file", "holds no logs/<instance_id>/ folder (test_output.txt or report.json) and no results.json: not a SWE-bench submission");

  const reports = new Map<string, ReportEntry>();
  for (const [iid, f] of files) {
    if (f.report === undefined) continue;
    try {
      reports.set(iid, parseReport(f.report, iid, `file:${f.folder}/report.json`));
    } catch (e) {
      if (e instanceof ReportError) throw new ImportError(e.field, e.message);
      throw e;
    }
  }

  const tasks: ImportedTask[] = [];
  const outputs: ImportedEval["outputs"] = [];
  let logged = 0;
  let markerLogs = 0;
  for (const inst of [...instances].sort((a, b) => (a.instance_id < b.instance_id ? -1 : 1))) {
    const iid = inst.instance_id;
    const f = files.get(iid);
    const report = reports.get(iid);
    const verdict = report ? (report.resolved ? 1 : 0) : stated ? (stated.resolved.has(iid) ? 1 : 0) : f?.testOutput !== undefined ? null : 0;
    let output = "";
    let evidence: string;
    let note: string | null = null;
    if (f?.testOutput !== undefined && f.testOutput.length <= MAX_LOG_CHARS) {
      output = f.testOutput;
      evidence = report ? "test_output.txt+report.json" : "test_output.txt";
      logged++;
      if (output.includes(START_TEST_OUTPUT)) markerLogs++;
    } else if (f?.testOutput !== undefined) {
      evidence = "oversized";
      note = `test_output.txt is ${f.testOutput.length} characters, more than ${MAX_LOG_CHARS}`;
    } else if (report) {
      evidence = "report.json";
    } else if (f?.runInstance !== undefined) {
      evidence = "run_instance.log";
      note = lastError(f.runInstance);
    } else if (stated) {
      evidence = "results.json";
      note = stated.noGeneration.has(iid) ? "listed under no_generation" : stated.noLogs.has(iid) ? "listed under no_logs" : null;
    } else {
      evidence = "none";
    }
    const columns: Record<string, JsonValue> = {
      instance_id: iid,
      repo: inst.repo,
      version: inst.version,
      base_commit: inst.base_commit,
      FAIL_TO_PASS: inst.FAIL_TO_PASS,
      PASS_TO_PASS: inst.PASS_TO_PASS,
      submission_evidence: evidence,
      submission_note: note,
      // report.json alone: its lists, which the scorer grades in place of a log.
      submission_tests_status: output === "" && report?.tests_status ? (report.tests_status as unknown as JsonValue) : null,
    };
    tasks.push({ key: iid, prompt: inst.problem_statement ?? iid, expected: null, verdicts: { resolved: verdict }, columns });
    outputs.push({ key: iid, output, attempt: 0 });
  }

  const statedScore = stated ? stated.resolved.size / instances.length : null;
  const layout = markerLogs === 0 ? "2.0.x logs" : markerLogs === logged ? "marker-delimited logs (3.x and later)" : "logs of both layouts";
  return {
    tool: "swebench",
    task: dataset,
    model: metadataName(treeText(tree, [...tree.keys()].find((p) => p.endsWith("metadata.yaml")) ?? "")) ,
    tool_version: logged ? layout : null,
    tasks,
    outputs,
    scores: [
      {
        name: "resolved",
        source_scorer: "SWE-bench harness",
        assay: { type: "swebench", rules: "auto", verdict_column: "verdict:resolved" },
        note:
          `Assay re-grades each of the ${logged} test logs with SWE-bench's own rules (the harness's log parser for the repository, FAIL_TO_PASS and PASS_TO_PASS, the rule set of the log's layout), ` +
          `against the instance lists of the pinned dataset; the ${instances.length - logged} instances without a log keep the submission's verdict, marked not re-graded` +
          (reports.size ? ` (those with report.json alone are graded from its lists)` : ""),
        stated: statedScore,
        stated_from: stated ? `${stated.path}: ${stated.resolved.size} of ${instances.length} resolved` : "the submission states no total (no results.json)",
        verdicts: tasks.filter((t) => t.verdicts.resolved !== null).length,
      },
    ],
  };
}
