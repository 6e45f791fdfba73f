// A synthetic Assay API for the dashboard benchmark: one finished run of
// N attempts and one running run whose attempts land at a fixed rate,
// answered with the shapes of /api/openapi.json, plus the built dashboard
// as static files with the single-page fallback. Loopback only.
import { createServer } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml" };
const PATHS = [
  ["get", "/api/project"],
  ["get", "/api/benchmarks"],
  ["get", "/api/eval-runs"],
  ["get", "/api/eval-runs/{id}"],
  ["get", "/api/eval-runs/{id}/progress"],
  ["get", "/api/eval-runs/{id}/scores"],
  ["get", "/api/eval-runs/{id}/metrics"],
  ["get", "/api/eval-runs/{id}/samples"],
  ["get", "/api/eval-runs/{id}/live"],
  ["get", "/api/trials/{id}"],
];

function counts(total, scored, passed, members, k) {
  return { total, scored, missing: total - scored, invalid: 0, total_members: members, complete_members: Math.floor(scored / k), passed };
}

function pct(v) {
  return `${Number((v * 100).toFixed(1))}%`;
}

/**
 * An event of one attempt as the hub streams it: stamped with the attempt, the time and its stream
 * position (DeltaFrame in src/live/deltas.ts). A turn's optional fields get the defaults the hub stores.
 * @param {string} attemptId
 * @param {number} deltaSeq
 * @param {Record<string, unknown>} event
 */
export function liveDelta(attemptId, deltaSeq, event) {
  const defaults = event.kind === "turn" ? { model: null, usage: null, latency_ms: null, reward: null } : {};
  return { ...defaults, ...event, attempt_id: attemptId, at: new Date().toISOString(), delta_seq: deltaSeq };
}

/**
 * @param {{dist: string, members?: number, k?: number, rate?: number, liveAhead?: number, overviewGroup?: Function, scoreRow?: Function}} o
 * rate: attempts landing per second in the running run; liveAhead: seconds an attempt is live before it lands;
 * overviewGroup: (score row, ended attempts, OverviewQuery, OverviewOptions) → one group of the overview, from
 * src/reports/overview.ts (the caller imports it; e2e/bench-dashboard.mjs), which makes the mock answer
 * GET /api/eval-runs/{id}/overview from its attempts as the real route does.
 * scoreRow: (score row) → the row /scores answers instead (a benchmark with another headline, τ²'s pass^k).
 */
