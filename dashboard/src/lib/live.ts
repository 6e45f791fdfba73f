/**
 * Following a run's live attempts: the live set (phase, dispatch time, turn
 * and token counts) and, for one attempt at a time, its turns as deltas
 * arrive. Events come over the run's WebSocket (GET /api/eval-runs/{id}/live)
 * or, where that cannot be opened, from polling /live-set once a second
 * with If-None-Match so an unchanged set transfers nothing. What the socket
 * carries is defined once, in src/live (frames.ts: arrays of deltas, the
 * live-set snapshot, ready and pong; deltas.ts: each delta by its `kind`),
 * and read here by those types, field for field. The live set and the
 * stored steps are read through the typed client; the WebSocket stays a
 * WebSocket (openapi-fetch speaks request/response only, and a browser's
 * WebSocket cannot carry an Authorization header, hence the subprotocol).
 */
import type { Delta, Message as WireMessage, Usage } from "../../../src/live/deltas";
import type { FollowerMessage, LiveMessage } from "../../../src/live/frames";
import type { LiveAttempt as LiveSummary } from "../../../src/live/live-set";
import { client, isUnavailable, routeExists, session, unwrap } from "./api";
import type { StepsPage } from "./types";

export interface Message {
  role: string;
  content: string;
  /** Shell commands the message asked to run (a `bash` tool call's `command`), shown as commands, not as JSON. */
  commands?: string[];
}

/** A live attempt as the run page shows it (the server's summary, src/live/live-set.ts, with times as epoch ms). */
export interface LiveAttempt {
  id: string;
  seq: number;
  benchmark_id: string;
  target: "a" | "b";
  task_key: string;
  attempt_index: number;
  phase: string;
  /** Where it runs: inline (one model call Assay makes) or on an agent runner; names its phase (src/live/phase-label.ts). */
  execution: "inline" | "agent" | null;
  dispatched_at: number;
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

/** A turn's tokens, in and out; null when the call reported no usage. */
function usageTokens(u: Usage | null): number | null {
  return u === null ? null : (u.input_tokens ?? 0) + (u.output_tokens ?? 0);
}

/**
 * A chat message as it was sent (a delta's, or a stored step's, whose
 * document types messages loosely): text, content parts or null, tool calls.
 */
type AnyMessage = Pick<WireMessage, "role" | "content" | "tool_calls" | "tool_call_id"> | ({ role: string } & Record<string, unknown>);

/** The command of a bash tool call's arguments (`{"command": "..."}`), or null when they are not that. */
function bashCommand(args: string): string | null {
  try {
    const v = JSON.parse(args) as { command?: unknown };
    return typeof v?.command === "string" ? v.command : null;
  } catch {
    return null;
  }
}

/** Chat messages as the API sends them (text, content parts or null; tool calls) in a form the viewer shows. */
function messagesOf(list: readonly AnyMessage[]): Message[] {
  return list.map((m) => {
    const o = m as Partial<WireMessage> & { role: string };
    const c = o.content;
    let content =
      typeof c === "string"
        ? c
        : Array.isArray(c)
          ? c.map((p) => (typeof p === "string" ? p : typeof (p as { text?: unknown })?.text === "string" ? (p as { text: string }).text : JSON.stringify(p))).join("\n")
          : c === null || c === undefined
            ? ""
            : JSON.stringify(c);
    const commands: string[] = [];
    if (Array.isArray(o.tool_calls)) {
      const calls: string[] = [];
      for (const t of o.tool_calls) {
        const command = t.function.name === "bash" ? bashCommand(t.function.arguments) : null;
        if (command !== null) commands.push(command);
        else calls.push(`→ ${t.function.name}(${t.function.arguments})`);
      }
      content = [content, ...calls].filter(Boolean).join("\n");
    }
    // A tool's answer reads as what it is; the provider's call id (call_b1e4…) says nothing to a reader.
    return { role: o.role === "tool" ? "tool result" : o.role, content, ...(commands.length ? { commands } : {}) };
  });
}

/** The page's row for a server summary. */
function fromSummary(a: LiveSummary): LiveAttempt {
  return {
    id: a.attempt_id,
    seq: a.seq,
    benchmark_id: a.benchmark_id,
    target: a.target,
    task_key: a.task_key,
    attempt_index: a.attempt_index,
    phase: a.phase,
    execution: a.execution,
    dispatched_at: Date.parse(a.started_at),
    turns: a.turns,
    tokens: a.tokens.input + a.tokens.output,
  };
}

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

