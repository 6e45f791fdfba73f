// Following a run until it ends, with a progress line on stderr: counts by
// status from /progress and the phases of running attempts from the live
// stream (GET /api/eval-runs/{id}/live, SSE). A server without the live
// stream is polled instead, and the CLI says so. Network I/O via the client.
import { ApiError } from "./errors.mjs";
import { bar, note, StatusLine } from "./output.mjs";
import { readEvents } from "./sse.mjs";

export const RUN_TERMINAL = new Set(["completed", "failed", "cancelled"]);
const ATTEMPT_TERMINAL = new Set(["succeeded", "failed", "cancelled", "timed_out"]);
const STATUS_ORDER = ["succeeded", "failed", "timed_out", "cancelled", "running", "dispatched", "pending"];
/**
 * A phase in the words a reader needs ("model call", not "agent", for an attempt Assay runs inline);
 * a copy of src/live/phase-label.ts, which cli/watch.test.mjs holds equal.
 */
export const PHASE_LABELS = { boot: "booting", setup: "setting up", agent: { inline: "model call", agent: "agent" }, verify: "verifying", finalize: "finalizing", scoring: "scoring" };
/** Labels in the order an attempt passes through them. */
const LABEL_ORDER = ["booting", "setting up", "model call", "agent", "running", "finalizing", "scoring"];

/**
 * @param {string} phase
 * @param {string | null | undefined} execution "inline" or "agent" (where the attempt runs), when known
 */
export function phaseLabel(phase, execution) {
  if (phase === "agent") return execution === "agent" ? PHASE_LABELS.agent.agent : execution === "inline" ? PHASE_LABELS.agent.inline : "running";
  return typeof PHASE_LABELS[phase] === "string" ? PHASE_LABELS[phase] : phase;
}
/** Progress is re-read at most this often while events arrive, and at least this often when none do. */
const REFRESH_MIN_MS = 1000;
const REFRESH_MAX_MS = 5000;
const MAX_RECONNECTS = 5;

/**
 * The progress line: status, bar, counts by status, what the running attempts are doing.
 * @param {any} p A /progress answer
 * @param {Phases} phases
 */
export function progressText(p, phases = new Map()) {
  const total = p.total_attempts ?? null;
  const done = p.terminal_attempts ?? 0;
  const of = total === null ? `${done}/${p.planned_attempts ?? 0}+ (planning)` : `${done}/${total}`;
  const counts = STATUS_ORDER.filter((s) => (p.counts?.[s] ?? 0) > 0).map((s) => `${s.replace("_", " ")} ${p.counts[s]}`);
  const parts = [`${p.id} ${p.status}`, `${bar(done, total)} ${of}`];
  if (counts.length) parts.push(counts.join(", "));
  if (p.scored_attempts !== undefined) parts.push(`scored ${p.scored_attempts}`);
  if (phases.size) {
    const byLabel = new Map();
    for (const { phase, execution } of phases.values()) {
      const label = phaseLabel(phase, execution);
      byLabel.set(label, (byLabel.get(label) ?? 0) + 1);
    }
    const labels = [...byLabel.keys()].sort((a, b) => rank(a) - rank(b));
    parts.push("in progress: " + labels.map((n) => `${n} ${byLabel.get(n)}`).join(", "));
  }
  return parts.join(" · ");
}

const rank = (label) => (LABEL_ORDER.includes(label) ? LABEL_ORDER.indexOf(label) : LABEL_ORDER.length);

/** @typedef {Map<string, {phase: string, execution: string | null}>} Phases attempt → its phase and where it runs */

/**
 * Applies one live event to the phase map; true when it says the run ended.
 * Events carry JSON (GET /api/eval-runs/{id}/live): a snapshot of the live
 * set (`{type: "live_set", items: [{attempt_id, phase, ...}]}`), one
 * attempt's delta (`{kind: header|phase|turn|preview|end, attempt_id, ...}`)
 * or a list of deltas, `{type: "ready"}`, or a run status.
 * @param {{event: string, data: string}} ev
 * @param {Phases} phases
 */
export function applyEvent(ev, phases) {
  let d;
  try {
    d = JSON.parse(ev.data);
  } catch {
    return false;
  }
  return applyData(ev.event, d, phases);
}

/** @param {string} event @param {any} d @param {Phases} phases */
function applyData(event, d, phases) {
  if (Array.isArray(d)) return d.map((x) => applyData(event, x, phases)).some(Boolean);
  if (!d || typeof d !== "object") return false;
  const snapshot = d.type === "live_set" || event === "live_set" ? (d.items ?? []) : Array.isArray(d.attempts) ? d.attempts : null;
  if (snapshot) {
    phases.clear();
    for (const a of snapshot) if (a?.attempt_id && typeof a.phase === "string") phases.set(String(a.attempt_id), { phase: a.phase, execution: typeof a.execution === "string" ? a.execution : null });
    return RUN_TERMINAL.has(d.run_status);
  }
  const att = d.attempt_id ?? d.attempt;
  if (att !== undefined && att !== null) {
    const key = String(att);
    const landed = d.kind === "end" || event === "end" || ATTEMPT_TERMINAL.has(d.status);
    if (landed) phases.delete(key);
    // A header says where the attempt runs; a later phase change keeps it.
    else if (typeof d.phase === "string") phases.set(key, { phase: d.phase, execution: typeof d.execution === "string" ? d.execution : (phases.get(key)?.execution ?? null) });
    return false;
  }
  const runStatus = d.run_status ?? (/^(run|status|done|finished|end)/.test(event) || d.kind === "run" ? d.status : undefined);
  return RUN_TERMINAL.has(runStatus);
}

