/**
 * Following a run's live attempts: the live set (phase, dispatch time, turn
 * and token counts) and, for one attempt at a time, its turns as deltas
 * arrive. Events come over the run's WebSocket (GET /api/eval-runs/{id}/live)
 * or, where that cannot be opened, from polling /live-set once a second
 * with If-None-Match so an unchanged set transfers nothing. Event shapes are
 * read by field, so a header, a turn delta, a phase change, a request
 * preview and a landing are told apart by what they carry. The live set and
 * the stored steps are read through the typed client; the WebSocket stays a
 * WebSocket (openapi-fetch speaks request/response only, and a browser's
 * WebSocket cannot carry an Authorization header, hence the subprotocol).
 */
import { client, isUnavailable, routeExists, session, unwrap } from "./api";

export interface Message {
  role: string;
  content: string;
}

export interface LiveAttempt {
  id: string;
  seq: number | null;
  benchmark_id: string | null;
  target: "a" | "b" | null;
  task_key: string | null;
  attempt_index: number | null;
  phase: string;
  dispatched_at: number | null;
  turns: number;
  tokens: number;
  /** Set when the attempt has landed (it leaves the live set right after). */
  landed?: { status: string; reward: number | null };
}

export interface Turn {
  index: number;
  messages: Message[];
  tokens: number | null;
  latency_ms: number | null;
}

/** One attempt's transcript as it grows; `pending` is the request in flight, not committed yet. */
export interface LiveTrace {
  turns: Turn[];
  pending: Message[] | null;
  phase: string | null;
  ended: boolean;
}

export type Transport = "websocket" | "poll" | "none";

/** Shortest time between two re-renders of the live table. */
const NOTIFY_MS = 200;

type Json = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The attempt id an event names (attempt_id, attempt, id), or from run id and seq. */
export function attemptIdOf(e: Json, runId: string): string | null {
  const id = str(e.attempt_id) ?? str(e.attempt) ?? (typeof e.id === "string" && e.id.startsWith("att_") ? e.id : null);
  if (id) return id;
  const seq = num(e.seq);
  return seq === null ? null : `att_${runId.replace(/^run_/, "")}.${seq}`;
}

function seqOf(id: string): number | null {
  const m = /\.(\d+)$/.exec(id);
  return m ? Number(m[1]) : null;
}

