/**
 * RunLive: a run's live traces. Each object plays one or both of two roles
 * (src/live/shards.ts):
 *
 * - Hub (shard 0, named by the run id): sequences every delta of the run
 *   (`delta_seq`, increasing, never reused), keeps them for replay, folds
 *   them into the live set, and streams them to followers over hibernating
 *   WebSockets or Server-Sent Events. A follower that reconnects with its
 *   last position gets exactly the deltas after it, each once; deltas of
 *   attempts that ended more than RETAIN_MS ago are compacted away, and a
 *   follower older than that starts again from a snapshot.
 * - Owner (the shard an attempt's seq maps to): holds its attempts' deltas
 *   (their steps while they run) and, for agent attempts, their dispatch,
 *   token state and deadline. It ends an agent attempt on the runner's
 *   result or, at its deadline, as timed_out: the trace to R2 as JSONL, the
 *   attempt row, the gate slot. A shard that is not the hub forwards its
 *   deltas to the hub in batches (one call in flight, the rest queued behind
 *   it), and answers a post only once the hub has stored it.
 *
 * Everything that must survive eviction is in the object's SQLite; the
 * live set is also kept in memory for speed. I/O: its SQLite, R2 (traces),
 * D1 and the RunGate through recordAgentEnd.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { AttemptOutcome, AttemptSlot } from "../../src/db/attempts";
import { scrub } from "../../src/domain/scrub";
import { DeltaEvent, DeltaInput, HeaderEvent, RunnerEvent, type Delta, type Message } from "../../src/live/deltas";
import { applyDelta, catchUp, countByPhase, etagMatches, liveSetEtag, type LiveAttempt } from "../../src/live/live-set";
import { ResultBody } from "../../src/runner/protocol";
import { MAX_ARTIFACTS } from "../../src/storage/artifacts";
import { traceKey, turnsOf, writeTrace } from "../../src/storage/traces";
import type { Env } from "../env";
import { readRunStatus } from "../../src/db/run-status";
import { agentContext, agentHolder, recordAgentEnd } from "../queue/agent-attempt";
import { gateFor } from "../queue/gate";
import { liveStub, type Where } from "./live-client";
import { deleteKeys, insertRows } from "./sql-rows";

/** Deltas of an ended attempt stay replayable this long. */
export const RETAIN_MS = 10 * 60_000;
/** A live attempt silent this long past its deadline is dropped from the live set as lost. */
export const LOST_GRACE_MS = 60_000;
/** An agent attempt stuck mid-end (the object died writing it) is ended timed_out after its deadline plus this. */
const ENDING_GRACE_MS = 60_000;
/** Bytes of JSON per WebSocket frame at most (a replay is split). */
const FRAME_BYTES = 256 * 1024;
const SSE_HEARTBEAT_MS = 15_000;
const PROTOCOL = "assay.live.v1";

const WhereSchema = z.object({ run_id: z.string().min(1).max(100), shard: z.number().int().min(0).max(63), shards: z.number().int().min(1).max(64) });
const Slot = z.object({
  runId: z.string(),
  seq: z.number().int(),
  benchmarkId: z.string(),
  target: z.enum(["a", "b"]),
  memberKey: z.string(),
  memberIndex: z.number().int(),
  rowIndex: z.number().int(),
  taskDigest: z.string(),
  subset: z.string().nullable(),
  attemptIndex: z.number().int(),
});
const MAX_POST = 5_000;
const PostInput = z.object({ where: WhereSchema, deltas: z.array(DeltaInput).max(MAX_POST) });
const Stamped = z.object({ attempt_id: z.string().min(1).max(200), event: DeltaEvent, at: z.string(), turn_index: z.number().int().min(0).optional() });
type Stamped = z.infer<typeof Stamped>;
const ForwardInput = z.object({ where: WhereSchema, items: z.array(Stamped).max(20_000) });
const Call = z.object({ where: WhereSchema, attempt_id: z.string().min(1).max(200), dispatch: z.string().min(1).max(100) });
const BeginInput = Call.extend({ deadline_ms: z.number().int(), tries: z.number().int().min(1), slot: Slot, header: HeaderEvent });
const EventsInput = Call.extend({ events: z.array(RunnerEvent).min(1).max(100) });
const ArtifactInput = Call.extend({ is_new: z.boolean() });
const ResultInput = Call.extend({ result: ResultBody });
const FailInput = Call.extend({ status: z.enum(["failed", "timed_out"]), error: z.string().max(4000) });
const AbandonInput = Call.extend({ error: z.string().max(4000) });
const OriginInput = z.object({ run_id: z.string().min(1).max(100), origin: z.url().max(2000) });

