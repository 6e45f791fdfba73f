// `assay import promptfoo|inspect|lm-eval|tau2|tau-bench FILE...`: another
// harness's result file becomes datasets, benchmarks and an outputs run
// (POST /api/imports); the CLI waits for the run and prints the source's
// stated score next to Assay's for each score, and for τ² / τ-bench files how
// far Assay's replay of each simulation agrees with the file. `assay import
// swebench|harbor DIR_OR_ZIP` sends a SWE-bench submission or Harbor trial
// directories as one ZIP (a directory is zipped here, only the files the
// importer reads), and prints how far Assay's re-grading agrees with the
// submission. File I/O and network I/O via the client.
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { isDirectory, zipDirectory } from "../zip.mjs";
import { EXIT, UsageError } from "../errors.mjs";
import { formatScore } from "../format.mjs";
import { note, printJson, printTable } from "../output.mjs";
import { watchRun } from "../watch.mjs";

/**
 * A default name from the file: letters, digits, '.', '_', '-' only, at most 60.
 * @param {string} format
 * @param {string} file
 */
export function defaultImportName(format, file) {
  const stem = basename(file).replace(/\.(jsonl?|eval)$/i, "").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "");
  return `${format}-${stem || "import"}`.slice(0, 60);
}

/**
 * One line per score: the source's figure beside Assay's, and whether Assay recomputed it.
 * @param {any} b An imported benchmark
 * @param {any} s Its /scores row (undefined when the run has none)
 */
export function sideBySideRow(b, s) {
  // Both sides formatted alike, so equal figures read alike.
  const assay = s && typeof s.score === "number" ? formatScore(s.score) : (s?.display?.score ?? "n/a");
  const source = b.source_score === null ? "not stated" : formatScore(b.source_score);
  const same = s && b.source_score !== null && typeof s.score === "number" ? (Math.abs(s.score - b.source_score) < 1e-9 ? "equal" : `differs by ${((s.score - b.source_score) * 100).toFixed(1)} points`) : "";
  const how = b.counterpart ? `Assay ${b.scoring.type}` : "source verdict kept";
  return [b.score, b.source_scorer, source, assay, how, same];
}

/**
 * Sends an import's form, then (unless --no-wait) follows its run and prints each score as the source states it beside
 * Assay's; `more` adds a line about the first benchmark's score row (SWE-bench's agreement).
 * @param {any} ctx
 * @param {Record<string, any>} v
 * @param {FormData} form
 * @param {(scoreRow: any) => string} [more]
 */
async function submitImport(ctx, v, form, more) {
  const client = ctx.client();
  const imp = await client.json("createImport", { rawBody: form, signal: ctx.signal });
  const src = imp.source;
  const header = `imported ${src.files.join(", ")} (${src.tool_name}${src.tool_version ? ` ${src.tool_version}` : ""}; ${src.task}${src.model ? `, ${src.model}` : ""}): ${imp.tasks} tasks, ${imp.outputs} outputs -> run ${imp.run_id}`;
  if (v["no-wait"]) {
    if (ctx.json) return printJson(ctx.io, imp);
    ctx.io.out.write(`${header}\n`);
    note(ctx.io, `follow it with: assay job watch ${imp.run_id}`);
    return;
  }
  if (!ctx.json) {
    ctx.io.out.write(`${header}\n`);
    for (const line of agreementLines(imp.agreement)) ctx.io.out.write(`${line}\n`);
  }
  const progress = await watchRun(client, imp.run_id, ctx.io, { signal: ctx.signal, quiet: ctx.json });
  const scores = await client.json("runScores", { params: { id: imp.run_id }, signal: ctx.signal });
  const byBenchmark = new Map(scores.scores.map((/** @type {any} */ s) => [s.benchmark_id, s]));
  const code = progress.status === "completed" ? EXIT.OK : EXIT.CHECK_FAILED;
  if (ctx.json) {
    printJson(ctx.io, { import: imp, status: progress.status, scores: scores.scores });
    return code;
  }
  ctx.io.out.write(`${imp.run_id} ${progress.status}\n`);
  printTable(ctx.io, ["score", "source scorer", `${src.tool_name} says`, "Assay", "how", ""], imp.benchmarks.map((/** @type {any} */ b) => sideBySideRow(b, byBenchmark.get(b.id))));
  if (more && imp.benchmarks.length) ctx.io.out.write(`${more(byBenchmark.get(imp.benchmarks[0].id))}\n`);
  for (const b of imp.benchmarks) note(ctx.io, `${b.score}: ${b.note}`);
  return code;
}

/**
 * What a replaying import (τ², τ-bench) says about agreement, as lines.
 * @param {any} a The import's agreement (null for other formats)
 * @returns {string[]}
 */
export function agreementLines(a) {
  if (!a) return [];
  const lines = [
    `agreement: ${a.agree}/${a.simulations} simulations reproduce the recorded reward and components; DB ${a.db.agree}/${a.db.compared}; tool results replayed ${a.tool_results.replayed}, answered differently ${a.tool_results.differing}`,
  ];
  if (a.relabelled.length) lines.push(`${a.relabelled.length} simulation(s) carry another task's id and were matched by their recorded evaluation`);
  for (const d of a.differing.slice(0, 20)) lines.push(`  differs: ${d.simulation} (task ${d.task}, trial ${d.trial}): recorded ${d.recorded}, Assay ${d.assay ?? "unscored"} [${d.components.join(", ")}]`);
  if (a.differing.length > 20) lines.push(`  ... and ${a.differing.length - 20} more`);
  for (const n of a.notes) lines.push(`note: ${n}`);
  return lines;
}