function timeOf(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

function tokensOf(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (v && typeof v === "object") {
    const o = v as Json;
    const total = num(o.total) ?? num(o.total_tokens);
    if (total !== null) return total;
    const a = num(o.input) ?? num(o.input_tokens) ?? num(o.prompt_tokens) ?? 0;
    const b = num(o.output) ?? num(o.output_tokens) ?? num(o.completion_tokens) ?? 0;
    return a + b;
  }
  return null;
}

/** Chat messages as the API sends them (text, content parts or null; tool calls) in a form the viewer shows. */
function messagesOf(v: unknown): Message[] {
  if (!Array.isArray(v)) return [];
  return v.map((m) => {
    const o = (m ?? {}) as Json;
    const c = o.content;
    let content =
      typeof c === "string"
        ? c
        : Array.isArray(c)
          ? c.map((p) => (typeof p === "string" ? p : (str((p as Json)?.text) ?? JSON.stringify(p)))).join("\n")
          : c === null || c === undefined
            ? ""
            : JSON.stringify(c);
    if (Array.isArray(o.tool_calls)) {
      const calls = (o.tool_calls as Json[]).map((t) => {
        const f = (t.function ?? {}) as Json;
        return `→ ${str(f.name) ?? "tool"}(${str(f.arguments) ?? ""})`;
      });
      content = [content, ...calls].filter(Boolean).join("\n");
    }
    const role = str(o.role) ?? "message";
    return { role: role === "tool" && str(o.tool_call_id) ? `tool ${o.tool_call_id}` : role, content };
  });
}

const LANDED = new Set(["succeeded", "failed", "cancelled", "timed_out", "landed", "end", "ended", "finished", "done"]);

export class LiveRun {
  readonly attempts = new Map<string, LiveAttempt>();
  private traces = new Map<string, LiveTrace>();
  private listeners = new Set<() => void>();
  private traceListeners = new Map<string, Set<() => void>>();
  private landedListeners = new Set<(a: LiveAttempt) => void>();
  private ws: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private etag: string | null = null;
  private stopped = false;
  private scheduled = false;
  transport: Transport = "none";
  /** false once both the socket and the poll endpoint are known to be missing. */
  available: boolean | null = null;
  version = 0;

  constructor(readonly runId: string) {}

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onLanded(fn: (a: LiveAttempt) => void): () => void {
    this.landedListeners.add(fn);
    return () => this.landedListeners.delete(fn);
  }

  subscribeTrace(id: string, fn: () => void): () => void {
    const set = this.traceListeners.get(id) ?? new Set();
    set.add(fn);
    this.traceListeners.set(id, set);
    this.send({ type: "follow", attempt_id: id });
    return () => {
      set.delete(fn);
      if (set.size === 0) this.send({ type: "unfollow", attempt_id: id });
    };
  }

  trace(id: string): LiveTrace | undefined {
    return this.traces.get(id);
  }

  /** Seeds a trace from the stored transcript so deltas extend it (turns already received stay). */
  seedTrace(id: string, turns: Turn[], pending: Message[] | null): void {
    const t = this.traceOf(id);
    const have = new Set(t.turns.map((x) => x.index));
    t.turns = [...turns.filter((x) => !have.has(x.index)), ...t.turns].sort((a, b) => a.index - b.index);
    if (pending && t.pending === null) t.pending = pending;
    this.traceChanged(id);
  }

  /**
   * Coalesces notifications: the table and the bars re-render at most five
   * times a second however many deltas arrive (a followed trace is told
   * about each delta on its own channel).
   */
  private changed(): void {
    this.version++;
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      requestAnimationFrame(() => {
        this.scheduled = false;
        this.listeners.forEach((l) => l());
      });
    }, NOTIFY_MS);
  }

  private traceChanged(id: string): void {
    this.traceListeners.get(id)?.forEach((l) => l());
  }

  private traceOf(id: string): LiveTrace {
    let t = this.traces.get(id);
    if (!t) {
      t = { turns: [], pending: null, phase: null, ended: false };
      this.traces.set(id, t);
    }
    return t;
  }

  private upsert(id: string, e: Json): LiveAttempt {
    let a = this.attempts.get(id);
    if (!a) {
      a = {
        id,
        seq: num(e.seq) ?? seqOf(id),
        benchmark_id: str(e.benchmark_id),
        target: e.target === "b" || e.target === "compare_target" ? "b" : e.target === "a" || e.target === "target" ? "a" : null,
        task_key: str(e.task_key) ?? str(e.member_key) ?? str(e.task),
        attempt_index: num(e.attempt_index),
        phase: str(e.phase) ?? "boot",
        dispatched_at: timeOf(e.dispatched_at) ?? timeOf(e.started_at) ?? timeOf(e.at) ?? Date.now(),
        turns: num(e.turns) ?? 0,
        tokens: tokensOf(e.tokens) ?? 0,
      };
      this.attempts.set(id, a);
    }
    return a;
  }

  /** Applies one event (or a batch / snapshot of them). */
  apply(raw: unknown): void {
    if (Array.isArray(raw)) return raw.forEach((r) => this.apply(r));
    if (!raw || typeof raw !== "object") return;
    const e = raw as Json;
    const list = (e.items ?? e.attempts ?? e.live) as unknown;
    if (Array.isArray(list) && (e.type === undefined || e.type === "snapshot" || e.type === "live_set")) {
      this.applySnapshot(list as Json[]);
      return;
    }
    if (e.type === "run" || e.type === "run_status") {
      this.changed();
      return;
    }
    const id = attemptIdOf(e, this.runId);
    if (!id) return;
    const type = str(e.type) ?? str(e.kind) ?? str(e.event) ?? "";
    const status = str(e.status);
    if (LANDED.has(type) || (status && LANDED.has(status) && type !== "phase")) {
      const a = this.attempts.get(id);
      const landed = { status: status ?? "succeeded", reward: num(e.reward) };
      const t = this.traces.get(id);
      if (t) {
        t.ended = true;
        t.pending = null;
        this.traceChanged(id);
      }
      if (!this.traceListeners.get(id)?.size) this.traces.delete(id);
      if (a) {
        a.landed = landed;
        this.attempts.delete(id);
        this.landedListeners.forEach((l) => l(a));
      } else {
        this.landedListeners.forEach((l) => l({ ...this.upsert(id, e), landed }));
        this.attempts.delete(id);
      }
      this.changed();
      return;
    }
    const a = this.upsert(id, e);
    const phase = str(e.phase);
    if (phase) a.phase = phase;
    // Every live attempt keeps its turns until it lands, so opening one shows it from its first turn.
    const t = this.traceOf(id);
    if (phase && t) t.phase = phase;
    if (type === "turn" || type === "delta" || e.turn !== undefined || (Array.isArray(e.messages) && type !== "preview" && type !== "request")) {
      const turnIndex = num(e.turn) ?? num(e.turn_index) ?? a.turns;
      a.turns = Math.max(a.turns, turnIndex + 1);
      const tok = tokensOf(e.usage) ?? tokensOf(e.tokens);
      if (tok !== null) a.tokens += tok;
      if (t) {
        if (!t.turns.some((x) => x.index === turnIndex)) t.turns.push({ index: turnIndex, messages: messagesOf(e.messages), tokens: tok, latency_ms: num(e.latency_ms) });
        t.pending = null;
      }
    } else if (type === "preview" || type === "request" || e.pending !== undefined) {
      if (t) t.pending = messagesOf(e.pending ?? e.messages);
    } else {
      const turns = num(e.turns);
      if (turns !== null) a.turns = turns;
      const tok = tokensOf(e.tokens);
      if (tok !== null) a.tokens = tok;
    }
    this.traceChanged(id);
    this.changed();
  }

  private applySnapshot(list: Json[]): void {
    const seen = new Set<string>();
    for (const e of list) {
      const id = attemptIdOf(e, this.runId);
      if (!id) continue;
      seen.add(id);
      const a = this.upsert(id, e);
      a.phase = str(e.phase) ?? a.phase;
      a.turns = num(e.turns) ?? a.turns;
      a.tokens = tokensOf(e.tokens) ?? a.tokens;
      const d = timeOf(e.dispatched_at) ?? timeOf(e.started_at);
      if (d !== null) a.dispatched_at = d;
      const pending = e.pending;
      const t = this.traces.get(id);
      if (t && pending !== undefined) {
        t.pending = pending === null ? null : messagesOf(pending);
        this.traceChanged(id);
      }
    }
    for (const [id, a] of this.attempts) {
      if (seen.has(id)) continue;
      this.attempts.delete(id);
      a.landed = { status: "landed", reward: null };
      this.landedListeners.forEach((l) => l(a));
      const t = this.traces.get(id);
      if (t) {
        t.ended = true;
        t.pending = null;
        this.traceChanged(id);
      }
      if (!this.traceListeners.get(id)?.size) this.traces.delete(id);
    }
    this.changed();
  }

  private send(msg: Json): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  /** Opens the socket where the server has one, else polls the live set, else says live is unavailable. */
  async start(): Promise<void> {
    this.stopped = false;
    const [socket, set] = await Promise.all([routeExists("GET", `/api/eval-runs/${this.runId}/live`), routeExists("GET", `/api/eval-runs/${this.runId}/live-set`)]);
    if (this.stopped) return;
    if (!socket && !set) {
      this.available = false;
      this.changed();
      return;
    }
    const key = session.key();
    if (!socket || !key || typeof WebSocket === "undefined") return void this.poll();
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let opened = false;
    try {
      // Browsers cannot set Authorization on a WebSocket: the key travels as a subprotocol.
      this.ws = new WebSocket(`${proto}//${location.host}/api/eval-runs/${this.runId}/live`, ["assay.live.v1", `bearer.${key}`]);
    } catch {
      return void this.poll();
    }
    this.ws.onopen = () => {
      opened = true;
      this.transport = "websocket";
      this.available = true;
      for (const id of this.traceListeners.keys()) this.send({ type: "follow", attempt_id: id });
      this.changed();
    };
    this.ws.onmessage = (m) => {
      try {
        this.apply(JSON.parse(typeof m.data === "string" ? m.data : ""));
      } catch {
        /* a frame that is not JSON: ignore it */
      }
    };
    this.ws.onclose = () => {
      this.ws = null;
      if (this.stopped) return;
      if (!opened) void this.poll();
      else this.timer = setTimeout(() => this.start(), 1000);
    };
    this.ws.onerror = () => {
      /* onclose follows */
    };
  }

  private async poll(): Promise<void> {
    if (this.stopped) return;
    this.transport = "poll";
    const unavailable = () => {
      this.available = false;
      this.transport = "none";
      this.changed();
    };
    try {
      // An unchanged set answers 304 with no body: openapi-fetch hands it back as an error answer, read by status.
      const { data: set, error, response: r } = await client.GET("/api/eval-runs/{id}/live-set", {
        params: { path: { id: this.runId } },
        ...(this.etag ? { headers: { "if-none-match": this.etag } } : {}),
      });
      if (r.status === 404 || r.status === 405 || r.status === 501) {
        if (r.status !== 404 || String((error as Json | undefined)?.detail ?? "").startsWith("no route")) return unavailable();
      } else if (r.ok) {
        this.available = true;
        this.etag = r.headers.get("etag");
        this.apply(set);
      }
    } catch (e) {
      if (isUnavailable(e)) return unavailable();
      /* try again */
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.poll(), document.hidden ? 3000 : 1000);
  }

  /**
   * Reads an attempt's transcript through the steps API (each step holds the
   * conversation so far; a turn is what its step added), and the request in
   * flight when the attempt is live. null when the server has no steps API.
   */
  static async storedTurns(attemptId: string): Promise<{ turns: Turn[]; pending: Message[] | null } | null> {
    try {
      const turns: Turn[] = [];
      let pending: Message[] | null = null;
      let start: number | null = 0;
      for (let pages = 0; start !== null && pages < 10; pages++) {
        const body = await unwrap(client.GET("/api/trials/{id}/steps", { params: { path: { id: attemptId }, query: { start_step_index: start, limit: 100 } } }));
        for (const s of body.items) {
          const all = messagesOf(s.messages);
          const from = num(s.new_messages_from) ?? 0;
          turns.push({ index: num(s.step_index) ?? turns.length, messages: all.slice(from), tokens: tokensOf(s.usage), latency_ms: num(s.latency_ms) });
        }
        if (Array.isArray(body.pending) && body.pending.length) pending = messagesOf(body.pending);
        start = num(body.next_start_step_index);
      }
      return { turns, pending };
    } catch {
      return null;
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
    this.listeners.clear();
    this.traceListeners.clear();
    this.landedListeners.clear();
  }
}
