// What `job result` and `job submit --wait` share: read a run's scores,
// print them, write the JUnit and Markdown files, apply the CI checks.
// Network I/O via the client; writes the files it is asked to.
import { writeFileSync } from "node:fs";
import { EXIT, UsageError } from "../errors.mjs";
import { junitXml, normalizeSamples } from "../junit.mjs";
import { note, printJson } from "../output.mjs";
import { checkResults, resultLines, scoreRows } from "../results.mjs";
import { budgetStopText } from "../budget.mjs";
import { targetSummary } from "./views.mjs";

/** Samples per page when building the JUnit report (the API's maximum). */
const SAMPLE_PAGE = 200;

/**
 * @typedef {object} ReportOptions
 * @property {number} [minScore]
 * @property {boolean} [strict]
 * @property {boolean} [allowIncomplete]
 * @property {boolean} check Apply the CI checks (exit 1 on failure)
 * @property {string} [junit] Write JUnit XML here
 * @property {string} [md] Write the Markdown report here
 * @property {Record<string, unknown>} [extraJson] More fields for the --json document
 */

/**
 * @param {import("../context.mjs").Context} ctx
 * @param {any} run The run view
 * @param {ReportOptions} opts
 * @returns {Promise<number>} exit code
 */
export async function reportRun(ctx, run, opts) {
  const client = ctx.client();
  const scores = await client.json("runScores", { params: { id: run.id }, signal: ctx.signal });
  const rows = scoreRows(scores);
  const names = Object.fromEntries(rows.map((r) => [r.benchmark_id, r.benchmark]));

  if (opts.junit) {
    const samples = [];
    for await (const item of client.items("runSamples", { params: { id: run.id }, query: { limit: SAMPLE_PAGE }, signal: ctx.signal })) samples.push(item);
    write(opts.junit, junitXml({ runId: run.id, samples: normalizeSamples(samples), benchmarkNames: names }));
    note(ctx.io, `wrote JUnit report ${opts.junit} (${samples.length} samples)`);
  }
  if (opts.md) {
    const reply = await client.call("runExport", { params: { id: run.id }, query: { format: "md" }, signal: ctx.signal });
    write(opts.md, typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body, null, 2));
    note(ctx.io, `wrote Markdown report ${opts.md}`);
  }

  const failures = opts.check ? checkResults(rows, { minScore: opts.minScore, strict: opts.strict, allowIncomplete: opts.allowIncomplete, runStatus: run.status }) : [];
  if (ctx.json) {
    printJson(ctx.io, { ...opts.extraJson, run, scores, ...(opts.check ? { checks: { passed: failures.length === 0, failures } } : {}) });
  } else {
    printScores(ctx, run, rows, scores);
  }
  if (!opts.check) return EXIT.OK;
  for (const f of failures) note(ctx.io, `check failed: ${f}`);
  if (failures.length === 0) note(ctx.io, checksPassed(opts));
  return failures.length ? EXIT.CHECK_FAILED : EXIT.OK;
}

function checksPassed(opts) {
  const parts = ["run completed"];
  if (!opts.allowIncomplete) parts.push("coverage complete");
  if (opts.minScore !== undefined) parts.push(`${opts.strict ? "interval lower bound" : "score"} at or above ${opts.minScore}`);
  return `checks passed: ${parts.join(", ")}`;
}

/**
 * @param {import("../context.mjs").Context} ctx
 * @param {any} run
 * @param {import("../results.mjs").ScoreRow[]} rows
 * @param {any} scores The /scores answer, for its A/B comparisons
 */
function printScores(ctx, run, rows, scores) {
  const { out } = ctx.io;
  out.write(`${run.id}${run.display_name ? ` (${run.display_name})` : ""}: ${run.status}\n`);
  if (run.stop_reason === "budget_exhausted") out.write(`${budgetStopText(run.budget_report)}\n`);
  if (rows.length === 0) out.write("no scores yet\n");
  const target = { a: targetSummary(run.target), b: targetSummary(run.compare_target) };
  for (const r of rows) {
    const who = r.target === "b" ? "compare target" : "target";
    const label = target[/** @type {"a"|"b"} */ (r.target)] ?? r.target_name ?? r.target;
    out.write(`\n${r.benchmark}${r.benchmark !== r.benchmark_id ? ` (${r.benchmark_id})` : ""} · ${who}: ${label}\n`);
    const lines = resultLines(r);
    const width = Math.max(...lines.map(([k]) => k.length));
    for (const [k, v] of lines) out.write(`  ${k.padEnd(width)}  ${v}\n`);
  }
  for (const ab of scores.ab ?? []) {
    const o = ab.overall;
    const delta = o.display?.delta ?? (o.delta === null ? "n/a" : String(o.delta));
    out.write(`\n${ab.benchmark_name ?? ab.benchmark_id} · ${ab.b_label} vs ${ab.a_label}\n`);
    out.write(`  B − A         ${delta}${o.test?.name ? ` (${o.test.name.replace("_", " ")}, ${o.test.n_shared} shared tasks)` : ""}\n`);
    out.write(`  regressions   ${o.regressions_count}${o.regressions?.length ? ` (${o.regressions.slice(0, 5).join(", ")}${o.regressions_count > 5 ? ", ..." : ""})` : ""}\n`);
    out.write(`  improvements  ${o.improvements_count}\n`);
  }
}

/**
 * @param {string} file
 * @param {string} text
 */
function write(file, text) {
  try {
    writeFileSync(file, text);
  } catch (err) {
    throw new UsageError(`cannot write ${file}: ${err.message}`);
  }
}
