/**
 * Long outputs live in R2, not in D1 (src/storage/attempt-outputs.ts): an
 * attempt whose output passes OUTPUT_INLINE_BYTES keeps it in its
 * transcript object and its row keeps the key; the trial shows it whole,
 * the samples cut as they cut any output, the comparison reads it, and a
 * re-score scores the whole text. Shorter outputs stay in the row. Runs an
 * outputs run (recorded replies, no model) through the real queue.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SAMPLE_OUTPUT_CHARS } from "../../src/db/samples";
import { OUTPUT_INLINE_BYTES, outputTooLong } from "../../src/storage/attempt-outputs";
import { call, newProject } from "../../test/http";
import { arithmeticBenchmark, arithmeticRows, importRows, waitForRun } from "../../test/runs";

describe("long outputs", { timeout: 120_000 }, () => {
  it("are measured in UTF-8 bytes", () => {
    expect(outputTooLong(null)).toBe(false);
    expect(outputTooLong("a".repeat(OUTPUT_INLINE_BYTES))).toBe(false);
    expect(outputTooLong("a".repeat(OUTPUT_INLINE_BYTES + 1))).toBe(true);
    // Two bytes a character: past the limit at half as many characters.
    expect(outputTooLong("é".repeat(OUTPUT_INLINE_BYTES / 2))).toBe(false);
    expect(outputTooLong("é".repeat(OUTPUT_INLINE_BYTES / 2 + 1))).toBe(true);
  });

  it("live in the transcript object, and every reader follows the row's key to the whole text", async () => {
    const { key, project } = await newProject("long-outputs");
    const rows = arithmeticRows(3);
    const bm = await arithmeticBenchmark(key, project.id, rows);
    // q1: 12,000 characters of reasoning, then the right answer; q2: short and right; q3: 2,100 two-byte characters, then a wrong answer.
    const long = `${"Let me think about this step by step. ".repeat(316)}So #### ${rows[0]!.answer}`;
    const wide = `${"é".repeat(2_100)} #### ${Number(rows[2]!.answer) + 1}`;
    const outputs = [
      { task: "q1", text: long },
      { task: "q2", text: `so #### ${rows[1]!.answer}` },
      { task: "q3", text: wide },
    ];
    const ref = await importRows(project.id, `long-${crypto.randomUUID().slice(0, 6)}`, outputs);
    const created = await call("POST", "/api/eval-runs", { key, body: { benchmarks: [bm], target: { kind: "outputs", dataset: ref, key_column: "task", output_column: "text" } } });
    const runId = created.body.id as string;
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect(await waitForRun(key, runId)).toMatchObject({ status: "completed", scored_attempts: 3 });

    // In D1: the long ones keep only the key of the object that holds them (their transcript's).
    const stored = (await env.DB.prepare(`SELECT seq, output, output_key, transcript_key, reward FROM attempts WHERE run_id = ?1 ORDER BY seq`).bind(runId).all<any>()).results;
    expect(stored.map((r) => [r.output === null, r.output_key === r.transcript_key && r.output_key !== null, r.reward])).toEqual([
      [true, true, 1],
      [false, false, 1],
      [true, true, 0],
    ]);

    // The trial: the whole text. The samples: cut as any output is, saying so.
    const samples = (await call("GET", `/api/eval-runs/${runId}/samples?limit=10`, { key })).body.items;
    expect(samples.map((s: any) => [s.output.length, s.output_truncated])).toEqual([
      [SAMPLE_OUTPUT_CHARS, true],
      [outputs[1]!.text.length, false],
      [SAMPLE_OUTPUT_CHARS, true],
    ]);
    expect(samples[0].output).toBe(long.slice(0, SAMPLE_OUTPUT_CHARS));
    const trial = await call("GET", `/api/trials/${samples[0].id}`, { key });
    expect(trial.body.output).toBe(long);

    // A re-score reads the whole outputs back from R2 and scores them as the source did.
    const rescored = await call("POST", `/api/eval-runs/${runId}/rescore`, { key, body: { scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" } } });
    expect(rescored.status).toBe(202);
    expect(await waitForRun(key, rescored.body.id)).toMatchObject({ status: "completed", scored_attempts: 3 });
    const again = (await env.DB.prepare(`SELECT reward FROM attempts WHERE run_id = ?1 ORDER BY seq`).bind(rescored.body.id).all<any>()).results;
    expect(again.map((r) => r.reward)).toEqual([1, 1, 0]);

    // The comparison of the two shows the long outputs, cut as the samples cut them.
    const compared = await call("GET", `/api/compare/tasks?baseline=${runId}&candidate=${rescored.body.id}&benchmark_id=${bm}`, { key });
    expect(compared.status).toBe(200);
    const q1 = compared.body.items.find((t: any) => t.task_key === "q1");
    expect(q1.baseline.attempts[0].output).toBe(long.slice(0, SAMPLE_OUTPUT_CHARS));
    expect(q1.candidate.attempts[0]).toMatchObject({ output: long.slice(0, SAMPLE_OUTPUT_CHARS), output_truncated: true });
  });
});
