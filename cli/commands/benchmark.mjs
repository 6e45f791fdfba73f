// `assay benchmark ...`: the catalog (built-ins and the project's own),
// one benchmark in full, creating a custom benchmark over a dataset
// revision, and one made of Harbor tasks (a folder, zipped here, or a ZIP),
// which runs on an environment runner. Reads the files it is given;
// network I/O via the client.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { isDirectory, zipDirectory } from "../zip.mjs";
import { choiceFlag, intFlag } from "../args.mjs";
import { UsageError } from "../errors.mjs";
import { note, printFields, printJson, printTable } from "../output.mjs";

const SCORING_TYPES = ["contains", "exact_match", "regex", "numeric", "multiple_choice", "llm_judge", "code_execution"];
const HARNESSES = ["humaneval", "mbpp"];
/** code_execution's flags and the scoring fields they set. */
const CODE_FLAGS = [
  ["test-column", "test_column"],
  ["entry-point-column", "entry_point_column"],
  ["code-prompt-column", "prompt_column"],
  ["setup-column", "setup_column"],
];

/**
 * The create body: the file's JSON (if any) with flags laid over it.
 * @param {string | undefined} name
 * @param {Record<string, any>} v
 */
export function benchmarkBody(name, v) {
  let body = {};
  if (v.file) {
    try {
      body = JSON.parse(readFileSync(v.file, "utf8"));
    } catch (err) {
      throw new UsageError(`cannot read ${v.file} as JSON: ${err.message}`);
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new UsageError(`${v.file} must hold a JSON object`);
  }
  const set = (key, value) => {
    if (value !== undefined) body[key] = value;
  };
  set("name", name);
  set("description", v.description);
  set("dataset", v.dataset);
  set("split", v.split);
  set("prompt_column", v["prompt-column"]);
  set("prompt_template", v["prompt-template"]);
  set("answer_column", v["answer-column"]);
  set("image_column", v["image-column"]);
  set("few_shot", intFlag(v["few-shot"], "--few-shot"));
  if (v.subset?.length) body.subsets = v.subset;
  const type = choiceFlag(v.scoring, "--scoring", SCORING_TYPES);
  if (type) {
    const scoring = { type };
    if (type === "regex") {
      if (!v.pattern) throw new UsageError("--scoring regex needs --pattern");
      Object.assign(scoring, { pattern: v.pattern }, v.group !== undefined ? { group: intFlag(v.group, "--group") } : {}, v.flags ? { flags: v.flags } : {});
    }
    if (type === "llm_judge") {
      if (!v.criteria) throw new UsageError("--scoring llm_judge needs --criteria");
      scoring.criteria = v.criteria;
    }
    if (type === "contains" && v["case-sensitive"]) scoring.ignore_case = false;
    if (type === "code_execution") {
      // The reply's code runs in the sandbox with the row's tests (the API checks the columns against the revision).
      if (!v["test-column"]) throw new UsageError("--scoring code_execution needs --test-column (and --entry-point-column for the humaneval harness)");
      Object.assign(scoring, { language: "python" });
      const harness = choiceFlag(v.harness, "--harness", HARNESSES);
      if (harness) scoring.harness = harness;
      for (const [flag, field] of CODE_FLAGS) if (v[flag] !== undefined) scoring[field] = v[flag];
      if (v["timeout-s"] !== undefined) scoring.timeout_s = intFlag(v["timeout-s"], "--timeout-s");
    }
    body.scoring = scoring;
  } else if (v.pattern || v.criteria) {
    throw new UsageError("--pattern and --criteria go with --scoring regex / llm_judge");
  }
  if (type !== "code_execution" && (v.harness || v["timeout-s"] !== undefined || CODE_FLAGS.some(([flag]) => v[flag] !== undefined))) {
    throw new UsageError("--harness, --timeout-s and the --*-column flags of the tests go with --scoring code_execution");
  }
  if (!body.name) throw new UsageError("give the benchmark a NAME (or a name in --file)");
  return body;
}

/**
 * A benchmark by id, or by exact name among those the project sees.
 * @param {import("../context.mjs").Context} ctx
 * @param {string} idOrName
 */
async function findBenchmark(ctx, idOrName) {
  const client = ctx.client();
  if (idOrName.startsWith("bm_")) return client.json("getBenchmark", { params: { id: idOrName }, signal: ctx.signal });
  const hits = [];
  for await (const b of client.items("listBenchmarks", { query: { limit: 200, include_archived: "true" }, signal: ctx.signal })) {
    if (b.name === idOrName) hits.push(b);
  }
  if (hits.length === 0) throw new UsageError(`no benchmark named '${idOrName}'; see 'assay benchmark list'`);
  if (hits.length > 1) throw new UsageError(`'${idOrName}' names several benchmarks (${hits.map((b) => b.id).join(", ")}); give the id`);
  return hits[0];
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const benchmarkCommands = {
  list: {
    summary: "the catalog: built-ins and the project's custom benchmarks",
    usage: "assay benchmark list [--category C] [--kind inline|runner] [--archived] [--limit N] [--cursor C]",
    max: 0,
    options: { category: { type: "string" }, kind: { type: "string" }, archived: { type: "boolean" }, limit: { type: "string" }, cursor: { type: "string" } },
    async run(ctx, v) {
      const query = {
        category: v.category,
        kind: choiceFlag(v.kind, "--kind", ["inline", "runner"]),
        include_archived: v.archived ? "true" : undefined,
        limit: intFlag(v.limit, "--limit"),
        cursor: v.cursor,
      };
      const page = await ctx.client().json("listBenchmarks", { query, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, page);
      printTable(
        ctx.io,
        ["id", "name", "kind", "category", "dataset", "scoring", "samples", "state"],
        page.items.map((b) => [b.id, b.name, b.kind, b.category, b.dataset, b.scoring?.type, b.sample_size, b.archived ? "archived" : b.builtin ? "built-in" : "custom"]),
      );
      if (page.next_cursor) note(ctx.io, `more: assay benchmark list --cursor ${page.next_cursor}`);
    },
  },

  show: {
    summary: "one benchmark in full, by id or name",
    usage: "assay benchmark show ID|NAME",
    min: 1,
    max: 1,
    async run(ctx, _v, [idOrName]) {
      const b = await findBenchmark(ctx, idOrName);
      if (ctx.json) return printJson(ctx.io, b);
      printFields(ctx.io, [
        ["id", b.id],
        ["name", b.name],
        ["description", b.description || "-"],
        ["kind", b.kind],
        ["category", b.category],
        ["built-in", b.builtin],
        ["dataset", b.dataset],
        ["split", b.split],
        ["prompt", b.prompt_template ?? (b.prompt_column ? `column ${b.prompt_column}` : null)],
        ["answer column", b.answer_column],
        ["image column", b.image_column ?? "-"],
        ["scoring", b.scoring],
        ["few-shot", b.few_shot],
        ["subsets", b.subsets.join(", ") || "-"],
        ["samples", b.sample_size],
        ["archived", b.archived],
        ["used by a run", b.used],
        ["created", b.created_at],
      ]);
      if (b.catalog) {
        for (const [k, text] of Object.entries(b.catalog)) ctx.io.out.write(`\n${k.replace(/_/g, " ")}:\n  ${Array.isArray(text) ? text.join("\n  ") : String(text)}\n`);
      }
    },
  },

  create: {
    summary: "a custom benchmark over one of the project's dataset revisions",
    usage:
      "assay benchmark create NAME --dataset NAME@VERSION (--prompt-template TEXT | --prompt-column COL) --answer-column COL " +
      "--scoring contains|exact_match|regex|numeric|multiple_choice|llm_judge|code_execution [--pattern RE [--group N] [--flags imsu]] [--criteria TEXT] [--case-sensitive] " +
      "[--test-column COL --entry-point-column COL [--code-prompt-column COL] [--setup-column COL] [--harness humaneval|mbpp] [--timeout-s N]] " +
      "[--image-column COL] [--split S] [--subset S]... [--few-shot N] [--description TEXT]   or   assay benchmark create [NAME] --file benchmark.json [flags]",
    max: 1,
    options: {
      file: { type: "string", short: "f" },
      description: { type: "string" },
      dataset: { type: "string" },
      split: { type: "string" },
      "prompt-column": { type: "string" },
      "prompt-template": { type: "string" },
      "answer-column": { type: "string" },
      "image-column": { type: "string" },
      scoring: { type: "string" },
      pattern: { type: "string" },
      group: { type: "string" },
      flags: { type: "string" },
      criteria: { type: "string" },
      "case-sensitive": { type: "boolean" },
      "test-column": { type: "string" },
      "entry-point-column": { type: "string" },
      "code-prompt-column": { type: "string" },
      "setup-column": { type: "string" },
      harness: { type: "string" },
      "timeout-s": { type: "string" },
      subset: { type: "string", multiple: true },
      "few-shot": { type: "string" },
    },
    async run(ctx, v, [name]) {
      const b = await ctx.client().json("createBenchmark", { body: benchmarkBody(name, v), signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, b);
      ctx.io.out.write(`${b.id} ${b.name} (${b.dataset}, ${b.scoring.type}, ${b.sample_size ?? "?"} samples)\n`);
    },
  },

  tasks: {
    summary: "a benchmark made of Harbor tasks (a task folder, a folder of them, or a ZIP), run on an environment runner",
    usage: "assay benchmark tasks NAME DIR_OR_ZIP [--description TEXT]   (e.g. assay benchmark tasks terminal-bench-2 ./terminal-bench-2/)",
    min: 2,
    max: 2,
    options: { description: { type: "string" } },
    async run(ctx, v, [name, path]) {
      let bytes;
      try {
        bytes = isDirectory(path) ? zipDirectory(path).zip : readFileSync(path);
      } catch (err) {
        throw new UsageError(`cannot read ${path}: ${err.message}`);
      }
      const form = new FormData();
      form.append("name", name);
      if (v.description) form.append("description", v.description);
      form.append("file", new Blob([bytes]), `${basename(path)}.zip`);
      const made = await ctx.client().json("createTaskBenchmark", { rawBody: form, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, made);
      ctx.io.out.write(`${made.benchmark.id} ${made.benchmark.name}: ${made.tasks.length} tasks (${made.tasks.slice(0, 5).join(", ")}${made.tasks.length > 5 ? ", ..." : ""})\n`);
      note(ctx.io, `run it on the deployment's environment runner: assay eval run ${made.benchmark.id} -m MODEL --base-url URL`);
    },
  },
};