  /** Applies one message of the live channel: a batch of deltas or a snapshot of the live set (ready and pong show nothing). */
  apply(m: LiveMessage): void {
    if (Array.isArray(m)) m.forEach((d) => this.applyDelta(d));
    else if (m.type === "live_set") this.applySnapshot(m.items);
  }

  /** One delta, folded as the server folds it (src/live/live-set.ts): a header adds the attempt, an end removes it. */
  private applyDelta(d: Delta): void {
    const id = d.attempt_id;
    let a = this.attempts.get(id);
    if (d.kind === "header" && !a) {
      a = { id, seq: d.seq, benchmark_id: d.benchmark_id, target: d.target, task_key: d.task_key, attempt_index: d.attempt_index, phase: d.phase, execution: d.execution, dispatched_at: Date.parse(d.started_at), turns: 0, tokens: 0 };
      this.attempts.set(id, a);
    }
    // A delta of an attempt the set does not hold has nothing to show (the hub's own fold ignores it too).
    if (!a) return;
    if (d.kind === "end") return this.land(id, a, { status: d.status, reward: d.reward });
    // Every live attempt keeps its turns until it lands, so opening one shows it from its first turn.
    const t = this.traceOf(id);
    if (d.kind === "header" || d.kind === "phase") {
      a.phase = d.phase;
      t.phase = d.phase;
    } else if (d.kind === "turn") {
      a.turns = Math.max(a.turns, d.turn_index + 1);
      const tokens = usageTokens(d.usage);
      if (tokens !== null) a.tokens += tokens;
      if (!t.turns.some((x) => x.index === d.turn_index)) t.turns.push({ index: d.turn_index, messages: messagesOf(d.messages), tokens, latency_ms: d.latency_ms });
      t.pending = null;
    } else {
      t.pending = messagesOf(d.messages);
    }
    this.traceChanged(id);
    this.changed();
  }

  /** An attempt that left the live set: its trace ends, and the listeners hear how it landed. */
  private land(id: string, a: LiveAttempt, landed: NonNullable<LiveAttempt["landed"]>): void {
    this.attempts.delete(id);
    a.landed = landed;
    const t = this.traces.get(id);
    if (t) {
      t.ended = true;
      t.pending = null;
      this.traceChanged(id);
    }
    if (!this.traceListeners.get(id)?.size) this.traces.delete(id);
    this.landedListeners.forEach((l) => l(a));
    this.changed();
  }

  /** The live set as a whole (a new socket's first message, or a poll): who is in it is who is live. */
  private applySnapshot(items: readonly LiveSummary[]): void {
    const seen = new Set<string>();
    for (const s of items) {
      seen.add(s.attempt_id);
      const a = this.attempts.get(s.attempt_id);
      if (!a) this.attempts.set(s.attempt_id, fromSummary(s));
      else Object.assign(a, fromSummary(s));
    }
    for (const [id, a] of this.attempts) if (!seen.has(id)) this.land(id, a, { status: "landed", reward: null });
    this.changed();
  }

  private send(msg: FollowerMessage): void {
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
        // The hub's messages, as src/live/frames.ts defines them.
        this.apply(JSON.parse(typeof m.data === "string" ? m.data : "") as LiveMessage);
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
        if (r.status !== 404 || String((error as { detail?: unknown } | undefined)?.detail ?? "").startsWith("no route")) return unavailable();
      } else if (r.ok) {
        this.available = true;
        this.etag = r.headers.get("etag");
        if (set) this.applySnapshot(set.items);
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
        const body: StepsPage = await unwrap(client.GET("/api/trials/{id}/steps", { params: { path: { id: attemptId }, query: { start_step_index: start, limit: 100 } } }));
        for (const s of body.items) {
          turns.push({ index: s.step_index, messages: messagesOf(s.messages).slice(s.new_messages_from), tokens: usageTokens(s.usage), latency_ms: s.latency_ms });
        }
        if (body.pending?.length) pending = messagesOf(body.pending);
        start = body.next_start_step_index;
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
