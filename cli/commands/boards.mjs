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

/** @param {any} board */
function boardHeading(board) {
  const scorer = board.runner ? `runner ${board.runner}` : (board.scoring?.type ?? "scorer");
  return `${board.benchmark_id} · ${board.task_count} tasks · k = ${board.k} · ${scorer} · missing ${board.missing_policy} · dataset ${String(board.dataset_digest).slice(0, 12)} · ${board.entry_count} entries (board ${board.id})`;
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
        printTable(ctx.io, ["board", "benchmark", ...ENTRY_HEADERS], reply.body.entries.map((e) => [e.board_id, e.benchmark_id, ...entryRow(e)]));
        for (const s of reply.body.skipped ?? []) note(ctx.io, `skipped ${s.benchmark_id}: ${s.reason}`);
        return;
      }
      const query = { benchmark_id: v.benchmark, top: intFlag(v.top, "--top"), limit: intFlag(v.limit, "--limit"), cursor: v.cursor };
      const page = await client.json("leaderboard", { query, signal: ctx.signal });
      if (ctx.json) return printJson(ctx.io, page);
      if (page.items.length === 0) ctx.io.out.write("no boards yet: submit a finished run with 'assay leaderboard submit RUN_ID'\n");
      page.items.forEach((board, i) => {
        ctx.io.out.write(`${i ? "\n" : ""}${boardHeading(board)}\n`);
        printTable(ctx.io, ENTRY_HEADERS, board.rows.map(entryRow));
      });
      if (page.items.length && page.tie_break) note(ctx.io, `ties: ${page.tie_break}`);
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
          a.benchmark_id,
          a.model,
          a.display?.delta ?? a.delta,
          typeof a.p_value === "number" ? a.p_value.toPrecision(2) : null,
          a.run_id,
          a.baseline_run_id,
          a.created_at,
          a.summary,
        ]),
      );
      if (page.next_cursor) note(ctx.io, `more: assay alerts --cursor ${page.next_cursor}`);
    },
  },
};
