/**
 * A run's overview aggregated in D1 (src/reports/overview.ts builds the
 * view): per benchmark and target, the counts of the tiles, each pane's
 * order statistics (the sorted values at the positions its summary reads,
 * with count and sum), equal-width histogram bins, its few distinct values,
 * and the points it draws (already thinned, in seq order), never a row per
 * attempt. What reaches the isolate is bounded by the number of groups,
 * panes and points asked for, whatever the run's size (a 100,000-attempt
 * run returns what a 100-attempt one does). Four statements in one batch
 * (the error kinds page on when a run has more distinct error texts than
 * a page). Reads only; never the output or reason text.
 */
import { emptyGroup, emptyPane, OVERVIEW_PANES, type GroupStats, type OverviewPane, type OverviewQuery, type PaneStats } from "../reports/overview";
import { FEW_VALUES, HISTOGRAM_BINS, QUANTILES, summaryPositions } from "../reports/overview-stats";
import { endedAttemptSql } from "./status-predicates";

/** Error texts are read this far: enough for errorKindOf, which looks at their start. */
const ERROR_CHARS = 500;
/** Distinct (status, error) groups read per statement. */
const ERROR_PAGE = 1000;

/** Panes whose tile shows a histogram. */
const HISTOGRAM_PANES: readonly OverviewPane[] = ["reward", "turns", "wall", "tokens", "cost"];

const ENDED = endedAttemptSql();

/**
 * The run's ended attempts as one series per pane (pane, b, t, k, seq, x, y, z, err): k names a
 * dimension ('' otherwise); y and z carry the strip's model ms and the usage split. Turns: the row's stored
 * count (migration 0046) where there is one, else an inline attempt's derived from its benchmark; an agent
 * attempt without a count is left out (unknown, not 0).
 * Binds ?1 run, ?2 include errored, ?3 / ?4 whether slot a / b ran inline, ?5 turns by benchmark (JSON).
 */
const VALUES_SQL = `
  base AS (
    SELECT seq, benchmark_id AS b, target AS t, reward, (reward IS NULL) AS err, (?2 OR reward IS NOT NULL) AS admitted,
      CASE WHEN target = 'a' THEN ?3 ELSE ?4 END AS inline, input_tokens AS it, output_tokens AS ot, cost,
      max(0, round((julianday(finished_at) - julianday(started_at)) * 86400000.0)) AS wall, latency_ms AS lat,
      (output IS NOT NULL OR output_key IS NOT NULL) AS answered, turns AS nt, structured
    FROM attempts WHERE run_id = ?1 AND ${ENDED}
  ),
  panes(p) AS (VALUES ${OVERVIEW_PANES.map((p) => `('${p}')`).join(", ")}),
  vals AS (
    SELECT p AS pane, b, t, '' AS k, seq, err,
      CASE p WHEN 'reward' THEN coalesce(reward, 0)
        WHEN 'turns' THEN coalesce(nt, answered * coalesce(json_extract(?5, '$."' || b || '"'), 1))
        WHEN 'wall' THEN wall
        WHEN 'tokens' THEN coalesce(it, 0) + coalesce(ot, 0)
        WHEN 'input' THEN coalesce(it, 0)
        WHEN 'output' THEN coalesce(ot, 0)
        ELSE cost END AS x,
      CASE p WHEN 'wall' THEN CASE WHEN inline AND lat IS NOT NULL THEN min(wall, max(0, lat)) ELSE 0 END WHEN 'tokens' THEN coalesce(it, 0) END AS y,
      CASE p WHEN 'tokens' THEN coalesce(ot, 0) END AS z
    FROM base, panes
    WHERE admitted AND CASE p WHEN 'reward' THEN 1 WHEN 'turns' THEN inline OR nt IS NOT NULL WHEN 'wall' THEN wall IS NOT NULL
      WHEN 'cost' THEN cost IS NOT NULL ELSE it IS NOT NULL OR ot IS NOT NULL END
    UNION ALL
    SELECT 'dim', b, t, d.key, seq, err, d.value, NULL, NULL
    FROM base, json_each(coalesce(CASE WHEN json_valid(structured) THEN CASE WHEN json_type(structured, '$.dimensions') = 'object' THEN structured END END, '{}'), '$.dimensions') d
    WHERE admitted AND d.type IN ('integer', 'real')
  )`;

