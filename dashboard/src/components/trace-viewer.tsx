/**
 * One attempt: its verdict (status, reward, expected answer, the scorer's
 * reason), usage and timings, and its transcript turn by turn. A live
 * attempt grows as deltas arrive; the view stays pinned to the newest turn
 * until the reader scrolls up, and the request in flight shows dimmed with
 * "awaiting model".
 */
import { phaseLabel } from "../../../src/live/phase-label";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { client, download, unwrap } from "../lib/api";
import { clock, duration, int, money, score } from "../lib/format";
import { LiveRun, type LiveTrace, type Message, type Turn } from "../lib/live";
import type { Trial } from "../lib/types";
import { ErrorBox, Loading, StatusBadge } from "./ui";

function MessageView({ m, dim }: { m: Message; dim?: boolean }) {
  const long = m.content.length > 600 || m.role === "system";
  return (
    <details class={`msg role-${m.role.split(" ")[0]}${dim ? " dim" : ""}`} open={!long || !!m.commands}>
      <summary>
        <span class="role">{m.role}</span> <span class="muted">{m.commands ? `${m.commands.length} command${m.commands.length === 1 ? "" : "s"}` : `${m.content.length.toLocaleString("en-US")} chars`}</span>
      </summary>
      {m.content && <pre class="wrap">{m.content}</pre>}
      {m.commands?.map((c, i) => (
        <pre key={i} class="wrap command" data-testid="trace-command">
          {c}
        </pre>
      ))}
    </details>
  );
}

/** An environment trial's phases with their times, as its runner reported them (structured.phases). */
function phasesOf(structured: unknown): string | null {
  const phases = (structured as { phases?: Record<string, { ms?: number }> } | null)?.phases;
  if (!phases || typeof phases !== "object") return null;
  const parts = Object.entries(phases).map(([name, p]) => (typeof p?.ms === "number" ? `${name} ${duration(p.ms)}` : name));
  return parts.length ? parts.join(" · ") : null;
}

/** Where an environment trial ran: its backend, network and limits (structured.environment). */
function environmentOf(structured: unknown): string | null {
  const e = (structured as { environment?: { backend?: string; network?: string; limits?: { cpus?: number; memory_mb?: number } } | null } | null)?.environment;
  if (!e?.backend) return null;
  const limits = e.limits ? `${e.limits.cpus ?? "?"} CPU, ${e.limits.memory_mb ?? "?"} MB` : "";
  return [`${e.backend} backend`, e.network === "none" ? "no network" : `network: ${e.network}`, limits].filter(Boolean).join(" · ");
}

/**
 * An attempt's files: its trajectory in ATIF (Harbor's format, for the tools that read it) once it has turns, and
 * what an agent's runner uploaded (the reference runner's conversation.json), each an authenticated download.
 */
function AttemptFiles({ attemptId, hasSteps }: { attemptId: string; hasSteps: boolean }) {
  const [files, setFiles] = useState<{ name: string; size: number }[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setFiles(null);
    unwrap(client.GET("/api/trials/{id}/artifacts", { params: { path: { id: attemptId }, query: { limit: 50 } } })).then((p) => setFiles(p.items), setError);
  }, [attemptId]);
  const save = (call: Parameters<typeof download>[0], name: string) => void download(call, name).catch(setError);
  if (!hasSteps && !files?.length && !error) return null;
  return (
    <p class="attempt-files" data-testid="attempt-files">
      {hasSteps && (
        <button type="button" class="subtle" onClick={() => save(client.GET("/api/trials/{id}/trajectory", { params: { path: { id: attemptId }, query: { format: "atif" } }, parseAs: "blob" }), `${attemptId}.atif.json`)}>
          Trajectory (ATIF)
        </button>
      )}
      {files?.map((f) => (
        <button type="button" class="subtle" key={f.name} data-artifact={f.name} onClick={() => save(client.GET("/api/trials/{id}/artifacts/{name}", { params: { path: { id: attemptId, name: f.name } }, parseAs: "blob" }), f.name)}>
          {f.name} <span class="muted">{int(f.size)} B</span>
        </button>
      ))}
      {error ? <ErrorBox error={error} what="The attempt's files" /> : null}
    </p>
  );
}

