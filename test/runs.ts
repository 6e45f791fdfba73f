/**
 * Test helpers for execution: a dataset of arithmetic questions the fixture
 * model can solve, a regex benchmark over it, and a run against the fixture.
 */
import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { openDb } from "../src/db/client";
import { importRevision } from "../src/storage/dataset-import";
import { followOutputs } from "../src/storage/attempt-outputs";
import { call } from "./http";

export function fixtureBase(): string {
  return `${inject("fixtureUrl")}/v1`;
}

/** `n` questions like "What is 17 + 25?" with their answers, keyed q1..qn. */
export function arithmeticRows(n: number, offset = 0): { id: string; question: string; answer: string }[] {
  return Array.from({ length: n }, (_, i) => {
    const a = 3 + ((i + offset) * 7) % 90;
    const b = 2 + ((i + offset) * 13) % 50;
    return { id: `q${i + 1 + offset}`, question: `What is ${a} + ${b}?`, answer: String(a + b) };
  });
}

export async function importRows(projectId: string, name: string, rows: object[]) {
  const bytes = new TextEncoder().encode(rows.map((r) => JSON.stringify(r)).join("\n"));
  const { revision } = await importRevision(openDb(env.DB), env.ARTIFACTS, { projectId, name, format: "jsonl", bytes });
  return `${revision.name}@${revision.version}`;
}

/** A custom regex benchmark over `rows` reading '#### N' answers. */
export async function arithmeticBenchmark(key: string, projectId: string, rows = arithmeticRows(12), name = `arith-${crypto.randomUUID().slice(0, 8)}`) {
  const ref = await importRows(projectId, name, rows);
  const r = await call("POST", "/api/benchmarks", {
    key,
    body: {
      name,
      dataset: ref,
      prompt_template: "Solve it and end with '#### <number>'.\n{question}",
      answer_column: "answer",
      scoring: { type: "regex", pattern: "#### (-?[0-9.,]+)" },
    },
  });
  if (r.status !== 201) throw new Error(`benchmark create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

export async function createRun(key: string, benchmarks: string[], model: string, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const r = await call("POST", "/api/eval-runs", {
    key,
    body: {
      benchmarks,
      target: { kind: "model", provider: "openai", base_url: fixtureBase(), model, api_key: "sk-test-planted-secret-7731" },
      options,
      ...extra,
    },
  });
  if (r.status !== 201) throw new Error(`run create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

export async function waitForRun(key: string, runId: string, timeoutMs = 60_000, until = (p: any) => ["completed", "failed", "cancelled"].includes(p.status)) {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    last = (await call("GET", `/api/eval-runs/${runId}/progress`, { key })).body;
    if (until(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not get there in ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

/** Every attempt row of a run, straight from D1. */
export async function attemptsOf(runId: string) {
  const r = await env.DB.prepare(`SELECT * FROM attempts WHERE run_id = ?1 ORDER BY seq`).bind(runId).all<any>();
  // Outputs past OUTPUT_INLINE_BYTES live in R2: read them back as every reader does.
  return followOutputs(env.ARTIFACTS, r.results);
}

export async function fixtureStats(model: string) {
  // A read, so safe to repeat: workerd may reuse a pooled socket the fixture has just closed as idle ("Network connection lost").
  for (let tries = 1; ; tries++) {
    try {
      const r = await fetch(`${inject("fixtureUrl")}/_stats?model=${encodeURIComponent(model)}`);
      return (await r.json()) as { calls: number; max_in_flight: number; in_flight: number; by_status: Record<string, number> };
    } catch (err) {
      if (tries >= 3) throw err;
    }
  }
}

/** How often each prompt of `model` was answered by the fixture (admitted past its limiter), with its last user message. */
export async function fixturePrompts(model: string): Promise<{ prompt: string; calls: number }[]> {
  for (let tries = 1; ; tries++) {
    try {
      const r = await fetch(`${inject("fixtureUrl")}/_prompts?model=${encodeURIComponent(model)}`);
      return ((await r.json()) as { prompts: { prompt: string; calls: number }[] }).prompts;
    } catch (err) {
      if (tries >= 3) throw err;
    }
  }
}