/** Why a runner call was refused: the attempt is over (or was never this dispatch's), or it has too many artifacts. */
export type Refusal = { ok: false; reason: "not_live" | "too_many" };
export type Accepted = { ok: true };

/** The live set as pollers and new followers get it. */
export interface LiveSetBody {
  type: "live_set";
  delta_seq: number;
  count: number;
  by_phase: Record<string, number>;
  items: LiveAttempt[];
}

/** What a live object knows of an agent attempt it owns. */
interface Owned {
  id: string;
  seq: number;
  state: "live" | "ending" | "ended";
  dispatch: string;
  deadline: number;
  turns: number;
  artifacts: number;
  info: string;
}

interface OwnedInfo {
  slot: AttemptSlot;
  started_at: string;
  tries: number;
}

/** A verdict that ends an agent attempt. */
interface Verdict {
  status: AttemptOutcome["status"];
  reward: number | null;
  structured: Record<string, unknown> | null;
  exit_code: number | null;
  error: string | null;
  output: string | null;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (e: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((a, b) => {
    resolve = a;
    reject = b;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}

const enc = new TextEncoder();

function sseEvent(event: string, data: string, id?: number): Uint8Array {
  return enc.encode(`${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${data}\n\n`);
}

/** JSON arrays of at most FRAME_BYTES each (one delta may exceed it alone). */
function frames(bodies: string[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const b of bodies) {
    if (part.length && size + b.length + 1 > FRAME_BYTES) {
      out.push(`[${part.join(",")}]`);
      part = [];
      size = 2;
    }
    part.push(b);
    size += b.length + 1;
  }
  if (part.length) out.push(`[${part.join(",")}]`);
  return out;
}

function lastAssistantText(deltas: readonly Delta[]): string | null {
  for (let i = deltas.length - 1; i >= 0; i--) {
    const d = deltas[i]!;
    if (d.kind !== "turn") continue;
    for (let j = d.messages.length - 1; j >= 0; j--) {
      const m: Message = d.messages[j]!;
      if (m.role === "assistant" && typeof m.content === "string" && m.content) return m.content;
    }
  }
  return null;
}

export class RunLive extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private where: Where | null = null;
  private lastSeq = 0;
  private prunedThrough = 0;
  private origin_: string | null = null;
  private live = new Map<string, LiveAttempt>();
  private sse = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private outbox: { items: Stamped[]; done: Deferred } | null = null;
  private forwarding = false;
  /** The alarm as last set by this instance (undefined: not read yet). */
  private alarmAt: number | null | undefined = undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS deltas (seq INTEGER PRIMARY KEY, attempt TEXT NOT NULL, body TEXT NOT NULL)`);
    this.sql.exec(`CREATE INDEX IF NOT EXISTS deltas_by_attempt ON deltas (attempt, seq)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS live (id TEXT PRIMARY KEY, summary TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS ended (id TEXT PRIMARY KEY, at INTEGER NOT NULL, last_seq INTEGER NOT NULL)`);
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS owned (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, state TEXT NOT NULL, dispatch TEXT NOT NULL,
         deadline INTEGER NOT NULL, turns INTEGER NOT NULL, artifacts INTEGER NOT NULL, info TEXT NOT NULL)`,
    );
    for (const r of this.sql.exec<{ k: string; v: string }>(`SELECT k, v FROM meta`)) {
      if (r.k === "where") this.where = JSON.parse(r.v) as Where;
      else if (r.k === "last_seq") this.lastSeq = Number(r.v);
      else if (r.k === "pruned_through") this.prunedThrough = Number(r.v);
      else if (r.k === "origin") this.origin_ = r.v;
    }
    // The live table holds who is live (written on a header and an end only); their counts are folded again from their deltas.
    for (const r of this.sql.exec<{ id: string; summary: string }>(`SELECT id, summary FROM live`).toArray()) {
      let a: LiveAttempt | null | undefined = JSON.parse(r.summary) as LiveAttempt;
      for (const d of this.deltasOf(r.id)) a = applyDelta(a ?? undefined, d) ?? a;
      if (a) this.live.set(r.id, a);
    }
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  // ------------------------------------------------------------ identity and helpers

  private setMeta(k: string, v: string): void {
    this.sql.exec(`INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, k, v);
  }

  private know(where: Where): void {
    if (this.where && this.where.shard === where.shard && this.where.shards === where.shards) return;
    this.where = where;
    this.setMeta("where", JSON.stringify(where));
  }

  private get isHub(): boolean {
    return (this.where?.shard ?? 0) === 0;
  }

  private async ensureAlarm(at: number): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    this.alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }

  private owned(id: string): Owned | null {
    return this.sql.exec<Owned & Record<string, string | number>>(`SELECT * FROM owned WHERE id = ?`, id).toArray()[0] ?? null;
  }

  private liveOwned(c: { attempt_id: string; dispatch: string }, now = Date.now()): Owned | null {
    const o = this.owned(c.attempt_id);
    return o && o.state === "live" && o.dispatch === c.dispatch && o.deadline > now ? o : null;
  }

  private setState(id: string, state: Owned["state"]): void {
    this.sql.exec(`UPDATE owned SET state = ? WHERE id = ?`, state, id);
  }

  /** Stamps events of one attempt in arrival order: time, and turn indices for attempts this object owns. */
  private stamp(attemptId: string, events: DeltaEvent[], at = new Date().toISOString()): Stamped[] {
    const o = this.owned(attemptId);
    let turns = o?.turns ?? 0;
    const out = events.map((event) => (event.kind === "turn" ? { attempt_id: attemptId, event, at, turn_index: turns++ } : { attempt_id: attemptId, event, at }));
    if (o && turns !== o.turns) this.sql.exec(`UPDATE owned SET turns = ? WHERE id = ?`, turns, attemptId);
    return out;
  }

  // ------------------------------------------------------------ storing and sequencing

  /** Stores deltas as the attempts' owner; the hub also sequences and streams them, a shard forwards them. */
  private async accept(items: Stamped[]): Promise<void> {
    if (!items.length) return;
    if (this.isHub) {
      this.ingest(items);
      return;
    }
    this.store(items);
    await this.toHub(items);
  }

  /** A shard's own copy of its attempts' deltas (their steps while they run, their trace when they end). */
  private store(items: Stamped[]): void {
    const now = Date.now();
    if (this.write(items, now).ended) void this.ensureAlarm(now + RETAIN_MS);
  }

  /**
   * Sequences items and writes them in a few multi-row statements: the
   * deltas, and per attempt the last word on whether it ended (an end
   * records it; a retry's header makes it live again, its deltas no longer
   * to be compacted). Returns the sequenced deltas, their JSON, and whether
   * any attempt ended (the caller sets the alarm that compacts them).
   */
  private write(items: Stamped[], now: number): { deltas: Delta[]; bodies: string[]; ended: boolean } {
    const deltas: Delta[] = [];
    const bodies: string[] = [];
    const rows: SqlStorageValue[][] = [];
    const ended = new Map<string, number | null>();
    for (const it of items) {
      const seq = ++this.lastSeq;
      const d = { ...it.event, attempt_id: it.attempt_id, at: it.at, delta_seq: seq, ...(it.turn_index !== undefined ? { turn_index: it.turn_index } : {}) } as Delta;
      const body = JSON.stringify(d);
      rows.push([seq, it.attempt_id, body]);
      if (d.kind === "end") ended.set(it.attempt_id, seq);
      else if (d.kind === "header" && d.try > 1) ended.set(it.attempt_id, null);
      deltas.push(d);
      bodies.push(body);
    }
    insertRows(this.sql, `INSERT INTO deltas (seq, attempt, body)`, rows);
    const gone = [...ended].filter(([, seq]) => seq === null).map(([id]) => id);
    deleteKeys(this.sql, "ended", "id", gone);
    const ends = [...ended].filter(([, seq]) => seq !== null).map(([id, seq]) => [id, now, seq]);
    insertRows(this.sql, `INSERT INTO ended (id, at, last_seq)`, ends, `ON CONFLICT (id) DO UPDATE SET at = excluded.at, last_seq = excluded.last_seq`);
    this.setMeta("last_seq", String(this.lastSeq));
    return { deltas, bodies, ended: ends.length > 0 };
  }

  /** The hub: sequence, store, fold into the live set, stream. Synchronous, so deltas leave in the order they were sequenced. */
  private ingest(items: Stamped[]): Delta[] {
    const now = Date.now();
    const { deltas, bodies, ended } = this.write(items, now);
    const joined = new Map<string, LiveAttempt | null>();
    let wake: number | null = ended ? now + RETAIN_MS : null;
    for (const d of deltas) {
      const next = applyDelta(this.live.get(d.attempt_id), d);
      if (next === null) {
        this.live.delete(d.attempt_id);
        joined.set(d.attempt_id, null);
      } else if (next) {
        this.live.set(d.attempt_id, next);
        if (d.kind === "header") joined.set(d.attempt_id, next);
      }
      if (d.kind === "header") wake = Math.min(wake ?? Infinity, Date.parse(d.deadline_at) + LOST_GRACE_MS);
    }
    // Membership is written once per arrival and once per departure; counts live in memory (rebuilt from deltas on wake).
    const left = [...joined].filter(([, a]) => a === null).map(([id]) => id);
    deleteKeys(this.sql, "live", "id", left);
    const arrived = [...joined].filter(([, a]) => a !== null).map(([id, a]) => [id, JSON.stringify(a)]);
    insertRows(this.sql, `INSERT INTO live (id, summary)`, arrived, `ON CONFLICT (id) DO UPDATE SET summary = excluded.summary`);
    this.broadcast(bodies, deltas);
    if (wake !== null && Number.isFinite(wake)) void this.ensureAlarm(wake);
    return deltas;
  }

  private broadcast(bodies: string[], deltas: Delta[]): void {
    if (!bodies.length) return;
    const sockets = this.ctx.getWebSockets();
    if (sockets.length) {
      const fs = frames(bodies);
      for (const ws of sockets) {
        for (const f of fs) {
          try {
            ws.send(f);
          } catch {
            /* closing; webSocketClose cleans up */
          }
        }
      }
    }
    if (this.sse.size) {
      const chunks = deltas.map((d, i) => sseEvent("delta", bodies[i]!, d.delta_seq));
      for (const w of this.sse) for (const c of chunks) this.sseWrite(w, c);
    }
  }

  /** Queues items for the hub; resolves once the hub has stored the batch holding them. */
  private toHub(items: Stamped[]): Promise<void> {
    if (!this.outbox) this.outbox = { items: [], done: deferred() };
    this.outbox.items.push(...items);
    const done = this.outbox.done.promise;
    if (!this.forwarding) void this.pump();
    return done;
  }

  private async pump(): Promise<void> {
    this.forwarding = true;
    try {
      while (this.outbox) {
        const batch = this.outbox;
        this.outbox = null;
        try {
          await liveStub(this.env, this.where!.run_id, 0).forward({ where: { ...this.where!, shard: 0 }, items: batch.items });
          batch.done.resolve();
        } catch (err) {
          batch.done.reject(err);
        }
      }
    } finally {
      this.forwarding = false;
    }
  }

  /** The deltas this object holds for the latest try of one attempt (from its last header), in order. */
  private deltasOf(id: string): Delta[] {
    const all = this.sql.exec<{ body: string }>(`SELECT body FROM deltas WHERE attempt = ? ORDER BY seq`, id).toArray().map((r) => JSON.parse(r.body) as Delta);
    let from = 0;
    all.forEach((d, i) => {
      if (d.kind === "header") from = i;
    });
    return all.slice(from);
  }

  // ------------------------------------------------------------ RPC: the inline executor and shards

  /** Deltas from the inline executor (any kind, several attempts). */
  async post(input: z.output<typeof PostInput>): Promise<{ accepted: number }> {
    // Only this Worker's own executor calls post, with deltas typed at compile time; parsing every delta again
    // cost a few percent of a run's CPU. Runners' events are parsed where they come in (events()).
    const where = WhereSchema.parse(input.where);
    const deltas = input.deltas;
    if (deltas.length > MAX_POST) throw new Error(`at most ${MAX_POST} deltas per post`);
    this.know(where);
    const items = deltas.map((d) => ({ attempt_id: d.attempt_id, event: d.event, at: d.at ?? new Date().toISOString(), ...(d.event.kind === "turn" ? { turn_index: 0 } : {}) }));
    await this.accept(items);
    return { accepted: items.length };
  }

  /** A shard's batch, to sequence and stream (hub only). */
  async forward(input: z.output<typeof ForwardInput>): Promise<{ last_seq: number }> {
    // From a shard of this run, which stored the items itself (already checked as they came in).
    const where = WhereSchema.parse(input.where);
    const items = input.items;
    this.know(where);
    this.ingest(items);
    return { last_seq: this.lastSeq };
  }

  // ------------------------------------------------------------ RPC: agent attempts

  /** Registers a dispatch of an agent attempt and announces it; refused while another dispatch of it is running. */
  async begin(input: z.input<typeof BeginInput>): Promise<Accepted | Refusal> {
    const b = BeginInput.parse(input);
    this.know(b.where);
    const now = Date.now();
    const o = this.owned(b.attempt_id);
    if (o && o.state !== "ended" && o.deadline + ENDING_GRACE_MS > now) return { ok: false, reason: "not_live" };
    const info: OwnedInfo = { slot: b.slot as AttemptSlot, started_at: b.header.started_at, tries: b.tries };
    this.sql.exec(
      `INSERT INTO owned (id, seq, state, dispatch, deadline, turns, artifacts, info) VALUES (?, ?, 'live', ?, ?, 0, 0, ?)
       ON CONFLICT (id) DO UPDATE SET state = 'live', dispatch = excluded.dispatch, deadline = excluded.deadline, turns = 0, artifacts = 0, info = excluded.info`,
      b.attempt_id,
      b.slot.seq,
      b.dispatch,
      b.deadline_ms,
      JSON.stringify(info),
    );
    // A re-dispatched attempt starts a fresh trace.
    this.sql.exec(`DELETE FROM ended WHERE id = ?`, b.attempt_id);
    if (!this.isHub) this.sql.exec(`DELETE FROM deltas WHERE attempt = ?`, b.attempt_id);
    await this.ensureAlarm(b.deadline_ms);
    await this.accept(this.stamp(b.attempt_id, [b.header]));
    return { ok: true };
  }

  /** Whether a runner's dispatch of an attempt may still call back. */
  async check(input: z.input<typeof Call>): Promise<Accepted | Refusal> {
    const c = Call.parse(input);
    this.know(c.where);
    return this.liveOwned(c) ? { ok: true } : { ok: false, reason: "not_live" };
  }

  private async scrubbed<T>(value: T): Promise<T> {
    const ctx = await agentContext(this.env, this.where!.run_id).catch(() => null);
    const text = JSON.stringify(value);
    const clean = scrub(text, ctx?.secretValues ?? []);
    return clean === text ? value : (JSON.parse(clean) as T);
  }

  /** A runner's events, in order. */
  async events(input: z.input<typeof EventsInput>): Promise<(Accepted & { accepted: number }) | Refusal> {
    const e = EventsInput.parse(input);
    this.know(e.where);
    if (!this.liveOwned(e)) return { ok: false, reason: "not_live" };
    const events = await this.scrubbed(e.events);
    // The attempt may have ended while secrets were being read.
    if (!this.liveOwned(e)) return { ok: false, reason: "not_live" };
    await this.accept(this.stamp(e.attempt_id, events));
    return { ok: true, accepted: events.length };
  }

  /** Room for one more artifact (a new name counts against MAX_ARTIFACTS; a replaced one does not). */
  async artifact(input: z.input<typeof ArtifactInput>): Promise<Accepted | Refusal> {
    const a = ArtifactInput.parse(input);
    this.know(a.where);
    const o = this.liveOwned(a);
    if (!o) return { ok: false, reason: "not_live" };
    if (!a.is_new) return { ok: true };
    if (o.artifacts >= MAX_ARTIFACTS) return { ok: false, reason: "too_many" };
    this.sql.exec(`UPDATE owned SET artifacts = artifacts + 1 WHERE id = ?`, a.attempt_id);
    return { ok: true };
  }

  /** The runner's verifier result: ends the attempt (first one wins). A stopped run takes no more results. */
  async result(input: z.input<typeof ResultInput>): Promise<(Accepted & { status: string; reward: number | null }) | Refusal> {
    const r = ResultInput.parse(input);
    this.know(r.where);
    if (!this.liveOwned(r)) return { ok: false, reason: "not_live" };
    const run = await readRunStatus(this.env.DB, r.where.run_id);
    const o = this.liveOwned(r);
    if (!o) return { ok: false, reason: "not_live" };
    if (run !== "running" && run !== "queued") {
      await this.cancelOwned([o]);
      return { ok: false, reason: "not_live" };
    }
    const v = r.result;
    const status = v.error ? "failed" : "succeeded";
    await this.endAgent(o, { status, reward: v.reward, structured: v.structured, exit_code: v.exit_code, error: v.error, output: v.output });
    return { ok: true, status, reward: v.reward };
  }

  /** A dispatch that cannot succeed (refused by the runner, misconfigured): the attempt ends with the error. */
  async fail(input: z.input<typeof FailInput>): Promise<Accepted | Refusal> {
    const f = FailInput.parse(input);
    this.know(f.where);
    const o = this.owned(f.attempt_id);
    if (!o || o.state !== "live" || o.dispatch !== f.dispatch) return { ok: false, reason: "not_live" };
    await this.endAgent(o, { status: f.status, reward: null, structured: null, exit_code: null, error: f.error, output: null });
    return { ok: true };
  }

  /** A dispatch that will be retried: it leaves the live set without an attempt row. */
  async abandon(input: z.input<typeof AbandonInput>): Promise<Accepted | Refusal> {
    const a = AbandonInput.parse(input);
    this.know(a.where);
    const o = this.owned(a.attempt_id);
    if (!o || o.state !== "live" || o.dispatch !== a.dispatch) return { ok: false, reason: "not_live" };
    this.setState(o.id, "ended");
    await this.accept(this.stamp(o.id, [{ kind: "end", status: "retrying", reward: null, error: a.error }]));
    return { ok: true };
  }

  /**
   * The run was stopped: its running agent attempts end here (no row: in a
   * stopped run an attempt without a row is cancelled), their slots go back,
   * and the hub empties the live set.
   */
  async cancel(input: { where: Where }): Promise<{ cancelled: number }> {
    this.know(WhereSchema.parse(input.where));
    const owned = this.sql.exec<Owned & Record<string, string | number>>(`SELECT * FROM owned WHERE state = 'live'`).toArray();
    await this.cancelOwned(owned);
    let n = owned.length;
    if (this.isHub && this.live.size) {
      const at = new Date().toISOString();
      n += this.ingest([...this.live.keys()].map((id) => ({ attempt_id: id, event: { kind: "end" as const, status: "cancelled" as const, reward: null, error: "the run was stopped" }, at }))).length;
    }
    return { cancelled: n };
  }

  private async cancelOwned(list: Owned[]): Promise<void> {
    for (const o of list) this.setState(o.id, "ended");
    const items = list.flatMap((o) => this.stamp(o.id, [{ kind: "end", status: "cancelled", reward: null, error: "the run was stopped" }]));
    await this.accept(items);
    const gate = gateFor(this.env, this.where!.run_id);
    for (const o of list) await gate.release({ holder: agentHolder(o.id), slots: 1, attempts: [o.id] });
  }

  /**
   * Ends an agent attempt: its trace (scrubbed) to R2, its row, its slot,
   * then the end delta. Marked `ending` first so a second verdict is
   * refused meanwhile; put back to live if the writes fail, so the runner
   * can post its result again.
   */
  private async endAgent(o: Owned, v: Verdict): Promise<void> {
    this.setState(o.id, "ending");
    try {
      const info = JSON.parse(o.info) as OwnedInfo;
      const ctx = await agentContext(this.env, this.where!.run_id).catch(() => null);
      const secrets = ctx?.secretValues ?? [];
      const deltas = this.deltasOf(o.id);
      const at = new Date();
      const end: DeltaEvent = { kind: "end", status: v.status, reward: v.reward, error: v.error ? scrub(v.error, secrets) : null };
      const turns = turnsOf(deltas);
      const key = traceKey(info.slot.runId, info.slot.seq, o.dispatch);
      const lines = [...deltas.map((d) => JSON.stringify(d)), JSON.stringify({ ...end, attempt_id: o.id, at: at.toISOString() })];
      await writeTrace(this.env.ARTIFACTS, key, scrub(lines.join("\n") + "\n", secrets), turns.length);
      const sum = (f: (u: { input_tokens: number | null; output_tokens: number | null }) => number | null) => {
        const xs = turns.map((t) => (t.usage ? f(t.usage) : null)).filter((x): x is number => x !== null);
        return xs.length ? xs.reduce((a, b) => a + b, 0) : null;
      };
      const structured = v.structured ? (JSON.parse(scrub(JSON.stringify(v.structured), secrets)) as Record<string, unknown>) : null;
      const output = v.output ?? lastAssistantText(deltas);
      const outcome: AttemptOutcome = {
        seq: info.slot.seq,
        status: v.status,
        reward: v.reward,
        structured,
        output: output === null ? null : scrub(output, secrets),
        reason: typeof structured?.judge_summary === "string" ? structured.judge_summary : null,
        error: end.error,
        exit_code: v.exit_code,
        tries: info.tries,
        input_tokens: sum((u) => u.input_tokens),
        output_tokens: sum((u) => u.output_tokens),
        cost: null,
        latency_ms: Math.max(0, at.getTime() - Date.parse(info.started_at)),
        transcript_key: key,
        started_at: info.started_at,
        finished_at: at.toISOString(),
      };
      await recordAgentEnd(this.env, info.slot, outcome, secrets);
      this.setState(o.id, "ended");
      await this.accept(this.stamp(o.id, [end], at.toISOString()));
    } catch (err) {
      this.setState(o.id, "live");
      throw err;
    }
  }

  // ------------------------------------------------------------ RPC: readers

  /** An attempt's deltas while this object holds them (live, or ended within the replay window). */
  async attemptDeltas(input: { where: Where; attempt_id: string }): Promise<{ live: boolean; deltas: string[] }> {
    const where = WhereSchema.parse(input.where);
    this.know(where);
    const id = z.string().max(200).parse(input.attempt_id);
    const deltas = this.deltasOf(id);
    const ended = deltas.some((d) => d.kind === "end");
    return { live: deltas.length > 0 && !ended, deltas: deltas.map((d) => JSON.stringify(d)) };
  }

  /** The live set, or nothing when `ifNoneMatch` names its current tag (hub only). */
  async liveSet(input: { where: Where; if_none_match?: string | null }): Promise<{ etag: string; body: LiveSetBody | null }> {
    this.know(WhereSchema.parse(input.where));
    const etag = liveSetEtag(this.lastSeq);
    if (etagMatches(input.if_none_match, etag)) return { etag, body: null };
    return { etag, body: this.snapshot() };
  }

  private snapshot(): LiveSetBody {
    const items = [...this.live.values()].sort((a, b) => a.seq - b.seq);
    return { type: "live_set", delta_seq: this.lastSeq, count: items.length, by_phase: countByPhase(items), items };
  }

  /** The origin runners call back, as recorded when the run started. */
  async origin(): Promise<string | null> {
    return this.origin_;
  }

  async rememberOrigin(input: z.input<typeof OriginInput>): Promise<void> {
    const { origin } = OriginInput.parse(input);
    const o = new URL(origin).origin;
    if (o === this.origin_) return;
    this.origin_ = o;
    this.setMeta("origin", o);
  }

  // ------------------------------------------------------------ followers

  /**
   * A follower (hub only): `GET /follow?after_seq=N` as a WebSocket upgrade
   * or with `Accept: text/event-stream`. Catching up and joining the stream
   * happen in one synchronous step, so no delta falls between them.
   */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const where = WhereSchema.safeParse({ run_id: url.searchParams.get("run"), shard: 0, shards: Number(url.searchParams.get("shards") ?? 1) });
    if (!where.success) return new Response("bad follow request", { status: 400 });
    this.know(where.data);
    const raw = url.searchParams.get("after_seq") ?? request.headers.get("last-event-id");
    const after = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
    if (request.headers.get("upgrade")?.toLowerCase() === "websocket") return this.openSocket(request, after);
    return this.openStream(after);
  }

  private catchUpBodies(after: number | null): { snapshot: string | null; bodies: string[]; seqs: number[] } {
    if (catchUp(after, this.prunedThrough, this.lastSeq) === "snapshot") return { snapshot: JSON.stringify(this.snapshot()), bodies: [], seqs: [] };
    const rows = this.sql.exec<{ seq: number; body: string }>(`SELECT seq, body FROM deltas WHERE seq > ? ORDER BY seq`, after!).toArray();
    return { snapshot: null, bodies: rows.map((r) => r.body), seqs: rows.map((r) => r.seq) };
  }

  private openSocket(request: Request, after: number | null): Response {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const c = this.catchUpBodies(after);
    if (c.snapshot) server.send(c.snapshot);
    for (const f of frames(c.bodies)) server.send(f);
    server.send(JSON.stringify({ type: "ready", delta_seq: this.lastSeq }));
    const offered = (request.headers.get("sec-websocket-protocol") ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    const headers = new Headers();
    const chosen = offered.includes(PROTOCOL) ? PROTOCOL : offered.find((p) => !p.startsWith("bearer."));
    if (chosen) headers.set("sec-websocket-protocol", chosen);
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  private openStream(after: number | null): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const c = this.catchUpBodies(after);
    this.sseWrite(writer, enc.encode(`retry: 1000\n\n`));
    if (c.snapshot) this.sseWrite(writer, sseEvent("live_set", c.snapshot));
    c.bodies.forEach((b, i) => this.sseWrite(writer, sseEvent("delta", b, c.seqs[i])));
    this.sseWrite(writer, sseEvent("ready", JSON.stringify({ type: "ready", delta_seq: this.lastSeq })));
    this.sse.add(writer);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const w of this.sse) this.sseWrite(w, enc.encode(`: keep-alive\n\n`));
        if (!this.sse.size && this.heartbeat) {
          clearInterval(this.heartbeat);
          this.heartbeat = null;
        }
      }, SSE_HEARTBEAT_MS);
    }
    return new Response(readable, {
      status: 200,
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
    });
  }

  private sseWrite(w: WritableStreamDefaultWriter<Uint8Array>, chunk: Uint8Array): void {
    w.write(chunk).catch(() => {
      this.sse.delete(w);
      w.abort().catch(() => {});
    });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Followers may send {"type":"ping"}; anything else (follow hints) needs no answer.
    if (typeof message === "string" && message.includes('"ping"')) ws.send(JSON.stringify({ type: "pong", delta_seq: this.lastSeq }));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      /* already closed */
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, "error");
    } catch {
      /* already closed */
    }
  }

  // ------------------------------------------------------------ alarm

  /** Ends overdue agent attempts, drops lost ones from the live set, compacts ended attempts' deltas, then sleeps until the next due time. */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const now = Date.now();
    if (this.where) {
      const overdue = this.sql
        .exec<Owned & Record<string, string | number>>(
          `SELECT * FROM owned WHERE (state = 'live' AND deadline <= ?) OR (state = 'ending' AND deadline + ? <= ?)`,
          now,
          ENDING_GRACE_MS,
          now,
        )
        .toArray();
      for (const o of overdue) {
        const timeout = Math.round((o.deadline - Date.parse((JSON.parse(o.info) as OwnedInfo).started_at)) / 1000);
        try {
          await this.endAgent(o, { status: "timed_out", reward: null, structured: null, exit_code: null, error: `the runner did not report a result within the attempt's timeout (${timeout} s)`, output: null });
        } catch (err) {
          console.error(`ending ${o.id} at its timeout failed:`, err instanceof Error ? err.message : err);
        }
      }
      if (this.isHub) {
        const lost = [...this.live.values()].filter((a) => Date.parse(a.deadline_at) + LOST_GRACE_MS <= now);
        if (lost.length) {
          const at = new Date(now).toISOString();
          this.ingest(lost.map((a) => ({ attempt_id: a.attempt_id, event: { kind: "end", status: "lost", reward: null, error: "no news of this attempt since well past its deadline" }, at })));
        }
      }
    }
    this.compact(now);
    await this.scheduleNext(now);
  }

