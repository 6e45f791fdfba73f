import * as OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { toProviderError } from "../providers/errors";
import { errorCountsOf, errorKindOf, failureReason, runOutcome, type BenchmarkTally, type CellTally } from "./run-outcome";

const cell = (o: Partial<CellTally> = {}): CellTally => ({ target: "a", requested: 4, scored: 4, unscored: 0, groups: [], ...o });
const bm = (id: string, cells: CellTally[], o: Partial<BenchmarkTally> = {}): BenchmarkTally => ({ benchmark_id: id, name: null, status: "running", error: null, cells, ...o });
const e401 = "model call: model endpoint answered 401 fixture refused the call with 401 (credential: [redacted])";

describe("error kinds", () => {
  // The wording comes from the provider errors and the executor: classify what they really write.
  const sdk401 = toProviderError(OpenAI.APIError.generate(401, { error: { message: "bad key" } }, undefined, new Headers()), "sk", 0);
  const sdk503 = toProviderError(OpenAI.APIError.generate(503, { error: { message: "down" } }, undefined, new Headers()), "sk", 0);
  const refused = toProviderError(new OpenAI.APIConnectionError({ message: "Connection error." }), "sk", 0);
  const slow = toProviderError(new OpenAI.APIConnectionTimeoutError(), "sk", 0);
  it.each([
    ["failed", `model call: ${sdk401.message}`, "http_401"],
    ["failed", `model call: ${sdk503.message} (gave up after 6 tries)`, "http_503"],
    ["failed", "model call: model endpoint answered 429 Too Many Requests (gave up after 6 tries)", "rate_limited"],
    ["failed", `model call: ${refused.message} (gave up after 6 tries)`, "unreachable"],
    ["timed_out", `model call: ${slow.message} (gave up after 6 tries)`, "timeout"],
    ["timed_out", "no progress for 17 min after 2 re-sends: its queue message was lost or kept failing", "lost"],
    ["failed", "scoring: judge answered nothing usable", "scoring"],
    ["failed", "internal: R2 read failed", "internal"],
    ["cancelled", null, "cancelled"],
    ["succeeded", "the row has no expected answer", "unscored"],
    ["failed", "something else", "other"],
  ] as const)("%s %j → %s", (status, error, kind) => {
    expect(errorKindOf(status, error)).toBe(kind);
  });

  it("counts by kind, most frequent first, and counts attempts beyond the groups read as other", () => {
    expect(
      errorCountsOf(
        [
          { status: "timed_out", error: "model call: model call timed out: Request timed out.", count: 2 },
          { status: "failed", error: e401, count: 5 },
        ],
        9,
      ),
    ).toEqual({ http_401: 5, other: 2, timeout: 2 });
    expect(Object.keys(errorCountsOf([{ status: "failed", error: e401, count: 1 }, { status: "timed_out", error: "x", count: 3 }]))).toEqual(["timeout", "http_401"]);
  });

  it("says why in words a user reads", () => {
    expect(failureReason({ http_401: 40 }, 40)).toBe("401 from the target: invalid API key (40 of 40 attempts)");
    expect(failureReason({ unreachable: 3, timeout: 1 }, 4)).toBe("the target could not be reached (3 of 4 attempts); also the target did not answer in time (1)");
    expect(failureReason({}, 4)).toBe("no attempt produced a result (0 of 4 attempts ended)");
  });
});

describe("runOutcome", () => {
  it("a benchmark whose every attempt ended without a reward is failed with the dominant error; the run follows", () => {
    const out = runOutcome([bm("bm_a", [cell({ scored: 0, unscored: 4, groups: [{ status: "failed", error: e401, count: 4 }] })], { name: "GSM8K" })]);
    expect(out).toEqual({
      status: "failed",
      error: "GSM8K: 401 from the target: invalid API key (4 of 4 attempts)",
      error_counts: { http_401: 4 },
      benchmarks: [
        {
          benchmark_id: "bm_a",
          name: "GSM8K",
          status: "failed",
          error: "401 from the target: invalid API key (4 of 4 attempts)",
          error_counts: { http_401: 4 },
          targets: { a: { status: "failed", error: "401 from the target: invalid API key (4 of 4 attempts)", requested: 4, scored: 0, error_counts: { http_401: 4 } } },
        },
      ],
    });
  });

  it("a partly scored benchmark stays completed with its counts", () => {
    const out = runOutcome([bm("bm_a", [cell({ scored: 1, unscored: 3, groups: [{ status: "failed", error: e401, count: 3 }] })])]);
    expect(out).toMatchObject({ status: "completed", error: null, error_counts: { http_401: 3 } });
    expect(out.benchmarks[0]).toMatchObject({ status: "completed", error: null, targets: { a: { status: "completed", scored: 1 } } });
  });

  it("every benchmark scored: completed with no error and no counts", () => {
    expect(runOutcome([bm("bm_a", [cell()]), bm("bm_b", [cell()])])).toMatchObject({ status: "completed", error: null, error_counts: {} });
  });

  it("some failed and some completed: the run is failed (a failed run may hold valid scores) and names only the failed ones", () => {
    const out = runOutcome([bm("bm_a", [cell()]), bm("bm_b", [cell({ scored: 0, unscored: 4, groups: [{ status: "failed", error: "model call: could not reach the model endpoint: Connection error. (gave up after 6 tries)", count: 4 }] })])]);
    expect(out.status).toBe("failed");
    expect(out.error).toBe("bm_b: the target could not be reached (4 of 4 attempts)");
    expect(out.benchmarks.map((b) => b.status)).toEqual(["completed", "failed"]);
  });

  it("all failed says so; a benchmark that could not be planned keeps its own error", () => {
    const out = runOutcome([
      bm("bm_a", [], { status: "failed", error: "its dataset x@1 is not available", name: "MMLU" }),
      bm("bm_b", [cell({ scored: 0, unscored: 4, groups: [{ status: "failed", error: e401, count: 4 }] })], { name: "GSM8K" }),
    ]);
    expect(out.error).toBe("every benchmark failed: MMLU: its dataset x@1 is not available; GSM8K: 401 from the target: invalid API key (4 of 4 attempts)");
    expect(out.benchmarks.map((b) => [b.benchmark_id, b.name])).toEqual([["bm_a", "MMLU"], ["bm_b", "GSM8K"]]);
  });

  it("a benchmark without a name (deleted since) is named by its id", () => {
    expect(runOutcome([bm("bm_gone", [cell({ scored: 0, unscored: 4, groups: [{ status: "failed", error: e401, count: 4 }] })])]).error).toBe(
      "bm_gone: 401 from the target: invalid API key (4 of 4 attempts)",
    );
  });

  it("with a compare target, the side that scored nothing fails and is named; the other keeps its verdict", () => {
    const out = runOutcome([bm("bm_a", [cell(), cell({ target: "b", scored: 0, unscored: 4, groups: [{ status: "failed", error: e401, count: 4 }] })])]);
    expect(out.benchmarks[0]).toMatchObject({
      status: "failed",
      error: "target B: 401 from the target: invalid API key (4 of 4 attempts)",
      targets: { a: { status: "completed", error: null }, b: { status: "failed" } },
    });
  });
});