/**
 * @param {"promptfoo" | "inspect" | "lm-eval" | "tau2" | "tau-bench"} format
 * @returns {import("./index.mjs").Command}
 */
function importCommand(format) {
  const multi = format === "lm-eval";
  /** @type {import("./index.mjs").Command["options"]} */
  const options = { name: { type: "string" }, "no-wait": { type: "boolean" }, ...(multi ? { results: { type: "string" } } : {}) };
  return {
    summary: {
      promptfoo: "import a promptfoo results JSON (promptfoo eval -o results.json) as an outputs run, and compare its score with promptfoo's",
      inspect: "import an Inspect AI log (.json or .eval) as an outputs run, and compare its score with Inspect's",
      "lm-eval": "import lm-evaluation-harness samples_<task>_*.jsonl (and --results results_*.json) as an outputs run, and compare",
      tau2: "import a τ²-bench results JSON: each simulation replayed through Assay's environment, its reward recomputed and compared",
      "tau-bench": "import τ-bench (v1) trajectories JSON: each episode replayed, its reward recomputed and compared",
    }[format],
    usage: `assay import ${format} ${multi ? "SAMPLES.jsonl... [--results results.json]" : "FILE"} [--name NAME] [--no-wait]`,
    min: 1,
    max: multi ? 50 : 1,
    options,
    async run(ctx, v, files) {
      const read = (/** @type {string} */ f) => {
        try {
          return readFileSync(f);
        } catch (err) {
          throw new UsageError(`cannot read ${f}: ${err.message}`);
        }
      };
      const form = new FormData();
      form.append("format", format);
      form.append("name", v.name ?? defaultImportName(format, files[0]));
      for (const f of files) form.append("file", new Blob([read(f)]), basename(f));
      if (v.results) form.append("results", new Blob([read(v.results)]), basename(v.results));
      return submitImport(ctx, v, form);
    },
  };
}

/** The files of a folder each archive format's importer reads (the rest stay home: patches, eval scripts, recordings). */
export const ARCHIVE_KEEP = {
  /** @param {string} p */
  swebench: (p) => /(^|\/)[^/]+__[^/]+-\d+\/(test_output\.txt|report\.json|run_instance\.log)$/.test(p) || (p.endsWith(".json") && !/(^|\/)[^/]+__[^/]+-\d+\//.test(p)) || p.endsWith("metadata.yaml"),
  /** @param {string} p */
  harbor: (p) => /(^|\/)(result|config)\.json$/.test(p) || /(^|\/)agent\/[^/]*\.json$/.test(p) || /(^|\/)verifier\/reward\.(txt|json)$/.test(p),
};

/**
 * The line saying how Assay's re-grading sets beside the submission's verdicts (swebench), from the score row's pooled dimensions.
 * @param {any} s A /scores row
 */
export function agreementLine(s) {
  const d = s?.dimensions ?? {};
  const count = (/** @type {any} */ x) => (x ? Math.round(x.mean * x.attempts) : 0);
  const regraded = count(d.regraded);
  const total = s?.score_counts?.scored ?? d.regraded?.attempts ?? 0;
  if (!d.agrees) return `re-graded ${regraded} of ${total} instances from their logs; the rest keep the submission's verdict`;
  const agree = count(d.agrees);
  const verdict = agree === d.agrees.attempts ? "all agree" : `${d.agrees.attempts - agree} disagree`;
  return `re-graded ${regraded} of ${total} instances from their logs (the rest keep the submission's verdict); Assay and the submission: ${agree} of ${d.agrees.attempts} set side by side agree (${verdict})`;
}

/**
 * @param {"swebench" | "harbor"} format
 * @returns {import("./index.mjs").Command}
 */
function archiveCommand(format) {
  return {
    summary: {
      swebench: "import a SWE-bench submission (a folder or ZIP with logs/<instance_id>/ and results/results.json): Assay re-grades every log and sets its verdict beside the submission's",
      harbor: "import Harbor trial directories (a trial, several, or a job folder; or their ZIP) as an outputs run with each trial's reward and trajectory",
    }[format],
    usage: `assay import ${format} DIR_OR_ZIP [--name NAME] [--no-wait]`,
    min: 1,
    max: 1,
    options: { name: { type: "string" }, "no-wait": { type: "boolean" } },
    async run(ctx, v, [path]) {
      /** @type {Uint8Array<ArrayBuffer>} */
      let bytes;
      let fileName = basename(resolve(path));
      if (isDirectory(path)) {
        const { zip, files } = zipDirectory(path, ARCHIVE_KEEP[format]);
        if (!files) throw new UsageError(`${path} holds no file a ${format} import reads`);
        bytes = new Uint8Array(zip);
        fileName = `${fileName}.zip`;
      } else {
        try {
          bytes = readFileSync(path);
        } catch (err) {
          throw new UsageError(`cannot read ${path}: ${err.message}`);
        }
      }
      const form = new FormData();
      form.append("format", format);
      form.append("name", v.name ?? defaultImportName(format, fileName.replace(/\.zip$/i, "")));
      form.append("file", new Blob([bytes]), fileName);
      return submitImport(ctx, v, form, format === "swebench" ? agreementLine : undefined);
    },
  };
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const importCommands = {
  promptfoo: importCommand("promptfoo"),
  inspect: importCommand("inspect"),
  "lm-eval": importCommand("lm-eval"),
  swebench: archiveCommand("swebench"),
  harbor: archiveCommand("harbor"),
  tau2: importCommand("tau2"),
  "tau-bench": importCommand("tau-bench"),
};