const PARTITION = "PARTITION BY pane, b, t, k";
/** Sorted positions a summary reads: the ends, and the two around each quantile's (n - 1) * q. */
const POSITIONS_SQL = ["0", "n - 1", ...QUANTILES.flatMap((q) => [`CAST((n - 1) * ${q} AS INTEGER)`, `CAST((n - 1) * ${q} AS INTEGER) + 1`])];

/**
 * Each pane's distinct values with their counts (a run's rewards, tokens and times take far fewer values
 * than there are attempts, so the sort that follows is small), then from them in one statement: the
 * values covering the sorted positions a summary reads (`upto` counts the values through this one), the
 * first FEW_VALUES distinct values (rn), count, sum and distinct count per pane; and the histogram bins.
 */
const STATS_SQL = `WITH ${VALUES_SQL},
  d AS (SELECT pane, b, t, k, x, count(*) AS c, total(y) AS sy FROM vals GROUP BY pane, b, t, k, x),
  w AS MATERIALIZED (SELECT pane, b, t, k, x, c, sum(c) OVER p AS n, sum(c) OVER (p ORDER BY x ROWS UNBOUNDED PRECEDING) AS upto,
      count(*) OVER p AS nd, row_number() OVER (p ORDER BY x) AS rn, min(x) OVER p AS lo, max(x) OVER p AS hi,
      total(x * c) OVER p AS s, total(sy) OVER p AS ssy
    FROM d WINDOW p AS (${PARTITION}))
  SELECT 'v' AS kind, pane, b, t, k, x, c, upto, n, nd, s, ssy, rn, NULL AS lo, NULL AS hi, NULL AS bin FROM w
  WHERE rn <= ${FEW_VALUES} OR ${POSITIONS_SQL.map((pos) => `(upto - c <= ${pos} AND ${pos} < upto)`).join(" OR ")}
  UNION ALL
  SELECT 'h', pane, b, t, k, NULL, sum(c), NULL, NULL, NULL, NULL, NULL, NULL, lo, hi,
    CASE WHEN hi = lo THEN 0 ELSE min(CAST(CAST(x - lo AS REAL) / (hi - lo) * ${HISTOGRAM_BINS} AS INTEGER), ${HISTOGRAM_BINS - 1}) END AS bin
  FROM w WHERE ${HISTOGRAM_PANES.map((p) => `pane = '${p}'`).join(" OR ")}
  GROUP BY pane, b, t, k, bin`;

/**
 * Points in seq order, thinned as thin() does (item i of n is kept when some j < m has floor(j n / m) = i,
 * i.e. when ceil(i m / n) n < (i + 1) m, in integers: D1 binds numbers as reals), or a pane's first m.
 * Binds ?6 points per pane, ?7 strips, ?8 first strips.
 */
const POINTS_SQL = `WITH ${VALUES_SQL},
  r AS (SELECT pane, b, t, k, seq, x, y, z, err, CAST(CASE WHEN pane = 'wall' THEN ?7 ELSE ?6 END AS INTEGER) AS m,
          row_number() OVER (${PARTITION} ORDER BY seq) - 1 AS i, count(*) OVER (${PARTITION}) AS n
        FROM vals WHERE pane = 'reward' OR pane = 'dim' OR pane = 'tokens' OR pane = 'wall')
  SELECT pane, b, t, k, seq, x, y, z, err FROM r
  WHERE CASE WHEN pane = 'wall' AND ?8 THEN i < m ELSE n <= m OR ((i * m + n - 1) / n) * n < (i + 1) * m END
  ORDER BY seq`;

const COUNTERS_SQL = `SELECT benchmark_id AS b, target AS t, count(*) AS attempts, count(*) - count(reward) AS errored,
    count(truncated) AS recorded, total(truncated = 1) AS cut, count(cost) AS costs, total(cost) AS cost_sum
  FROM attempts WHERE run_id = ?1 AND ${ENDED} GROUP BY benchmark_id, target`;

const ERROR_KEY = `coalesce(substr(error, 1, ${ERROR_CHARS}), '')`;
/** Binds ?1 run, ?2 first page, ?3..?6 the last group read. */
const ERRORS_SQL = `SELECT benchmark_id AS b, target AS t, status, ${ERROR_KEY} AS e, count(*) AS c
  FROM attempts WHERE run_id = ?1 AND reward IS NULL AND ${ENDED} AND (?2 OR (benchmark_id, target, status, ${ERROR_KEY}) > (?3, ?4, ?5, ?6))
  GROUP BY benchmark_id, target, status, e ORDER BY benchmark_id, target, status, e LIMIT ${ERROR_PAGE}`;

