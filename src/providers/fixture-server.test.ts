/**
 * The fixture model server (fixture/model-server.mjs) as the tests and the
 * demo rely on it, driven over loopback from workerd.
 */
import { describe, expect, it } from "vitest";
import { scoreNumeric } from "../scorers/numeric";
import { NumericSpec } from "../scorers/spec";
import { fixtureStats, fixtureStatsWhen, fixtureUrl, uniqueModel } from "./test-fixture";

const numeric = NumericSpec.parse({ type: "numeric" });

async function ask(model: string, content: string, opts: { signal?: AbortSignal } = {}) {
  const r = await fetch(`${fixtureUrl()}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role: "user", content }] }),
    signal: opts.signal,
  });
  const body: any = await r.json();
  return { status: r.status, headers: r.headers, body, text: body.choices?.[0]?.message?.content as string | undefined };
}

async function addAnswers(rows: unknown[]) {
  const r = await fetch(`${fixtureUrl()}/_answers`, { method: "POST", body: JSON.stringify(rows) });
  expect(r.status).toBe(200);
  return (await r.json()) as { added: number };
}

describe("fixture model server", () => {
  it("labels itself as a fixture in both wire formats", async () => {
    const model = uniqueModel();
    const openai = await ask(model, "What is 1 + 1?");
    expect(openai.headers.get("x-assay-fixture")).toBe("1");
    expect(openai.body).toMatchObject({
      object: "chat.completion",
      model,
      system_fingerprint: "assay-fixture",
      choices: [{ index: 0, message: { role: "assistant", content: "1 + 1 = 2.\n#### 2" }, finish_reason: "stop" }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    const r = await fetch(`${fixtureUrl()}/v1/messages`, {
      method: "POST",
      body: JSON.stringify({ model, max_tokens: 50, system: "Be brief.", messages: [{ role: "user", content: [{ type: "text", text: "What is 2 * 3?" }] }] }),
    });
    expect(r.headers.get("x-assay-fixture")).toBe("1");
    expect(await r.json()).toMatchObject({
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text: "2 * 3 = 6.\n#### 6" }],
      stop_reason: "end_turn",
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    });
    const models: any = await (await fetch(`${fixtureUrl()}/v1/models`)).json();
    expect(models.data[0]).toMatchObject({ id: "fixture", owned_by: "assay-fixture" });
  });

  it.each([
    ["What is 17 + 25?", "42"],
    ["Compute 3 * (4 + 5).", "27"],
    ["Calculate (100 - 4) / 8 please", "12"],
    ["What is 7 / 2?", "3.5"],
    ["What is -3 + 5?", "2"],
    ["What is 2 * 3 + 4 * 5?", "26"],
    ["Examples: What is 1 + 1? 2\nNow: What is 9 - 12?", "-3"],
  ])("solves arithmetic: %s → %s", async (prompt, value) => {
    const { text } = await ask(uniqueModel(), prompt);
    expect(text!.endsWith(`#### ${value}`)).toBe(true);
  });

  it.each(["Tell me a joke.", "What is 5 / 0?", "What is the meaning of life?"])("is neutral when it does not know: %s", async (prompt) => {
    expect((await ask(uniqueModel(), prompt)).text).toBe("I am not sure.");
  });

  it("answers from the answer key: GSM8K rationales, letters, shuffled options, text", async () => {
    const model = uniqueModel();
    const gsm = await ask(model, "Question: A library has 1,250 books and lends out 3 boxes of 40 books. How many books remain on the shelves?\nAnswer:");
    expect(gsm.text!.endsWith("#### 1130")).toBe(true);
    expect((await ask(model, "Which gas do plants mainly take in from the air for photosynthesis?\nA. Oxygen\nB. Carbon dioxide\nC. Nitrogen\nD. Helium")).text).toBe(
      "The answer is (B).",
    );
    // The key says Mercury (A in the dataset); shuffled so Mercury is C, the fixture still picks it.
    expect((await ask(model, "Which planet is closest to the Sun?\nA. Venus\nB. Mars\nC. Mercury\nD. Earth\nAnswer:")).text).toBe("The answer is (C).");
    expect((await ask(model, "What is the capital city of Australia? Answer in one word.")).text).toBe("Canberra");
    expect((await ask(uniqueModel("accuracy=0"), "What is the capital city of Australia?")).text).toBe("I am not sure.");
  });

  it("picks the question asked last when few-shot examples come first", async () => {
    const prompt = [
      "Q: Mina saves $35 a week for 8 weeks, then spends $120 on a bicycle. How many dollars does she have left?\nA: #### 160",
      "Q: A baker fills 14 trays with 12 rolls each and sells all but 9 rolls. How many rolls does the baker sell?\nA:",
    ].join("\n\n");
    expect((await ask(uniqueModel(), prompt)).text!.endsWith("#### 159")).toBe(true);
  });

  it("is deterministic per prompt and model, and the seed changes which answers are right", async () => {
    const prompts = Array.from({ length: 40 }, (_, i) => `What is ${i + 3} * ${i + 11}?`);
    const run = async (model: string) => Promise.all(prompts.map(async (p) => (await ask(model, p)).text));
    const a = await run("fixture-det:accuracy=0.5,seed=1");
    expect(await run("fixture-det:accuracy=0.5,seed=1")).toEqual(a);
    expect(await run("fixture-det:accuracy=0.5,seed=2")).not.toEqual(a);
  });

  it("gets about the accuracy it is set to over 200 GSM8K-style questions, wrong answers being N+1", async () => {
    // Fixed questions and (below) a fixed model name: the 200 draws come out the same every run (random ones fell
    // outside 0.63-0.87 about once in 15,000). The tag keeps these questions apart from other tests' answer keys.
    const tag = "accuracy-draws";
    const rows = Array.from({ length: 200 }, (_, i) => {
      const [a, b] = [12 + i, 3 + (i % 17)];
      return {
        question: `[${tag}-${i}] A farm packs ${a} crates with ${b} melons each. How many melons are packed in total?`,
        answer: `${a} * ${b} = <<${a}*${b}=${a * b}>>${a * b}\n#### ${a * b}`,
        value: a * b,
      };
    });
    expect(await addAnswers(rows)).toMatchObject({ added: 200 });
    const model = "fixture-server-accuracy:accuracy=0.75";
    const rewards: number[] = [];
    for (let i = 0; i < rows.length; i += 10) {
      const batch = rows.slice(i, i + 10);
      const texts = await Promise.all(batch.map(async (row) => (await ask(model, `Solve step by step.\n${row.question}`)).text!));
      batch.forEach((row, k) => {
        const r = scoreNumeric({ output: texts[k]!, expected: row.answer, spec: numeric });
        rewards.push(r.reward!);
        if (r.reward === 0) expect(texts[k]!.endsWith(`#### ${row.value + 1}`)).toBe(true);
      });
    }
    const rate = rewards.reduce((s, r) => s + r, 0) / rewards.length;
    // Binomial sd is 0.031 at n = 200: ±0.12 is about four of them.
    expect(rate).toBeGreaterThan(0.63);
    expect(rate).toBeLessThan(0.87);
  });

  it("reports the most calls it had in flight at once", async () => {
    const model = uniqueModel("latency_ms=150");
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_, i) => ask(model, `What is ${i} + 1?`)));
    await ask(model, "What is 9 + 1?");
    const stats = await fixtureStats(model);
    expect(stats).toEqual({ calls: 6, max_in_flight: 5, in_flight: 0, by_status: { "200": 6 }, first_at: expect.any(Number), last_end_at: expect.any(Number) });
    // Two rounds of a 150 ms latency lie between the first call and the last end: a bench splits its wall time on these.
    expect(stats.first_at).toBeGreaterThanOrEqual(t0);
    expect(stats.last_end_at! - stats.first_at!).toBeGreaterThanOrEqual(300);
  });

  it("lets a retried call through after a 429: fault draws follow the call count of each prompt", async () => {
    const model = "fixture-faults:rate_429=0.5,seed=3";
    const statuses = async () => {
      await fetch(`${fixtureUrl()}/_reset?model=${encodeURIComponent(model)}`, { method: "POST" });
      const seen: number[] = [];
      for (let i = 0; i < 12; i++) seen.push((await ask(model, "What is 6 * 7?")).status);
      return seen;
    };
    const first = await statuses();
    expect(new Set(first)).toEqual(new Set([200, 429]));
    expect(await statuses()).toEqual(first);
    const stats = await fixtureStats(model);
    expect(stats.by_status["429"]! + stats.by_status["200"]!).toBe(12);
  });

  it("sends retry-after on 429s and holds hung calls until the client gives up", async () => {
    const limited = await ask(uniqueModel("rate_429=1,retry_after_s=3"), "hi");
    expect([limited.status, limited.headers.get("retry-after"), limited.body.error.type]).toEqual([429, "3", "rate_limit_error"]);
    const model = uniqueModel("timeout_rate=1,hang_ms=10000");
    await expect(ask(model, "hi", { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    // The server notices the dropped connection on its own schedule.
    const stats = await fixtureStatsWhen(model, (s) => s.in_flight === 0);
    expect(stats).toMatchObject({ calls: 1, max_in_flight: 1, in_flight: 0, by_status: { aborted: 1 } });
  });

  it("with vary=1 draws each repeat of a prompt afresh (for pass@k), otherwise repeats its answer", async () => {
    const repeats = async (model: string) => {
      await fetch(`${fixtureUrl()}/_reset?model=${encodeURIComponent(model)}`, { method: "POST" });
      const texts: string[] = [];
      for (let i = 0; i < 16; i++) texts.push((await ask(model, "What is 12 * 12?")).text!);
      return new Set(texts);
    };
    expect(await repeats("fixture-vary:accuracy=0.5,vary=1,seed=4")).toEqual(new Set(["12 * 12 = 144.\n#### 144", "12 * 12 = 145.\n#### 145"]));
    expect((await repeats("fixture-vary:accuracy=0.5,seed=4")).size).toBe(1);
  });

  it("refuses unknown knobs with a 400 naming the knob", async () => {
    const r = await ask("fixture:acuracy=0.5", "hi");
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("unknown fixture knob 'acuracy'");
  });

  it("answers judge prompts with a JSON verdict", async () => {
    const judgePrompt = (reference: string, candidate: string) =>
      `<criteria>\nCorrect.\n</criteria>\n\n<reference>\n${reference}\n</reference>\n\n<candidate>\n${candidate}\n</candidate>\n\nReply {"score": 0..1, "summary": "..."}`;
    const model = uniqueModel("accuracy=0");
    expect(JSON.parse((await ask(model, judgePrompt("Paris", "It is paris, of course."))).text!)).toMatchObject({ score: 1 });
    expect(JSON.parse((await ask(model, judgePrompt("Paris", "It is Lyon."))).text!)).toMatchObject({ score: 0 });
    expect(JSON.parse((await ask(model, judgePrompt("so 18\n#### 18", "The total is $18."))).text!)).toMatchObject({ score: 1 });
  });
});
