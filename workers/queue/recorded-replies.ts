/**
 * The outputs path of an inline attempt: where a live run calls the model,
 * an attempt of a recorded target takes its recorded output instead, and
 * everything after (scoring, storage, metrics) is the live run's. Two
 * sources: an outputs target's dataset revision (the row the plan matched to
 * this attempt) and a re-score's source run (the output the source stored
 * for the attempt at the same place). An attempt with none is missing, never
 * scored 0. No model is called here. The sources live in the isolate's
 * cached run context, so they keep resolved values only, never a promise
 * (awaiting another request's I/O is refused by workerd).
 * I/O: D1 and R2 through the bindings passed in.
 */
import { readOutputs, type AttemptSlot, type StoredOutput } from "../../src/db/attempts";
import { openDb } from "../../src/db/client";
import { findRevisionByRef } from "../../src/db/datasets";
import { getRunBenchmark } from "../../src/db/run-benchmarks";
import type { DatasetRevisionRow, EvalRunRow } from "../../src/db/schema";
import { noOutputError, outputText } from "../../src/domain/recorded-outputs";
import type { StoredOutputsTarget, StoredTarget } from "../../src/domain/run-target";
import type { ChatResult } from "../../src/providers";
import type { RecordedReply } from "../../src/execution/stages/recorded";
import { followOutputs } from "../../src/storage/attempt-outputs";
import { ByteCache } from "../../src/storage/bounded-cache";
import { readRecordedPlan } from "../../src/storage/recorded-plans";
import { rowAt } from "../../src/storage/row-cache";

export type { RecordedReply };

/** Where recorded outputs are read from. */
export interface RecordedBindings {
  DB: D1Database;
  ARTIFACTS: R2Bucket;
}

/** Gives an attempt of one target slot its recorded output. */
export type RecordedSource = (att: AttemptSlot, baseSeq: number) => Promise<RecordedReply>;

function reply(text: string, model: string): ChatResult {
  // Nothing was called: no tokens, no model time, nothing saying why the reply ended.
  return { text, input_tokens: null, output_tokens: null, latency_ms: 0, model, truncated: null };
}

/** Outputs from the target's dataset revision, by the row the plan matched to each attempt. */
function fromDataset(env: RecordedBindings, run: EvalRunRow, slot: "a" | "b", t: StoredOutputsTarget): RecordedSource {
  let rev: DatasetRevisionRow | undefined;
  return async (att) => {
    const plan = await readRecordedPlan(env.ARTIFACTS, run.id, att.benchmarkId, slot);
    const index = plan[att.memberIndex]?.[att.attemptIndex];
    if (index === undefined) {
      const had = plan[att.memberIndex]?.length ?? 0;
      return { missing: noOutputError(had ? `task ${att.memberKey} has ${had} recorded output(s), none for attempt ${att.attemptIndex + 1}` : `none for task ${att.memberKey} in ${t.dataset}`) };
    }
    const r = (rev ??= await findRevisionByRef(openDb(env.DB), run.projectId, t.dataset));
    if (!r) return { missing: noOutputError(`the outputs dataset ${t.dataset} is no longer available`) };
    const text = outputText((await rowAt(env.ARTIFACTS, r, index)).data[t.output_column]);
    if (text === null) return { missing: noOutputError(`row ${index + 1} of ${t.dataset} has no text in ${t.output_column}`) };
    return reply(text, `recorded:${t.dataset}`);
  };
}

/** Source attempts read per D1 statement: one primary-key range serves the neighbouring attempts of a batch. */
const SOURCE_WINDOW = 100;
/** What a re-score run keeps of its source's outputs (values, never promises): long ones come whole from R2. */
const SOURCE_WINDOW_BYTES = 4 * 1024 * 1024;

type SourceRow = Omit<StoredOutput, "seq">;

/** Outputs a re-score's source run stored, for the attempt at the same offset of the benchmark's range. */
function fromRun(env: RecordedBindings, run: EvalRunRow): RecordedSource {
  const windows = new ByteCache<Map<number, SourceRow>>(SOURCE_WINDOW_BYTES);
  const sourceRow = async (seq: number): Promise<SourceRow | undefined> => {
    const start = seq - (seq % SOURCE_WINDOW);
    let w = windows.get(String(start));
    if (!w) {
      // Long outputs live in R2 (src/storage/attempt-outputs.ts): read back in full, as the source attempt gave them.
      const rows = await followOutputs(env.ARTIFACTS, await readOutputs(env.DB, run.sourceRunId!, start, start + SOURCE_WINDOW));
      w = new Map(rows.map((x) => [x.seq, x]));
      windows.set(String(start), w, rows.reduce((n, r) => n + 2 * ((r.output?.length ?? 0) + (r.error?.length ?? 0)) + 100, 0));
    }
    return w.get(seq);
  };
  const sourceId = run.sourceRunId!;
  const bases = new Map<string, number | null>();
  const sourceBase = async (benchmarkId: string) => {
    if (bases.has(benchmarkId)) return bases.get(benchmarkId)!;
    const r = await getRunBenchmark(openDb(env.DB), sourceId, benchmarkId);
    bases.set(benchmarkId, r?.baseSeq ?? null);
    return r?.baseSeq ?? null;
  };
  return async (att, baseSeq) => {
    const base = await sourceBase(att.benchmarkId);
    if (base === null) return { missing: noOutputError(`the source run ${sourceId} has no attempts of ${att.benchmarkId}`) };
    const row = await sourceRow(base + (att.seq - baseSeq));
    if (!row || row.output === null) {
      const why = row ? `${row.status}${row.error ? `: ${row.error}` : ""}` : "it has no row";
      return { missing: noOutputError(`the source attempt has no output (${why.slice(0, 300)})`) };
    }
    return reply(row.output, `recorded:${sourceId}`);
  };
}

/** Where a slot's outputs come from: recorded (a re-score's source run, an outputs target) or undefined for a live target. */
export function recordedSource(env: RecordedBindings, run: EvalRunRow, slot: "a" | "b", target: StoredTarget): RecordedSource | undefined {
  if (run.sourceRunId) return fromRun(env, run);
  if (target.kind === "outputs") return fromDataset(env, run, slot, target);
  return undefined;
}