type Key = { b: string; t: "a" | "b" };
type Num = number | null;

/** The overview's aggregates per (benchmark, target) of a run's ended attempts, and the rows D1 returned to build them. */
export async function overviewStats(d1: D1Database, runId: string, q: OverviewQuery): Promise<{ groups: GroupStats[]; rows_returned: number }> {
  const values = [runId, q.includeErrored ? 1 : 0, q.inline.a ? 1 : 0, q.inline.b ? 1 : 0, JSON.stringify(q.turns)];
  const errorPage = (after: [string, string, string, string] | null) => d1.prepare(ERRORS_SQL).bind(runId, after ? 0 : 1, ...(after ?? ["", "", "", ""]));
  const [stats, points, counters, errors] = await d1.batch<Record<string, unknown>>([
    d1.prepare(STATS_SQL).bind(...values),
    d1.prepare(POINTS_SQL).bind(...values, q.maxPoints, q.stripLimit, q.firstStrips ? 1 : 0),
    d1.prepare(COUNTERS_SQL).bind(runId),
    errorPage(null),
  ]);
  let returned = 0;
  const groups = new Map<string, GroupStats>();
  const group = ({ b, t }: Key) => {
    const id = `${b}\u0000${t}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = emptyGroup(b, t)));
    return g;
  };
  const pane = (g: GroupStats, name: string, k: string): PaneStats => {
    if (name !== "dim") return g.panes[name as OverviewPane];
    return (g.dimensions[k] ??= emptyPane());
  };
  const rows = <T>(r: D1Result<Record<string, unknown>>) => {
    returned += r.results.length;
    return r.results as T[];
  };

  for (const r of rows<{ b: string; t: "a" | "b"; attempts: number; errored: number; recorded: number; cut: number; costs: number; cost_sum: number }>(counters!)) {
    const g = group(r);
    g.attempts = r.attempts;
    g.errored = r.errored;
    g.truncation = { recorded: r.recorded, cut: r.cut };
    g.cost = { n: r.costs, sum: r.cost_sum };
  }
  type StatsRow = Key & { kind: "v" | "h"; pane: string; k: string; x: number; c: number; upto: number; n: number; nd: number; s: number; ssy: number; rn: number; lo: number; hi: number; bin: number };
  for (const r of rows<StatsRow>(stats!)) {
    const g = group(r);
    const p = pane(g, r.pane, r.k);
    if (r.kind === "h") {
      p.histogram ??= { lo: r.lo, hi: r.hi, counts: r.hi === r.lo ? [0] : new Array<number>(HISTOGRAM_BINS).fill(0) };
      p.histogram.counts[r.bin] = r.c;
      continue;
    }
    p.stats.n = r.n;
    p.stats.sum = r.s;
    p.distinct = r.nd;
    if (r.pane === "wall") g.model_ms_sum = r.ssy;
    if (r.rn <= FEW_VALUES) p.counts.push({ value: r.x, count: r.c });
    for (const pos of summaryPositions(r.n)) if (r.upto - r.c <= pos && pos < r.upto) p.stats.at[pos] = r.x;
  }
  for (const r of rows<Key & { pane: string; k: string; seq: number; x: number; y: Num; z: Num; err: number }>(points!)) {
    const g = group(r);
    const errored = r.err === 1;
    if (r.pane === "wall") g.strips.push({ seq: r.seq, wall_ms: r.x, model_ms: r.y ?? 0, errored });
    else if (r.pane === "tokens") g.usage.push({ seq: r.seq, input_tokens: r.y ?? 0, output_tokens: r.z ?? 0, errored });
    else pane(g, r.pane, r.k).points.push({ seq: r.seq, value: r.x, errored });
  }
  let page = rows<Key & { status: string; e: string; c: number }>(errors!);
  for (;;) {
    for (const r of page) group(r).errors.push({ status: r.status, error: r.e === "" ? null : r.e, count: r.c });
    const last = page.at(-1);
    if (page.length < ERROR_PAGE || !last) break;
    page = rows(await errorPage([last.b, last.t, last.status, last.e]).all());
  }
  for (const g of groups.values()) for (const p of [...Object.values(g.panes), ...Object.values(g.dimensions)]) p.counts.sort((a, b) => a.value - b.value);
  return { groups: [...groups.values()], rows_returned: returned };
}
