/**
 * The deltas of a live attempt, as runners post them and followers receive
 * them: a header when the attempt starts, one delta per phase change, one
 * per committed turn (the new messages and the model call behind them), a
 * preview of each model request still in flight, and an end when it lands.
 * Zod schemas for what enters (runner events, engine deltas, Durable Object
 * calls) and for what followers receive, the stored form with its stream
 * position (DeltaFrame). Pure, no I/O.
 */
import { z } from "zod";

/**
 * Where an attempt is: booting its environment, setting up the task,
 * running the agent, verifying (a task's own verifier in its environment,
 * on an environment runner), finalizing, scoring (Assay's scorer).
 */
export const PHASES = ["boot", "setup", "agent", "verify", "finalize", "scoring"] as const;
export const Phase = z.enum(PHASES);
export type Phase = z.infer<typeof Phase>;

/** How an attempt ended, as the live stream tells it (retrying: back to the queue; lost: gone silent past its deadline). */
export const END_STATUSES = ["succeeded", "failed", "timed_out", "cancelled", "retrying", "lost"] as const;
export const EndStatus = z.enum(END_STATUSES);

/** Characters of one message's text; a turn's messages are bounded as a whole by the request size. */
export const MAX_MESSAGE_CHARS = 200_000;
/** Messages in one turn or preview. */
export const MAX_TURN_MESSAGES = 200;
/** Events in one runner call. */
export const MAX_EVENTS_PER_CALL = 100;

export const ToolCall = z
  .object({
    id: z.string().max(200),
    type: z.string().max(50).default("function"),
    function: z.object({ name: z.string().max(200), arguments: z.string().max(MAX_MESSAGE_CHARS) }).catchall(z.unknown()),
  })
  .catchall(z.unknown());

/**
 * A chat message as OpenAI-compatible agents speak it: text or content parts,
 * tool calls, tool results. Fields beyond these (reasoning text, refusals,
 * annotations) are kept as given.
 */
export const Message = z
  .object({
    role: z.enum(["system", "user", "assistant", "tool", "developer"]),
    content: z.union([z.string().max(MAX_MESSAGE_CHARS), z.array(z.unknown()).max(200), z.null()]).default(null),
    name: z.string().max(200).optional(),
    tool_calls: z.array(ToolCall).max(64).optional(),
    tool_call_id: z.string().max(200).optional(),
  })
  .catchall(z.unknown());
export type Message = z.infer<typeof Message>;

export const Usage = z.strictObject({
  input_tokens: z.number().int().min(0).nullable().default(null),
  output_tokens: z.number().int().min(0).nullable().default(null),
});
export type Usage = z.infer<typeof Usage>;

const Messages = z.array(Message).max(MAX_TURN_MESSAGES);

export const PhaseEvent = z.strictObject({ kind: z.literal("phase"), phase: Phase });

/** A committed turn: the messages new since the previous turn (inputs such as tool results, then the reply) and the call behind it. */
export const TurnEvent = z.strictObject({
  kind: z.literal("turn"),
  messages: Messages.min(1),
  model: z.string().max(200).nullable().default(null),
  usage: Usage.nullable().default(null),
  latency_ms: z.number().int().min(0).nullable().default(null),
  /** A per-step reward, when the environment gives one. */
  reward: z.number().finite().nullable().default(null),
});

/** The uncommitted messages of the model request in flight (e.g. a tool result the model is being asked about). */
export const PreviewEvent = z.strictObject({ kind: z.literal("preview"), messages: Messages });

/** What a runner may post: phase changes, committed turns, previews. Headers and ends are Assay's own. */
export const RunnerEvent = z.discriminatedUnion("kind", [PhaseEvent, TurnEvent, PreviewEvent]);
export type RunnerEvent = z.infer<typeof RunnerEvent>;

export const EXECUTIONS = ["inline", "agent"] as const;

/** Who the attempt is, sent once when it starts. */
export const HeaderEvent = z.strictObject({
  kind: z.literal("header"),
  /** The attempt's seq in its run (not the stream position). */
  seq: z.number().int().min(0),
  benchmark_id: z.string().max(200),
  target: z.enum(["a", "b"]),
  task_key: z.string().max(1000),
  member_index: z.number().int().min(0),
  attempt_index: z.number().int().min(0),
  subset: z.string().max(1000).nullable(),
  /** 1 for the first try; a retried or re-dispatched attempt sends a new header. */
  try: z.number().int().min(1),
  execution: z.enum(EXECUTIONS),
  /** The model or runner that executes it, for display. */
  executor: z.string().max(2000).nullable(),
  phase: Phase,
  started_at: z.string(),
  /** After this the attempt is over whatever happens (agent: its timeout). */
  deadline_at: z.string(),
});

export const EndEvent = z.strictObject({
  kind: z.literal("end"),
  status: EndStatus,
  reward: z.number().finite().nullable().default(null),
  error: z.string().max(4000).nullable().default(null),
});

/** Any delta before it is sequenced; the engine may send all five kinds. */
export const DeltaEvent = z.discriminatedUnion("kind", [HeaderEvent, PhaseEvent, TurnEvent, PreviewEvent, EndEvent]);
export type DeltaEvent = z.infer<typeof DeltaEvent>;

/** A delta addressed to its attempt, as the engine hands it to the live object. */
export const DeltaInput = z.object({ attempt_id: z.string().min(1).max(200), event: DeltaEvent, at: z.string().optional() });
export type DeltaInput = z.infer<typeof DeltaInput>;

/** What the hub adds to an event as it sequences it: the attempt, the time, and its position (`delta_seq`, increasing, never reused). */
const Stamp = { delta_seq: z.number().int().min(1), attempt_id: z.string().min(1).max(200), at: z.string() };

/**
 * A delta in the stream, as followers receive it (the WebSocket's arrays,
 * SSE's `delta` events) and the replay log stores it. The one definition of
 * the live wire: the hub's frames are typed by it and the dashboard reads
 * them by it (dashboard/src/lib/live.ts).
 */
export const DeltaFrame = z.discriminatedUnion("kind", [
  HeaderEvent.extend(Stamp),
  PhaseEvent.extend(Stamp),
  /** turn_index: 0 for an attempt's first turn (the inline executor's single turn included). */
  TurnEvent.extend({ ...Stamp, turn_index: z.number().int().min(0) }),
  PreviewEvent.extend(Stamp),
  EndEvent.extend(Stamp),
]);
export type Delta = z.output<typeof DeltaFrame>;
