/**
 * The agent attempts a live object owns (the `owned` table): each one's
 * dispatch, deadline, turn and artifact counts, and state — live, ending
 * (its end being written: a second verdict is refused meanwhile) or ended.
 * Decides which runner calls are still welcome, stamps their events, and
 * ends an attempt on the runner's result, a failed dispatch, a stopped run
 * or, from the alarm, its deadline. I/O: the object's SQLite (the
 * `owned` table, through OwnedStore in src/storage/live-store.ts), D1 (the
 * run's status), the RunGate, and through agent-end.ts R2 and D1.
 * The RPC surface and input parsing stay on RunLive (run-live.ts).
 */
import type { AttemptSlot } from "../../src/db/attempts";
import { readRunStatus } from "../../src/db/run-status";
import { scrub } from "../../src/domain/scrub";
import type { DeltaEvent } from "../../src/live/deltas";
import { MAX_ARTIFACTS } from "../../src/storage/artifacts";
import { OwnedStore, type Owned } from "../../src/storage/live-store";
import type { Env } from "../env";
import { agentContext } from "../agent/context";
import { agentHolder } from "../agent/slot";
import { gateFor } from "../gate/client";
import { writeAgentEnd, type OwnedInfo, type Verdict } from "./agent-end";
import type { AbandonInput, Accepted, ArtifactInput, BeginInput, Call, EventsInput, FailInput, Refusal, ResultInput, Stamped } from "./contract";
import type { DeltaLog } from "./log";

/** An agent attempt stuck mid-end (the object died writing it) is ended timed_out after its deadline plus this. */
const ENDING_GRACE_MS = 60_000;

/** What the agent part needs of the object that holds it. */
export interface AgentHost {
  /** The run, once the object knows where it is (every call tells it first). */
  runId(): string;
  isHub(): boolean;
  /** Stores (and sequences or forwards) an attempt's stamped events. */
  accept(items: Stamped[]): Promise<void>;
  ensureAlarm(at: number): Promise<void>;
}

export class LiveAgents {
  private readonly store: OwnedStore;

  constructor(
    sql: SqlStorage,
    private readonly env: Env,
    private readonly log: DeltaLog,
    private readonly host: AgentHost,
  ) {
    this.store = new OwnedStore(sql);
  }

  private owned(id: string): Owned | null {
    return this.store.get(id);
  }

  private liveOwned(c: { attempt_id: string; dispatch: string }, now = Date.now()): Owned | null {
    const o = this.owned(c.attempt_id);
    return o && o.state === "live" && o.dispatch === c.dispatch && o.deadline > now ? o : null;
  }

  private setState(id: string, state: Owned["state"]): void {
    this.store.setState(id, state);
  }

  /** Stamps events of one attempt in arrival order: time, and turn indices for attempts this object owns. */
  private stamp(attemptId: string, events: DeltaEvent[], at = new Date().toISOString()): Stamped[] {
    const o = this.owned(attemptId);
    let turns = o?.turns ?? 0;
    const out = events.map((event) => (event.kind === "turn" ? { attempt_id: attemptId, event, at, turn_index: turns++ } : { attempt_id: attemptId, event, at }));
    if (o && turns !== o.turns) this.store.setTurns(attemptId, turns);
    return out;
  }

  /** Registers a dispatch of an agent attempt and announces it; refused while another dispatch of it is running. */
  async begin(b: BeginInput): Promise<Accepted | Refusal> {
    const now = Date.now();
    const o = this.owned(b.attempt_id);
    if (o && o.state !== "ended" && o.deadline + ENDING_GRACE_MS > now) return { ok: false, reason: "not_live" };
    const info: OwnedInfo = { slot: b.slot as AttemptSlot, started_at: b.header.started_at, tries: b.tries };
    this.store.begin({ id: b.attempt_id, seq: b.slot.seq, dispatch: b.dispatch, deadline: b.deadline_ms, info: JSON.stringify(info) });
    // A re-dispatched attempt starts a fresh trace.
    this.log.freshTrace(b.attempt_id, !this.host.isHub());
    await this.host.ensureAlarm(b.deadline_ms);
    await this.host.accept(this.stamp(b.attempt_id, [b.header]));
    return { ok: true };
  }

  /** Whether a runner's dispatch of an attempt may still call back. */
  check(c: Call): Accepted | Refusal {
    return this.liveOwned(c) ? { ok: true } : { ok: false, reason: "not_live" };
  }

