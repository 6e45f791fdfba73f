/**
 * The record an agent attempt leaves when it ends: its trace (scrubbed of
 * the run's secrets) to R2 as JSONL, then its attempt row and gate slot
 * through recordAgentEnd. I/O: R2, D1 and the RunGate (the latter two via
 * workers/agent/end.ts, which ends it through src/lifecycle). Deciding when an attempt ends, and
 * announcing it, is agents.ts's.
 */
import type { AttemptOutcome, AttemptSlot } from "../../src/db/attempts";
import { scrub } from "../../src/domain/scrub";
import type { Delta, DeltaEvent, Message } from "../../src/live/deltas";
import { traceKey, turnsOf, writeTrace } from "../../src/storage/traces";
import type { Env } from "../env";
import { agentContext } from "../agent/context";
import { recordAgentEnd } from "../agent/end";

/** What the owner keeps of an agent attempt's dispatch to write its row (`owned.info`, as JSON). */
export interface OwnedInfo {
  slot: AttemptSlot;
  started_at: string;
  tries: number;
}

/** A verdict that ends an agent attempt. */
export interface Verdict {
  status: AttemptOutcome["status"];
  reward: number | null;
  structured: Record<string, unknown> | null;
  exit_code: number | null;
  error: string | null;
  output: string | null;
  /** The agent's model replies as the runner counted them; null when it did not say. */
  turns: number | null;
}

/** The last assistant text of a trace: the attempt's output when the runner reported none. */
export function lastAssistantText(deltas: readonly Delta[]): string | null {
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

/**
 * Writes an ended attempt's trace and row and frees its slot; returns its
 * end delta and the time it ended, for the caller to announce. `deltasOf`
 * is read once the run's secrets are known, just before the trace is built.
 */
export async function writeAgentEnd(
  env: Env,
  runId: string,
  attempt: { id: string; dispatch: string },
  info: OwnedInfo,
  v: Verdict,
  deltasOf: () => Delta[],
): Promise<{ end: DeltaEvent; at: string }> {
  const ctx = await agentContext(env, runId).catch(() => null);
  const secrets = ctx?.secretValues ?? [];
  const deltas = deltasOf();
  const at = new Date();
  const end: DeltaEvent = { kind: "end", status: v.status, reward: v.reward, error: v.error ? scrub(v.error, secrets) : null };
  const turns = turnsOf(deltas);
  const key = traceKey(info.slot.runId, info.slot.seq, attempt.dispatch);
  const lines = [...deltas.map((d) => JSON.stringify(d)), JSON.stringify({ ...end, attempt_id: attempt.id, at: at.toISOString() })];
  await writeTrace(env.ARTIFACTS, key, scrub(lines.join("\n") + "\n", secrets), turns.length);
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
    turns: v.turns,
  };
  await recordAgentEnd(env, info.slot, outcome, secrets);
  return { end, at: at.toISOString() };
}
