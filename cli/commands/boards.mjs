// `assay leaderboard` and `assay alerts`: the project leaderboard (boards
// of comparable submitted results, ranked; submitting a finished run) and
// drift alerts (list, acknowledge). Network I/O via the client.
import { choiceFlag, intFlag } from "../args.mjs";
import { UsageError } from "../errors.mjs";
import { formatScore } from "../format.mjs";
import { note, printJson, printTable } from "../output.mjs";

/** @param {any} e A leaderboard entry */
const entryRow = (e) => [e.rank, e.model, e.display?.score ?? formatScore(e.score), e.scored, e.missing, e.composite, e.run_id, e.target === "compare_target" ? "compare" : "target", e.run_status, e.submitted_at];
const ENTRY_HEADERS = ["rank", "model", "score", "scored", "missing", "composite", "run", "slot", "run status", "submitted"];
/** Columns of numbers, right-aligned so their digits line up. */
const NUMBER_COLUMNS = ["rank", "score", "scored", "missing", "composite"];

/** @param {number} n @param {string} one @param {string} [many] */
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A board's title line: the benchmark by its name, what makes its entries comparable, how many.
 * @param {any} board
 * @param {string} name
 */
export function boardHeading(board, name) {
  const scorer = board.runner ? `runner ${board.runner}` : (board.scoring?.type ?? "scorer");
  return `${name} · ${plural(board.task_count, "task")} · k = ${board.k} · ${scorer} · missing ${board.missing_policy} · dataset ${String(board.dataset_digest).slice(0, 12)} · ${plural(board.entry_count, "entry", "entries")} (board ${board.id})`;
}

/**
 * The benchmarks' names by id (GET /api/benchmarks/{id} each); an id the API no longer knows stays an id.
 * @param {import("../client.mjs").Client} client
 * @param {string[]} ids
 * @param {AbortSignal} [signal]
 * @returns {Promise<Map<string, string>>}
 */
export async function benchmarkNames(client, ids, signal) {
  const unique = [...new Set(ids)];
  const names = await Promise.all(unique.map((id) => client.json("getBenchmark", { params: { id }, signal }).then((b) => String(b?.name ?? id), () => id)));
  return new Map(unique.map((id, i) => [id, names[i]]));
}

/**
 * The boards of a leaderboard page, each its heading then its ranked entries; a blank line
 * between boards and before the footer, so the tie rule reads apart from the last row.
 * @param {import("../output.mjs").Io} io
 * @param {any} page A GET /api/leaderboard answer
 * @param {Map<string, string>} names Benchmark names by id
 */
export function printBoards(io, page, names) {
  if (page.items.length === 0) io.out.write("no boards yet: submit a finished run with 'assay leaderboard submit RUN_ID'\n");
  page.items.forEach((/** @type {any} */ board, /** @type {number} */ i) => {
    io.out.write(`${i ? "\n" : ""}${boardHeading(board, names.get(board.benchmark_id) ?? board.benchmark_id)}\n`);
    printTable(io, ENTRY_HEADERS, board.rows.map(entryRow), { right: NUMBER_COLUMNS });
  });
  if (page.items.length && page.tie_break) io.out.write(`\nties: ${page.tie_break}\n`);
}

/** @type {Record<string, import("./index.mjs").Command>} */
export const boardCommands = {
  leaderboard: {
    summary: "the project leaderboard: boards of comparable submitted runs, ranked; 'submit RUN' adds a finished run",
    usage: "assay leaderboard [--benchmark ID] [--top N] [--limit N] [--cursor C]   |   assay leaderboard submit RUN_ID",
    max: 2,
    options: { benchmark: { type: "string" }, top: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" } },
    async run(ctx, v, args) {
      const client = ctx.client();
      if (args.length) {
        if (args[0] !== "submit" || args.length !== 2) throw new UsageError(`usage: ${boardCommands.leaderboard.usage}`);
        const reply = await client.call("submitToLeaderboard", { body: { run_id: args[1] }, signal: ctx.signal });
        if (ctx.json) return printJson(ctx.io, reply.body);
        if (reply.status === 200) note(ctx.io, `${args[1]} was submitted before; these are its saved entries`);
        const names = await benchmarkNames(client, [...reply.body.entries, ...(reply.body.skipped ?? [])].map((e) => e.benchmark_id), ctx.signal);
        printTable(ctx.io, ["board", "benchmark", ...ENTRY_HEADERS], reply.body.entries.map((e) => [e.board_id, names.get(e.benchmark_id), ...entryRow(e)]), { right: NUMBER_COLUMNS });
        for (const s of reply.body.skipped ?? []) note(ctx.io, `skipped ${names.get(s.benchmark_id)}: ${s.reason}`);
        return;
      }
      const query = { benchmark_id: v.benchmark, top: intFlag(v.top, "--top"), limit: intFlag(v.limit, "--limit"), cursor: v.cursor };
      const page = await client.json("leaderboard", { query, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, page);
      printBoards(ctx.io, page, await benchmarkNames(client, page.items.map((b) => b.benchmark_id), ctx.signal));
      if (page.next_cursor) note(ctx.io, `more: assay leaderboard --cursor ${page.next_cursor}`);
    },
  },

  alerts: {
    summary: "drift alerts: re-runs significantly worse than their baseline; 'ack ID' acknowledges one",
    usage: "assay alerts [--status open|acked|all] [--run ID] [--benchmark ID] [--limit N] [--cursor C]   |   assay alerts ack ALERT_ID",
    max: 2,
    options: { status: { type: "string" }, run: { type: "string" }, benchmark: { type: "string" }, limit: { type: "string" }, cursor: { type: "string" } },
    async run(ctx, v, args) {
      const client = ctx.client();
      if (args.length) {
        if (args[0] !== "ack" || args.length !== 2) throw new UsageError(`usage: ${boardCommands.alerts.usage}`);
        const alert = await client.json("ackAlert", { params: { id: args[1] }, signal: ctx.signal });
        if (ctx.json) return printJson(ctx.io, alert);
        ctx.io.out.write(`${alert.id} acknowledged at ${alert.acked_at}\n`);
        return;
      }
      const query = {
        status: choiceFlag(v.status, "--status", ["open", "acked", "all"]),
        run_id: v.run,
        benchmark_id: v.benchmark,
        limit: intFlag(v.limit, "--limit"),
        cursor: v.cursor,
      };
      const page = await client.json("listAlerts", { query, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, page);
      printTable(
        ctx.io,
        ["id", "state", "benchmark", "model", "change", "p", "run", "baseline", "raised", "summary"],
        page.items.map((a) => [
          a.id,
          a.acked_at ? "acked" : "open",
          a.benchmark_name ?? a.benchmark_id,
          a.model,
          a.display?.delta ?? a.delta,
          typeof a.p_value === "number" ? a.p_value.toPrecision(2) : null,
          a.run_id,
          a.baseline_run_id,
          a.created_at,
          a.summary,
        ]),
        { right: ["change", "p"] },
      );
      if (page.next_cursor) note(ctx.io, `more: assay alerts --cursor ${page.next_cursor}`);
    },
  },
};
