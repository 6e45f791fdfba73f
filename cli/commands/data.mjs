// `assay data pull BENCHMARK...`: fetches built-ins' pinned data ahead of
// time into a mirror directory (cli/data-pull.mjs), for a deployment that
// cannot reach the upstream hosts: serve the directory and point
// ASSAY_DATASET_BASE_URL at it (docs/cli.md). Reads each pin from the
// server (GET /api/benchmarks/{id}/source); writes the directory given.
import { EXIT } from "../errors.mjs";
import { formatBytes } from "../format.mjs";
import { note, printJson, printTable } from "../output.mjs";
import { pullSource, PullError } from "../data-pull.mjs";
import { resolveBenchmarks } from "./job.mjs";

/** @type {Record<string, import("./index.mjs").Command>} */
export const dataCommands = {
  pull: {
    summary: "fetch and check built-ins' pinned data into a mirror directory, for ASSAY_DATASET_BASE_URL",
    usage: "assay data pull BENCHMARK... [--out DIR] [--from URL]   (DIR default ./assay-mirror; --from: fetch from another mirror instead of upstream)",
    min: 1,
    options: { out: { type: "string" }, from: { type: "string" } },
    async run(ctx, v, args) {
      const out = v.out ?? "assay-mirror";
      const client = ctx.client();
      const ids = await resolveBenchmarks(client, args, ctx.signal);
      const rows = [];
      let failed = false;
      for (const id of ids) {
        const source = await client.json("getBenchmarkSource", { params: { id }, signal: ctx.signal });
        try {
          const r = await pullSource(source, { out, from: v.from });
          rows.push({ benchmark: id, dataset: source.dataset, files: r.files, bytes: r.bytes, fetched: r.fetched, error: null });
        } catch (err) {
          if (!(err instanceof PullError)) throw err;
          failed = true;
          rows.push({ benchmark: id, dataset: source.dataset, files: 0, bytes: 0, fetched: 0, error: err.message });
        }
      }
      if (ctx.json) printJson(ctx.io, { out, pulled: rows });
      else {
        printTable(
          ctx.io,
          ["benchmark", "dataset", "files", "size", "fetched", "check"],
          rows.map((r) => [r.benchmark, r.dataset, r.files, formatBytes(r.bytes), r.fetched, r.error ? "FAILED" : "sha256 ok"]),
        );
        for (const r of rows) if (r.error) note(ctx.io, `${r.benchmark}: ${r.error}`);
        if (!failed) note(ctx.io, `mirror in ${out}: serve it over HTTP and set ASSAY_DATASET_BASE_URL to its URL (docs/cli.md)`);
      }
      return failed ? EXIT.CHECK_FAILED : EXIT.OK;
    },
  },
};