  private async scrubbed<T>(value: T): Promise<T> {
    const ctx = await agentContext(this.env, this.host.runId()).catch(() => null);
    const text = JSON.stringify(value);
    const clean = scrub(text, ctx?.secretValues ?? []);
    return clean === text ? value : (JSON.parse(clean) as T);
  }

  /** A runner's events, in order. */
  async events(e: EventsInput): Promise<(Accepted & { accepted: number }) | Refusal> {
    if (!this.liveOwned(e)) return { ok: false, reason: "not_live" };
    const events = await this.scrubbed(e.events);
    // The attempt may have ended while secrets were being read.
    if (!this.liveOwned(e)) return { ok: false, reason: "not_live" };
    await this.host.accept(this.stamp(e.attempt_id, events));
    return { ok: true, accepted: events.length };
  }

  /** Room for one more artifact (a new name counts against MAX_ARTIFACTS; a replaced one does not). */
  artifact(a: ArtifactInput): Accepted | Refusal {
    const o = this.liveOwned(a);
    if (!o) return { ok: false, reason: "not_live" };
    if (!a.is_new) return { ok: true };
    if (o.artifacts >= MAX_ARTIFACTS) return { ok: false, reason: "too_many" };
    this.store.addArtifact(a.attempt_id);
    return { ok: true };
  }

  /** The runner's verifier result: ends the attempt (first one wins). A stopped run takes no more results. */
  async result(r: ResultInput): Promise<(Accepted & { status: string; reward: number | null }) | Refusal> {
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
    await this.endAgent(o, { status, reward: v.reward, structured: v.structured, exit_code: v.exit_code, error: v.error, output: v.output, turns: v.turns });
    return { ok: true, status, reward: v.reward };
  }

  /** A dispatch that cannot succeed (refused by the runner, misconfigured): the attempt ends with the error. */
  async fail(f: FailInput): Promise<Accepted | Refusal> {
    const o = this.owned(f.attempt_id);
    if (!o || o.state !== "live" || o.dispatch !== f.dispatch) return { ok: false, reason: "not_live" };
    await this.endAgent(o, { status: f.status, reward: null, structured: null, exit_code: null, error: f.error, output: null, turns: null });
    return { ok: true };
  }

  /** A dispatch that will be retried: it leaves the live set without an attempt row. */
  async abandon(a: AbandonInput): Promise<Accepted | Refusal> {
    const o = this.owned(a.attempt_id);
    if (!o || o.state !== "live" || o.dispatch !== a.dispatch) return { ok: false, reason: "not_live" };
    this.setState(o.id, "ended");
    await this.host.accept(this.stamp(o.id, [{ kind: "end", status: "retrying", reward: null, error: a.error }]));
    return { ok: true };
  }

  /** The run was stopped: every running agent attempt this object owns ends (no row) and gives its slot back. Returns how many. */
  async cancelAll(): Promise<number> {
    const owned = this.store.live();
    await this.cancelOwned(owned);
    return owned.length;
  }

  private async cancelOwned(list: Owned[]): Promise<void> {
    for (const o of list) this.setState(o.id, "ended");
    const items = list.flatMap((o) => this.stamp(o.id, [{ kind: "end", status: "cancelled", reward: null, error: "the run was stopped" }]));
    await this.host.accept(items);
    const gate = gateFor(this.env, this.host.runId());
    for (const o of list) await gate.release({ holder: agentHolder(o.id), done: true });
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
      const { end, at } = await writeAgentEnd(this.env, this.host.runId(), o, info, v, () => this.log.deltasOf(o.id));
      this.setState(o.id, "ended");
      await this.host.accept(this.stamp(o.id, [end], at));
    } catch (err) {
      this.setState(o.id, "live");
      throw err;
    }
  }

  /** Ends, as timed_out, the attempts past their deadline (and those stuck mid-end well past it). */
  async endOverdue(now: number): Promise<void> {
    const overdue = this.store.overdue(now, ENDING_GRACE_MS);
    for (const o of overdue) {
      const timeout = Math.round((o.deadline - Date.parse((JSON.parse(o.info) as OwnedInfo).started_at)) / 1000);
      try {
        await this.endAgent(o, { status: "timed_out", reward: null, structured: null, exit_code: null, error: `the runner did not report a result within the attempt's timeout (${timeout} s)`, output: null, turns: null });
      } catch (err) {
        console.error(`ending ${o.id} at its timeout failed:`, err instanceof Error ? err.message : err);
      }
    }
  }

  /** The next deadline of an attempt still live or ending, if any. */
  nextDue(): number | null {
    return this.store.nextDue(ENDING_GRACE_MS);
  }
}