/**
 * Follows a run to its end and returns its last progress.
 * @param {import("./client.mjs").Client} client
 * @param {string} runId
 * @param {import("./output.mjs").Io} io
 * @param {{signal?: AbortSignal, pollMs?: number, quiet?: boolean}} [opts]
 */
export async function watchRun(client, runId, io, { signal, pollMs = REFRESH_MIN_MS, quiet = false } = {}) {
  const line = quiet ? null : new StatusLine(io);
  const phases = new Map();
  let progress = await client.json("runProgress", { params: { id: runId }, signal });
  const show = () => line?.update(progressText(progress, phases));
  show();
  if (!RUN_TERMINAL.has(progress.status)) {
    const live = await openLive(client, runId, signal);
    if (live.response) {
      progress = await followStream(client, runId, live.response, phases, () => progress, (p) => ((progress = p), show()), show, signal);
    } else {
      line?.done();
      if (!quiet) note(io, `live stream not available (${live.why}); polling /progress every ${pollMs / 1000} s`);
    }
    while (!RUN_TERMINAL.has(progress.status)) {
      await sleep(pollMs, signal);
      progress = await client.json("runProgress", { params: { id: runId }, signal });
      phases.clear();
      show();
    }
  }
  line?.done(progressText(progress));
  return progress;
}

/** Opens the live stream, or says why it cannot be used. */
async function openLive(client, runId, signal, lastEventId) {
  try {
    const headers = lastEventId ? { "last-event-id": lastEventId } : {};
    const res = await client.send("runLive", { params: { id: runId }, accept: "text/event-stream", timeoutMs: null, signal, headers });
    if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
      await res.body?.cancel().catch(() => {});
      return { why: `the server answered ${res.headers.get("content-type") ?? "no content type"}, not text/event-stream` };
    }
    return { response: res };
  } catch (err) {
    if (err instanceof ApiError && [404, 405, 406, 501].includes(err.status)) return { why: `GET /api/eval-runs/{id}/live answered ${err.status}` };
    throw err;
  }
}

/**
 * Reads live events, re-reading /progress when they arrive (at most every
 * REFRESH_MIN_MS) and when they do not (every REFRESH_MAX_MS), until the
 * run ends. Reconnects with Last-Event-ID when the stream drops early.
 */
async function followStream(client, runId, response, phases, current, setProgress, redraw, signal) {
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let lastRefresh = 0;
  let refreshing = null;
  const refresh = () => {
    if (refreshing) return refreshing;
    lastRefresh = Date.now();
    refreshing = client
      .json("runProgress", { params: { id: runId }, signal: both })
      .then((p) => {
        setProgress(p);
        if (RUN_TERMINAL.has(p.status)) stop.abort();
      })
      .catch((err) => {
        if (!both.aborted) throw err;
      })
      .finally(() => (refreshing = null));
    return refreshing;
  };
  let failure = null;
  // Events since the last read of /progress: re-read soon, since the last
  // attempts may land with no event after them (the stream carries no run end).
  let dirty = false;
  const timer = setInterval(() => {
    const age = Date.now() - lastRefresh;
    if ((dirty && age >= REFRESH_MIN_MS) || age >= REFRESH_MAX_MS) {
      dirty = false;
      refresh().catch((err) => ((failure = err), stop.abort()));
    }
  }, REFRESH_MIN_MS / 4);
  let lastId;
  let reconnects = 0;
  let res = response;
  try {
    for (;;) {
      // A reader of our own: cancelling it ends a read in progress, whichever signal opened the stream.
      const reader = res.body.getReader();
      const cancel = () => reader.cancel().catch(() => {});
      both.addEventListener("abort", cancel, { once: true });
      try {
        for await (const ev of readEvents(chunksOf(reader))) {
          lastId = ev.id ?? lastId;
          const ended = applyEvent(ev, phases);
          redraw();
          if (ended) {
            await refresh();
            break;
          }
          dirty = true;
        }
      } catch (err) {
        if (!both.aborted) throw err;
      } finally {
        both.removeEventListener("abort", cancel);
        cancel();
      }
      if (failure) throw failure;
      if (signal?.aborted) throw signal.reason ?? new Error("aborted");
      if (RUN_TERMINAL.has(current().status) || stop.signal.aborted) break;
      await refresh();
      if (RUN_TERMINAL.has(current().status)) break;
      // The stream ended but the run did not: reconnect, then give up and poll.
      if (++reconnects > MAX_RECONNECTS) break;
      const again = await openLive(client, runId, both, lastId);
      if (!again.response) break;
      res = again.response;
    }
  } finally {
    clearInterval(timer);
    stop.abort();
  }
  if (failure) throw failure;
  return current();
}

/** @param {ReadableStreamDefaultReader<Uint8Array>} reader */
async function* chunksOf(reader) {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
