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
 *
 * This class is the object's RPC surface, identity and alarm; the parts
 * are its own modules: the delta log and live set (log.ts), followers
 * (followers.ts), the line to the hub (forwarder.ts), owned agent
 * attempts (agents.ts, agent-end.ts), the RPC interface and call inputs
 * (contract.ts); its SQLite statements are src/storage/live-store.ts.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Delta } from "../../src/live/deltas";
import { etagMatches, liveSetEtag } from "../../src/live/live-set";
import type { Env } from "../env";
import { LiveAgents } from "./agents";
import { LiveFollowers } from "./followers";
import { HubForwarder } from "./forwarder";
import {
  AbandonInput,
  ArtifactInput,
  BeginInput,
  Call,
  EventsInput,
  FailInput,
  ForwardInput,
  MAX_POST,
  OriginInput,
  PostInput,
  ResultInput,
  WhereSchema,
  type Accepted,
  type LiveSetBody,
  type Refusal,
  type RunLiveRpc,
  type Stamped,
  type Where,
} from "./contract";
import { DeltaLog, RETAIN_MS } from "./log";

export class RunLive extends DurableObject<Env> implements RunLiveRpc {
  private readonly log: DeltaLog;
  private readonly agents: LiveAgents;
  private readonly followers: LiveFollowers;
  private readonly forwarder: HubForwarder;
  private where: Where | null = null;
  private origin_: string | null = null;
  /** The alarm as last set by this instance (undefined: not read yet). */
  private alarmAt: number | null | undefined = undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    this.log = new DeltaLog(sql);
    this.agents = new LiveAgents(sql, env, this.log, {
      runId: () => this.where!.run_id,
      isHub: () => this.isHub,
      accept: (items) => this.accept(items),
      ensureAlarm: (at) => this.ensureAlarm(at),
    });
    this.log.load();
    const where = this.log.getMeta("where");
    if (where !== undefined) this.where = JSON.parse(where) as Where;
    if (this.isHub) this.log.loadLive();
    this.origin_ = this.log.getMeta("origin") ?? null;
    this.followers = new LiveFollowers(ctx, this.log);
    this.forwarder = new HubForwarder(env, () => this.where!);
  }

  // ------------------------------------------------------------ identity and helpers

  private know(where: Where): void {
    if (this.where && this.where.shard === where.shard && this.where.shards === where.shards) return;
    this.where = where;
    this.log.setMeta("where", JSON.stringify(where));
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

  // ------------------------------------------------------------ storing and sequencing

  /** Stores deltas as the attempts' owner; the hub also sequences and streams them, a shard forwards them. */
  private async accept(items: Stamped[]): Promise<void> {
    if (!items.length) return;
    if (this.isHub) {
      this.ingest(items);
      return;
    }
    this.store(items);
    await this.forwarder.send(items);
  }

  /** A shard's own copy of its attempts' deltas (their steps while they run, their trace when they end). */
  private store(items: Stamped[]): void {
    const now = Date.now();
    if (this.log.write(items, now).ended) void this.ensureAlarm(now + RETAIN_MS);
  }

  /** The hub: sequence, store, fold into the live set, stream. Synchronous, so deltas leave in the order they were sequenced. */
  private ingest(items: Stamped[]): Delta[] {
    const { deltas, bodies, wake } = this.log.ingest(items, Date.now());
    this.followers.broadcast(bodies, deltas);
    if (wake !== null) void this.ensureAlarm(wake);
    return deltas;
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
    return { last_seq: this.log.lastSeq };
  }

  // ------------------------------------------------------------ RPC: agent attempts (agents.ts)

  /** Registers a dispatch of an agent attempt and announces it; refused while another dispatch of it is running. */
  async begin(input: z.input<typeof BeginInput>): Promise<Accepted | Refusal> {
    const b = BeginInput.parse(input);
    this.know(b.where);
    return this.agents.begin(b);
  }

  /** Whether a runner's dispatch of an attempt may still call back. */
  async check(input: z.input<typeof Call>): Promise<Accepted | Refusal> {
    const c = Call.parse(input);
    this.know(c.where);
    return this.agents.check(c);
  }

  /** A runner's events, in order. */
  async events(input: z.input<typeof EventsInput>): Promise<(Accepted & { accepted: number }) | Refusal> {
    const e = EventsInput.parse(input);
    this.know(e.where);
    return this.agents.events(e);
  }

  /** Room for one more artifact (a new name counts against MAX_ARTIFACTS; a replaced one does not). */
  async artifact(input: z.input<typeof ArtifactInput>): Promise<Accepted | Refusal> {
    const a = ArtifactInput.parse(input);
    this.know(a.where);
    return this.agents.artifact(a);
  }

  /** The runner's verifier result: ends the attempt (first one wins). A stopped run takes no more results. */
  async result(input: z.input<typeof ResultInput>): Promise<(Accepted & { status: string; reward: number | null }) | Refusal> {
    const r = ResultInput.parse(input);
    this.know(r.where);
    return this.agents.result(r);
  }

  /** A dispatch that cannot succeed (refused by the runner, misconfigured): the attempt ends with the error. */
  async fail(input: z.input<typeof FailInput>): Promise<Accepted | Refusal> {
    const f = FailInput.parse(input);
    this.know(f.where);
    return this.agents.fail(f);
  }

  /** A dispatch that will be retried: it leaves the live set without an attempt row. */
  async abandon(input: z.input<typeof AbandonInput>): Promise<Accepted | Refusal> {
    const a = AbandonInput.parse(input);
    this.know(a.where);
    return this.agents.abandon(a);
  }

  /**
   * The run was stopped: its running agent attempts end here (no row: in a
   * stopped run an attempt without a row is cancelled), their slots go back,
   * and the hub empties the live set.
   */
  async cancel(input: { where: Where }): Promise<{ cancelled: number }> {
    this.know(WhereSchema.parse(input.where));
    let n = await this.agents.cancelAll();
    if (this.isHub && this.log.live.size) {
      const at = new Date().toISOString();
      n += this.ingest([...this.log.live.keys()].map((id) => ({ attempt_id: id, event: { kind: "end" as const, status: "cancelled" as const, reward: null, error: "the run was stopped" }, at }))).length;
    }
    return { cancelled: n };
  }

  // ------------------------------------------------------------ RPC: readers

  /** An attempt's deltas while this object holds them (live, or ended within the replay window). */
  async attemptDeltas(input: { where: Where; attempt_id: string }): Promise<{ live: boolean; deltas: string[] }> {
    const where = WhereSchema.parse(input.where);
    this.know(where);
    const id = z.string().max(200).parse(input.attempt_id);
    const deltas = this.log.deltasOf(id);
    const ended = deltas.some((d) => d.kind === "end");
    return { live: deltas.length > 0 && !ended, deltas: deltas.map((d) => JSON.stringify(d)) };
  }

  /** The live set, or nothing when `ifNoneMatch` names its current tag (hub only). */
  async liveSet(input: { where: Where; if_none_match?: string | null }): Promise<{ etag: string; body: LiveSetBody | null }> {
    this.know(WhereSchema.parse(input.where));
    const etag = liveSetEtag(this.log.lastSeq);
    if (etagMatches(input.if_none_match, etag)) return { etag, body: null };
    return { etag, body: this.log.snapshot() };
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
    this.log.setMeta("origin", o);
  }

  // ------------------------------------------------------------ followers (followers.ts)

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
    if (request.headers.get("upgrade")?.toLowerCase() === "websocket") return this.followers.openSocket(request, after);
    return this.followers.openStream(after);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.followers.onMessage(ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.followers.onClose(ws, code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.followers.onError(ws);
  }

  // ------------------------------------------------------------ alarm

  /** Ends overdue agent attempts, drops lost ones from the live set, compacts ended attempts' deltas, then sleeps until the next due time. */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const now = Date.now();
    if (this.where) {
      await this.agents.endOverdue(now);
      if (this.isHub) {
        const lost = this.log.lost(now);
        if (lost.length) {
          const at = new Date(now).toISOString();
          this.ingest(lost.map((a) => ({ attempt_id: a.attempt_id, event: { kind: "end", status: "lost", reward: null, error: "no news of this attempt since well past its deadline" }, at })));
        }
      }
    }
    this.log.compact(now);
    await this.scheduleNext(now);
  }

  private async scheduleNext(now: number): Promise<void> {
    const times: number[] = [];
    const owned = this.agents.nextDue();
    if (owned !== null) times.push(owned);
    times.push(...this.log.dueTimes());
    if (!times.length) return;
    const next = Math.max(now + 1_000, Math.min(...times));
    this.alarmAt = next;
    await this.ctx.storage.setAlarm(next);
  }
}
