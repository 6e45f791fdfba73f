/**
 * The scorer contract: what a scorer is given for one attempt and what it
 * returns. A wrong answer is reward 0 with a reason; reward null means the
 * attempt could not be scored (no expected answer, an unreadable judge
 * verdict) and is never to be read as 0. No I/O.
 */
import type { Tau2Domain } from "../agents/tau2/domain";
import type { ToolCall } from "../domain/tools";
import type { Message } from "../live/deltas";
import type { Execute } from "./execution";
import type { ScoringSpec } from "./spec";

export interface ScoreInput {
  /** The target's final output text. */
  output: string;
  /** The benchmark's expected answer for this row, if it has one. */
  expected: string | null;
  /** Option texts of a multiple-choice row, in letter order (A, B, ...). */
  choices?: string[] | null;
  /** The stored, parsed scorer spec of the benchmark. */
  spec: ScoringSpec;
  /** The prompt the target saw (the LLM judge shows it to the judge). */
  prompt?: string;
  /** The calls the target made, when the prompt offered tools (none: an empty list or absent). */
  tool_calls?: ToolCall[];
  /** The whole dataset row, for scorers that read more than the answer (function documents, a category). */
  row?: Record<string, unknown>;
  /** Which attempt of its task this is (0-based): a recorded per-attempt verdict (an imported trial's reward) is read by it. */
  attempt_index?: number;
  /** A multi-turn attempt's user turns and the target's answers, in order (src/execution/multi-turn.ts); absent for one turn. */
  turns?: { question: string; answer: string }[];
  /** The conversation an agent stage had (assistant tool calls, tool results, user turns), for scorers that judge a trajectory. */
  trajectory?: readonly Message[];
  /** What the attempt's stage left for its scorer (src/execution/stage.ts AttemptState.store: an agent's final environment, its termination reason). */
  store?: Readonly<Record<string, unknown>>;
}

export interface ScoreResult {
  /** In [0, 1] for every built-in scorer; null when the attempt could not be scored. */
  reward: number | null;
  /** Why, in words a reader of the per-sample breakdown understands. */
  reason: string;
  /** Model-graded detail: the judge's score, per-dimension scores, its summary. */
  structured?: {
    composite?: number;
    dimensions?: Record<string, number>;
    /** How much each dimension counts when /scores pools it over attempts (default 1), e.g. a prompt's number of instructions. */
    weights?: Record<string, number>;
    judge_summary?: string;
    execution?: Record<string, unknown>;
    /** A benchmark grader's own report of the attempt (SWE-bench's tests_status, counted), kept for reading and re-checking. */
    report?: Record<string, unknown>;
    /**
     * The groups this attempt belongs to, by metric name (HallusionBench's `fAcc`: its figure; `qAcc`: its question):
     * /scores reports, per name, the share of groups whose every scored attempt got reward 1.
     */
    groups?: Record<string, string>;
  };
  /** The executed program's exit code (code execution); null when it was killed. */
  exit_code?: number | null;
}

/** A chat message sent to the judge model. */
export interface JudgeMessage {
  role: "system" | "user";
  content: string;
}

/**
 * Calls the run's judge model. Injected so the scorer imports no SDK; errors
 * it throws (rate limits, timeouts) propagate to the caller, which retries.
 */
export type Judge = (messages: JudgeMessage[]) => Promise<{ text: string }>;

/** A file of the attempt's dataset revision, as a row cell names it (LiveCodeBench's hidden tests). */
export interface RevisionFileRef {
  file: string;
  sha256: string;
  bytes: number;
}

export interface ScoreDeps {
  judge?: Judge;
  /** Runs a program in the sandbox (code execution); absent when no sandbox is configured. */
  execute?: Execute;
  /** A τ² domain's data by name (its pinned files, parsed once); absent where the scorer reads a slice from the row. */
  tau2Domain?: (name: string) => Promise<Tau2Domain>;
  /**
   * Reads a file of the attempt's dataset revision, checked against its sha256, and hands its text to `use`; the
   * reader may hold the call until the isolate has room for it (large files are read one after another).
   */
  withRevisionFile?: <T>(ref: RevisionFileRef, use: (text: string) => Promise<T>) => Promise<T>;
  /** A revision file's bytes as a stream, unchecked (the sandbox checks them against the sha256 when they are uploaded: BIRD's databases). */
  openRevisionFile?: (ref: RevisionFileRef) => Promise<ReadableStream<Uint8Array>>;
}

/** The spec member of one scorer type. */
export type SpecOf<T extends ScoringSpec["type"]> = Extract<ScoringSpec, { type: T }>;

/** The input a scorer of one type receives. */
export type ScoreInputOf<T extends ScoringSpec["type"]> = Omit<ScoreInput, "spec"> & { spec: SpecOf<T> };