/** Statuses of an attempt that has ended; any other is still on its way. */
const ENDED = new Set(["succeeded", "failed", "cancelled", "timed_out"]);
/** Re-reads of a landed attempt before the viewer gives up waiting for storage (about 30 s). */
const SETTLE_TRIES = 60;
const SETTLE_EVERY_MS = 500;

export function TraceViewer({ attemptId, live, onClose }: { attemptId: string; live: LiveRun | null; onClose: () => void }) {
  const [trial, setTrial] = useState<Trial | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [stored, setStored] = useState<Turn[] | null | undefined>(undefined);
  const [, setTick] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const closeRef = useRef<HTMLButtonElement>(null);

  const load = () =>
    unwrap(client.GET("/api/trials/{id}", { params: { path: { id: attemptId }, query: { include_reward_components: "true" } } })).then(
      (t) => {
        setTrial(t);
        setError(null);
        return t;
      },
      (err) => {
        setError(err);
        return null;
      },
    );

  // When the live trace ends, the attempt's row may land in storage a moment
  // later: re-read until it shows an ended status, so the viewer never keeps
  // the stale "dispatched, no reward, 0 tries" of a read made too early.
  const settling = useRef(0);
  const settle = () => {
    const ticket = ++settling.current;
    let tries = 0;
    const step = () => {
      if (ticket !== settling.current) return;
      void load().then((t) => {
        if (ticket !== settling.current || (t && ENDED.has(t.status)) || ++tries >= SETTLE_TRIES) return;
        setTimeout(step, SETTLE_EVERY_MS);
      });
    };
    setTimeout(step, 300);
  };
  useEffect(() => () => void (settling.current += 1), [attemptId]);

  useEffect(() => {
    setTrial(null);
    setStored(undefined);
    pinned.current = true;
    autoTop.current = null;
    void load();
    void LiveRun.storedTurns(attemptId).then((t) => {
      setStored(t ? t.turns : null);
      if (t && live?.attempts.has(attemptId)) live.seedTrace(attemptId, t.turns, t.pending);
    });
    closeRef.current?.focus();
  }, [attemptId]);

  // Follow the live trace: re-render on each delta; re-read the trial when it lands.
  useEffect(() => {
    if (!live) return;
    return live.subscribeTrace(attemptId, () => {
      setTick((t) => t + 1);
      if (live.trace(attemptId)?.ended) settle();
    });
  }, [attemptId, live]);

  const liveTrace: LiveTrace | undefined = live?.trace(attemptId);
  const liveAttempt = live?.attempts.get(attemptId);
  const turns = liveTrace && liveTrace.turns.length >= (stored?.length ?? 0) ? liveTrace.turns : (stored ?? []);
  const pending = liveTrace && !liveTrace.ended ? liveTrace.pending : null;
  const isLive = !!liveAttempt && !liveTrace?.ended;

  // Pinned: follow the newest turn. The reader scrolling up unpins, even when
  // a delta renders before the browser delivers their scroll event.
  const autoTop = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (pinned.current && autoTop.current !== null && el.scrollTop < autoTop.current - 16) pinned.current = false;
    if (pinned.current) {
      el.scrollTop = el.scrollHeight;
      autoTop.current = el.scrollTop;
    }
  });

  const onScroll = () => {
    const el = scroller.current!;
    pinned.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 16;
    autoTop.current = pinned.current ? el.scrollTop : null;
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <aside class="trace" aria-labelledby="trace-title" data-testid="trace-viewer">
      <header>
        <h2 id="trace-title">
          {trial ? `${trial.task_key} · attempt ${trial.attempt_index + 1}` : attemptId}
          {isLive && (
            <span class="live-dot" title="live">
              <span class="sr-only">live</span>
            </span>
          )}
        </h2>
        <button type="button" ref={closeRef} onClick={onClose} aria-label="Close trace">
          ✕
        </button>
      </header>
      <div class="trace-body" ref={scroller} onScroll={onScroll} data-testid="trace-scroll">
        {error ? <ErrorBox error={error} what="The attempt" /> : null}
        {!trial && !error && <Loading what="Loading the attempt" />}
        {trial && (
          <dl class="facts compact">
            <dt>Status</dt>
            <dd data-testid="trace-status" data-status={isLive ? "running" : trial.status}>
              <StatusBadge status={isLive ? "running" : trial.status} label={isLive ? `running · ${phaseLabel(liveAttempt!.phase, liveAttempt!.execution)}` : undefined} />
            </dd>
            <dt>Reward</dt>
            <dd data-testid="trace-reward">{trial.reward === null ? <span class="muted">none (missing)</span> : score(trial.reward)}</dd>
            {trial.expected_answer !== null && (
              <>
                <dt>Expected</dt>
                <dd>
                  <code>{trial.expected_answer}</code>
                </dd>
              </>
            )}
            {trial.reward_components?.reason && (
              <>
                <dt>Why</dt>
                <dd>{trial.reward_components.reason}</dd>
              </>
            )}
            {/* A runner's verifier may give the same sentence as its reason and as its summary: shown once. */}
            {trial.reward_components?.judge_summary && trial.reward_components.judge_summary !== trial.reward_components.reason && (
              <>
                <dt>Judge</dt>
                <dd>{trial.reward_components.judge_summary}</dd>
              </>
            )}
            {trial.error && (
              <>
                <dt>Error</dt>
                <dd class="err">{trial.error}</dd>
              </>
            )}
            {phasesOf(trial.structured) && (
              <>
                <dt>Phases</dt>
                <dd data-testid="trace-phases">{phasesOf(trial.structured)}</dd>
              </>
            )}
            {environmentOf(trial.structured) && (
              <>
                <dt>Environment</dt>
                <dd>{environmentOf(trial.structured)}</dd>
              </>
            )}
            <dt>Tokens</dt>
            <dd>
              {isLive ? int(liveAttempt!.tokens) : `${int(trial.tokens.input)} in · ${int(trial.tokens.output)} out`}
            </dd>
            <dt>Latency</dt>
            <dd>{duration(trial.latency_ms)}</dd>
            <dt>Cost</dt>
            <dd>{money(trial.cost)}</dd>
            <dt>Started</dt>
            <dd>{clock(trial.timings.started_at ?? liveAttempt?.dispatched_at)}</dd>
            <dt>Tries</dt>
            <dd>{trial.tries}</dd>
          </dl>
        )}
        <h3>
          Transcript
          {turns.length > 0 && (
            <span class="muted" data-testid="trace-turn-count">
              {" "}
              · {turns.length} turn{turns.length === 1 ? "" : "s"}
            </span>
          )}
        </h3>
        {trial && <AttemptFiles attemptId={attemptId} hasSteps={turns.length > 0} />}
        {stored === undefined && !liveTrace && <Loading what="Reading the transcript" />}
        {turns.length === 0 && !pending && stored !== undefined && (
          <p class="muted">{isLive ? "No turn yet: each appears here as the model answers." : stored === null ? "The step-by-step transcript is not available from this server; the output is below." : "This attempt recorded no turns; its output, if any, is below."}</p>
        )}
        <ol class="turns">
          {turns.map((t) => (
            <li key={t.index} class="turn" data-turn={t.index}>
              <div class="turn-head">
                Turn {t.index + 1}
                {t.tokens !== null && <span class="muted"> · {int(t.tokens)} tokens</span>}
                {t.latency_ms !== null && <span class="muted"> · {duration(t.latency_ms)}</span>}
              </div>
              {t.messages.map((m, i) => (
                <MessageView key={i} m={m} />
              ))}
            </li>
          ))}
          {pending && (
            <li class="turn pending" data-testid="pending-request">
              <div class="turn-head">
                Request in flight <span class="chip">awaiting model</span>
              </div>
              {pending.map((m, i) => (
                <MessageView key={i} m={m} dim />
              ))}
            </li>
          )}
        </ol>
        {trial?.output != null && turns.length === 0 && (
          <>
            <h3>Output</h3>
            <pre class="wrap output">{trial.output}</pre>
          </>
        )}
      </div>
    </aside>
  );
}
