/**
 * The attempt pipeline's contract (Inspect's solver/scorer shape): an
 * attempt is rendered into an AttemptState, one stage produces its output
 * (talking to models through ports), then its scorer turns the state into a
 * verdict (src/execution/pipeline.ts). Each input kind is a stage with this
 * one shape: chat (with tools or images where the benchmark offers them),
 * multi-turn, log-likelihood, recorded outputs, a kept reply (a scoring
 * retry, a provider batch's reply), provider batch submission, agents on a
 * runner, and agent conversations (τ²: many calls, tools run in-Worker).
 * Types only, no I/O.
 */
import type { AttemptSlot } from "../db/attempts";
import type { ImageNote } from "../domain/images";
import type { ChatMessage, PromptSpec } from "../domain/prompt";
import type { RunOptions } from "../domain/run-options";
import type { ToolDefinition } from "../domain/tools";
import type { Message } from "../live/deltas";
import type { ScoringSpec } from "../scorers/spec";
import type { ClockPort, LivePort, ModelReply, ModelsPort, RowsPort, SandboxPort, Tau2Port } from "./ports";

/** Sampling the target is asked with (the benchmark's own values over the run's). */
export interface Sampling {
  temperature: number;
  top_p: number | undefined;
  max_output_tokens: number;
}

/** What an attempt is asked: everything known before any stage runs. Immutable. */
export interface AttemptTask {
  /** Who the attempt is: run, seq, benchmark, target slot (a | b), task key, member and attempt index. */
  readonly slot: AttemptSlot;
  /** This try's number: 1 for the first, more after a retry. */
  readonly try: number;
  /** The task's dataset row. */
  readonly row: Readonly<Record<string, unknown>>;
  /** Its few-shot examples' rows, in order. */
  readonly examples: readonly Readonly<Record<string, unknown>>[];
  /** How the benchmark renders a row, reads its expected answer, and scores. */
  readonly benchmark: {
    readonly id: string;
    readonly prompt: PromptSpec;
    /** The benchmark's stored options (tools_column, turns_column, image_column, ...). */
    readonly options: Readonly<Record<string, unknown>>;
    readonly scoring: ScoringSpec;
  };
  readonly sampling: Sampling;
  /** The run's options, frozen when it started. */
  readonly options: RunOptions;
}

/** What the target was sent first, as stages prepare it (tools and images are added by the chat stage). */
export interface FirstRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolDefinition[];
}

/** An attempt as it moves through its stage (Inspect's TaskState). Stages return a new state; nothing is mutated. */
export interface AttemptState {
  readonly task: AttemptTask;
  /** The rendered prompt: few-shot examples then the task, as the template makes them. */
  readonly request: FirstRequest;
  /**
   * The conversation as the trace keeps it (OpenAI-shaped: assistant tool
   * calls, tool results, user turns): what was sent, then each reply. A
   * one-call stage leaves the prompt and the reply.
   */
  readonly messages: readonly Message[];
  /** The reply that is scored; null until a stage produced it. */
  readonly output: ModelReply | null;
  /** Tokens and model time over every call the stage made to the target (null where an endpoint reported none). */
  readonly usage: { input_tokens: number | null; output_tokens: number | null; latency_ms: number };
  /** A multi-turn attempt's user turns and the target's answers (MT-Bench's judge reads them). */
  readonly turns?: readonly { question: string; answer: string }[];
  /**
   * Replies the target model gave, where a stage counts them (τ²'s
   * conversation: the agent's replies): the attempt row's turns. Absent:
   * the readers derive an inline attempt's turns from its benchmark.
   */
  readonly targetTurns?: number;
  /** The images sent with the task (where each came from, never its bytes). */
  readonly images?: readonly ImageNote[];
  /** The reply came from a provider batch (billed at the batch discount). */
  readonly batched?: boolean;
  /**
   * What a stage leaves for its scorer beyond the reply: τ²'s final
   * environment state and termination reason, per-step results. Passed to
   * the scorer as ScoreInput.store; kept in the transcript.
   */
  readonly store: Readonly<Record<string, unknown>>;
  /**
   * Set by a stage that handed the attempt to something that ends it later
   * (a provider batch, an agent runner): no verdict now, no row written; the
   * message is acknowledged.
   */
  readonly handedOff?: string;
}

/** Everything a stage may use. Built per attempt by the invocation running it; never the Worker's Env. */
export interface StagePorts {
  readonly models: ModelsPort;
  readonly live: LivePort;
  readonly rows: RowsPort;
  readonly sandbox: SandboxPort | null;
  readonly clock: ClockPort;
  /** τ²'s domains and user guidelines; absent where the invocation cannot load them. */
  readonly tau2?: Tau2Port;
}

/**
 * One input kind's way of producing an attempt's output. A stage may call
 * the models as often as it needs (an agent conversation makes many calls,
 * each under the per-call rules of ModelPort), emit live deltas as it goes,
 * and leave data for its scorer in `store`. It throws a ProviderError for a
 * failed call (the pipeline retries or records it) and a StageError for a
 * task it cannot run (bad data: the attempt fails with the reason).
 */
export interface Stage {
  /** Names the stage in errors ("tools: …") and traces. */
  readonly name: string;
  /**
   * A conversation of many calls (τ²): its live trace is overdue only past
   * the invocation's deadline, not after one call's timeout.
   */
  readonly conversation?: true;
  /** The first request, when the stage asks differently from the benchmark's prompt (log-likelihood's context and choices). */
  render?(task: AttemptTask): FirstRequest;
  run(state: AttemptState, ports: StagePorts): Promise<AttemptState>;
}

/** A task a stage cannot run as given (a row's tools unreadable, a turns cell that is not a list): the attempt fails with why, never retried. */
export class StageError extends Error {
  constructor(
    /** The step that found it ("tools", "turns", "image", …), prefixed to the attempt's error; null: the message stands alone. */
    readonly step: string | null,
    message: string,
  ) {
    super(message);
    this.name = "StageError";
  }
}
