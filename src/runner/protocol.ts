/**
 * The runner protocol (agent benchmarks), version assay.runner.v1: the
 * signed attempt Assay POSTs to a target's runner_url, and what the runner
 * posts back with the attempt's token: events (src/live/deltas.ts
 * RunnerEvent), artifacts, and one verifier result. Schemas and the
 * attempt's shape; no I/O.
 *
 * Callbacks answer 401 to a forged or malformed token, 403 to another
 * attempt's token, 409 once the attempt has ended or its token expired
 * (the attempt's timeout), 413 to an artifact over the size limit.
 */
import { z } from "zod";
import { MAX_EVENTS_PER_CALL, RunnerEvent } from "../live/deltas";

export const PROTOCOL = "assay.runner.v1";

/** One events call: up to MAX_EVENTS_PER_CALL events, applied in order. */
export const EventsBody = z.strictObject({ events: z.array(RunnerEvent).min(1).max(MAX_EVENTS_PER_CALL) });

/** The verifier's verdict. reward null: the attempt ran but could not be scored (it counts as missing, never 0). */
export const ResultBody = z.strictObject({
  reward: z.number().finite().nullable(),
  structured: z
    .object({
      composite: z.number().finite().optional(),
      dimensions: z.record(z.string().min(1).max(200), z.number().finite()).optional(),
      judge_summary: z.string().max(20_000).optional(),
    })
    .catchall(z.unknown())
    .nullable()
    .default(null),
  exit_code: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullable().default(null),
  /** Set when the attempt failed (the agent crashed, the environment broke): the attempt ends failed. */
  error: z.string().max(4000).nullable().default(null),
  /** The agent's final answer, if it has one (defaults to the last assistant message of its trace). */
  output: z.string().max(200_000).nullable().default(null),
  /**
   * How many replies the agent's model gave in the attempt, when the runner
   * counts them (Assay's bash harness: its model calls that returned). Absent
   * or null: not counted, and the attempt's turns stay unknown (never 0).
   */
  turns: z.number().int().min(0).max(1_000_000).nullable().default(null),
});
export type ResultBody = z.infer<typeof ResultBody>;

/** What Assay POSTs to runner_url (signed; see signing.ts). */
export interface AttemptDispatch {
  protocol: typeof PROTOCOL;
  attempt: {
    id: string;
    run_id: string;
    seq: number;
    dispatch_id: string;
    /** 1 for the first dispatch of this attempt. */
    try: number;
    attempt_index: number;
    target: "a" | "b";
    timeout_s: number;
    /** After this the token stops working and the attempt ends timed_out without a reward. */
    deadline_at: string;
  };
  task: {
    benchmark_id: string;
    benchmark_name: string;
    key: string;
    digest: string;
    row_index: number;
    subset: string | null;
    /** The benchmark's prompt for this row (few-shot examples first, as chat messages). */
    messages: { role: string; content: string }[];
    /** The row's expected answer when the benchmark names an answer column (for the runner's verifier). */
    expected: string | null;
    /** Every column of the dataset row. */
    data: Record<string, unknown>;
  };
  /** The benchmark's scoring spec, for information: the runner's verifier decides the reward. */
  scoring: Record<string, unknown> | null;
  /** The agent profile's parameters, then the run target's params over them. */
  params: Record<string, unknown>;
  /** The profile's secret parameters in clear (the signing secret excepted). */
  secrets: Record<string, string>;
  profile: string;
  sampling: { temperature: number; top_p: number | null; max_output_tokens: number };
  callbacks: { events: string; artifacts: string; result: string };
  /** Bearer token for the callbacks; works for this attempt only, until it ends or times out. */
  token: string;
}