  /** Drops the deltas of attempts that ended more than RETAIN_MS ago. */
  private compact(now: number): void {
    const old = this.sql.exec<{ id: string; last_seq: number }>(`SELECT id, last_seq FROM ended WHERE at <= ? LIMIT 5000`, now - RETAIN_MS).toArray();
    if (!old.length) return;
    let through = this.prunedThrough;
    for (const r of old) {
      this.sql.exec(`DELETE FROM deltas WHERE attempt = ?`, r.id);
      this.sql.exec(`DELETE FROM ended WHERE id = ?`, r.id);
      this.sql.exec(`DELETE FROM owned WHERE id = ? AND state = 'ended'`, r.id);
      through = Math.max(through, r.last_seq);
    }
    this.prunedThrough = through;
    this.setMeta("pruned_through", String(through));
  }

  private async scheduleNext(now: number): Promise<void> {
    const times: number[] = [];
    const owned = this.sql.exec<{ t: number | null }>(`SELECT min(CASE WHEN state = 'live' THEN deadline ELSE deadline + ? END) AS t FROM owned WHERE state IN ('live', 'ending')`, ENDING_GRACE_MS).one();
    if (owned.t !== null) times.push(owned.t);
    const ended = this.sql.exec<{ t: number | null }>(`SELECT min(at) AS t FROM ended`).one();
    if (ended.t !== null) times.push(ended.t + RETAIN_MS);
    for (const a of this.live.values()) times.push(Date.parse(a.deadline_at) + LOST_GRACE_MS);
    if (!times.length) return;
    const next = Math.max(now + 1_000, Math.min(...times));
    this.alarmAt = next;
    await this.ctx.storage.setAlarm(next);
  }
}