export function startMockApi({ dist, members = 5000, k = 2, rate = 20, liveAhead = 1.5, overviewGroup, scoreRow = (row) => row }) {
  const total = members * k;
  const t0 = Date.now() + 2000;
  const landedBy = (now) => Math.max(0, Math.min(total, Math.floor(((now - t0) / 1000) * rate)));
  const reward = (seq) => ((seq * 2654435761) % 100 < 72 ? 1 : 0);
  /** Attempt id → "live" or a count of reads: /api/trials answers as if the attempt were still dispatched. */
  const staleTrials = new Map();
  /** Attempt id → the structured result /api/trials gives it once landed (an environment trial's phases and environment). */
  const trialStructured = new Map();
  const sample = (runId, seq, landed) => ({
    id: `att_${runId.slice(4)}.${seq}`,
    benchmark_id: "bm_bench",
    target: "a",
    task_key: `task-${Math.floor(seq / k) + 1}`,
    subset: seq % 3 ? "algebra" : "geometry",
    attempt_index: seq % k,
    status: landed ? "succeeded" : "dispatched",
    reward: landed ? reward(seq) : null,
    output: landed ? `The answer is ${seq}.\n#### ${seq}` : null,
    output_truncated: false,
    expected_answer: String(seq),
    reason: null,
    error: null,
  });
  /** The overview's row of an ended attempt: a continuous "similarity" dimension, tokens and times that vary by seq. */
  const overviewAttempt = (seq) => {
    const h = (seq * 2654435761) % 1000;
    const latency = 200 + ((seq * 7919) % 900);
    return { seq, benchmark_id: "bm_bench", target: "a", status: "succeeded", reward: reward(seq), error: null, dimensions: { similarity: h / 1000 }, input_tokens: 80 + (h % 60), output_tokens: 10 + ((seq * 31) % 240), cost: null, latency_ms: latency, wall_ms: latency + 40 + (h % 120), answered: true, truncated: false };
  };
  const landedOf = (runId) => (runId === "run_done" ? total : landedBy(Date.now()));
  const run = (id) => ({
    id,
    display_name: id === "run_done" ? "bench: 10,000 attempts" : "bench: live",
    status: id === "run_done" ? "completed" : "running",
    benchmarks: ["bm_bench"],
    target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "bench-model", params: {} },
    compare_target: null,
    judge: null,
    options: { attempts: k, concurrency: 32 },
    copied_from: null,
    error: null,
    created_at: new Date(t0 - 60_000).toISOString(),
    queued_at: new Date(t0 - 60_000).toISOString(),
    started_at: new Date(t0 - 59_000).toISOString(),
    finished_at: id === "run_done" ? new Date(t0).toISOString() : null,
  });
  const scores = (id) => {
    const landed = landedOf(id);
    let passed = 0;
    for (let s = 0; s < landed; s++) passed += reward(s);
    const c = counts(total, landed, passed, members, k);
    const score = landed ? passed / landed : null;
    return {
      run_id: id,
      run_status: run(id).status,
      missing_policy: "unknown",
      scores: [
        scoreRow({
          benchmark_id: "bm_bench",
          benchmark_name: "Bench arithmetic",
          target: "a",
          target_label: "bench-model",
          status: id === "run_done" ? "completed" : "running",
          error: null,
          k,
          member_count: members,
          planning_complete: true,
          score,
          pass: score,
          pass_at_k: score === null ? null : Math.min(1, score + 0.1),
          pass_hat_k: score === null ? null : score * score,
          score_counts: { ...c, passed: undefined },
          missing_policy: "unknown",
          uncertainty: { score_se: 0.01, score_ci95: score === null ? null : [score - 0.01, score + 0.01], pass_ci95: null, clustered: true, n_clusters: members },
          display: {
            score: score === null ? null : pct(score),
            pass: score === null ? null : pct(score),
            pass_at_k: score === null ? null : pct(Math.min(1, score + 0.1)),
            pass_hat_k: score === null ? null : pct(score * score),
            labels: { pass_at_k: `pass@${k}`, pass_hat_k: `pass^${k}` },
            score_with_ci: score === null ? null : `${pct(score)} (95% CI [${pct(score - 0.01)}, ${pct(score + 0.01)}], n = ${landed})`,
            pass_with_ci: null,
            coverage: `score ${score === null ? "n/a" : score.toFixed(3)}, ${landed}/${total} attempts scored, ${Math.floor(landed / k)}/${members} members complete`,
          },
          subsets: [],
          previous: null,
        }),
      ],
      ab: [],
    };
  };

  const json = (res, status, body, extra = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...extra });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const p = url.pathname;
    if (p === "/api/openapi.json") {
      const paths = {};
      for (const [m, path] of [...PATHS, ...(overviewGroup ? [["get", "/api/eval-runs/{id}/overview"]] : [])]) paths[path] = { ...(paths[path] ?? {}), [m]: {} };
      return json(res, 200, { openapi: "3.1.0", paths });
    }
    if (p.startsWith("/api/")) {
      if (p === "/api/project") return json(res, 200, { id: "prj_bench", name: "bench", plan: "team", evaluations_enabled: true, credits: 1 });
      if (p === "/api/benchmarks") return json(res, 200, { items: [{ id: "bm_bench", name: "Bench arithmetic" }], next_cursor: null });
      if (p === "/api/eval-runs") return json(res, 200, { items: [run("run_live"), run("run_done")], next_cursor: null });
      let m = /^\/api\/eval-runs\/(run_[a-z]+)(\/[a-z-]+)?$/.exec(p);
      if (m) {
        const [, id, sub] = m;
        if (!sub) return json(res, 200, run(id));
        if (sub === "/progress") {
          const landed = landedOf(id);
          return json(res, 200, { id, status: run(id).status, terminal_attempts: landed, total_attempts: total, planned_attempts: total, scored_attempts: landed, in_flight: id === "run_done" ? 0 : Math.round(rate * liveAhead), counts: {}, benchmarks: [{ benchmark_id: "bm_bench", status: "running", error: null, members, attempts: total, planned: total }] });
        }
        if (sub === "/scores") return json(res, 200, scores(id));
        if (sub === "/overview" && overviewGroup) {
          const row = scores(id).scores[0];
          const attempts = Array.from({ length: landedOf(id) }, (_, s) => overviewAttempt(s));
          const includeErrored = url.searchParams.get("include_errored") === "true";
          // The route's query defaults (workers/http/routes/run-overview.ts) and how src/services/overview.ts reads them:
          // 1,000 points per pane, the first 40 timing strips, all of them thinned like the panes past the points.
          const points = Number(url.searchParams.get("points") ?? 1000);
          const strips = url.searchParams.get("strips") ?? "40";
          const stripLimit = Math.min(strips === "all" ? Infinity : Number(strips), points);
          const query = { includeErrored, maxPoints: points, stripLimit, firstStrips: stripLimit < points, inline: { a: true, b: true }, turns: {} };
          const group = overviewGroup(row, attempts, query, { runId: id, maxPoints: points, stripLimit, firstStrips: query.firstStrips, execution: () => "inline" });
          return json(res, 200, { id, status: run(id).status, include_errored: includeErrored, groups: [group] });
        }
        if (sub === "/metrics") return json(res, 200, { run_id: id, missing_policy: "unknown", curves: [{ benchmark_id: "bm_bench", target: "a", k, missing_policy: "unknown", rows: [{ j: 1, pass_at_j: 0.72, pass_hat_j: 0.72, members }, { j: 2, pass_at_j: 0.85, pass_hat_j: 0.59, members }], members_by_n: {}, note: "" }] });
        if (sub === "/samples") {
          const limit = Math.min(200, Number(url.searchParams.get("limit") ?? 50));
          const cursor = url.searchParams.get("cursor");
          const from = cursor ? Number(Buffer.from(cursor, "base64url").toString()) + 1 : 0;
          const landed = landedOf(id);
          const items = [];
          for (let s = from; s < Math.min(total, from + limit); s++) items.push(sample(id, s, s < landed));
          const last = from + items.length - 1;
          return json(res, 200, { items, next_cursor: last < total - 1 ? Buffer.from(String(last)).toString("base64url") : null });
        }
      }
      m = /^\/api\/trials\/(att_[a-z]+)\.(\d+)$/.exec(p);
      if (m) {
        // A stale trial reads as still dispatched: "live" while the test says so, or for n more reads (storage lagging the live stream).
        const stale = staleTrials.get(`${m[1]}.${m[2]}`);
        if (typeof stale === "number") stale > 1 ? staleTrials.set(`${m[1]}.${m[2]}`, stale - 1) : staleTrials.delete(`${m[1]}.${m[2]}`);
        const s = sample(`run_${m[1].slice(4)}`, Number(m[2]), stale === undefined);
        if (stale !== undefined) return json(res, 200, { ...s, run_id: `run_${m[1].slice(4)}`, member_index: Math.floor(Number(m[2]) / k), structured: null, exit_code: null, tries: 0, tokens: { input: null, output: null }, cost: null, latency_ms: null, timings: { started_at: null, finished_at: null, duration_ms: null }, transcript_available: false });
        return json(res, 200, { ...s, run_id: `run_${m[1].slice(4)}`, member_index: Math.floor(Number(m[2]) / k), structured: trialStructured.get(`${m[1]}.${m[2]}`) ?? null, exit_code: null, tries: 1, tokens: { input: 20, output: 8 }, cost: null, latency_ms: 300, timings: { started_at: null, finished_at: null, duration_ms: null }, transcript_available: false });
      }
      return json(res, 404, { type: "about:blank", title: "Not found", status: 404, detail: `no route ${req.method} ${p}`, code: "not_found" });
    }
    let file = join(dist, p === "/" ? "index.html" : p);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, "index.html");
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });

  /**
   * The live deltas of the running run at `now`, as the hub streams them (src/live/deltas.ts):
   * a header for each attempt dispatched since, a turn for each one live, an end for each one landed.
   */
  let deltaSeq = 0;
  const liveEvents = (since, now) => {
    const events = [];
    const id = (s) => `att_live.${s}`;
    const landedThen = landedBy(since);
    const landedNow = landedBy(now);
    for (let s = landedThen; s < landedNow; s++) events.push(liveDelta(id(s), ++deltaSeq, { kind: "end", status: "succeeded", reward: reward(s), error: null }));
    const aheadNow = landedBy(now + liveAhead * 1000);
    const aheadThen = landedBy(since + liveAhead * 1000);
    const at = new Date(now).toISOString();
    for (let s = aheadThen; s < aheadNow; s++) {
      const header = { kind: "header", seq: s, benchmark_id: "bm_bench", target: "a", task_key: `task-${Math.floor(s / k) + 1}`, member_index: Math.floor(s / k), attempt_index: s % k, subset: null, try: 1, execution: "inline", executor: "fixture", phase: "agent", started_at: at, deadline_at: new Date(now + 60_000).toISOString() };
      events.push(liveDelta(id(s), ++deltaSeq, header));
    }
    const turn = { kind: "turn", turn_index: Math.floor((now - t0) / 400) % 5, messages: [{ role: "assistant", content: "thinking" }], model: null, usage: { input_tokens: 12, output_tokens: 5 }, latency_ms: null, reward: null };
    for (let s = landedNow; s < aheadNow; s++) events.push(liveDelta(id(s), ++deltaSeq, turn));
    return events;
  };

  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, total, liveEvents, staleTrials, trialStructured, close: () => new Promise((r) => server.close(r)) });
    });
  });
}
