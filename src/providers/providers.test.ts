import { describe, expect, it } from "vitest";
import { scoreAttempt } from "../scorers/registry";
import { ScoringSpec } from "../scorers/spec";
import { createProvider, makeJudge, ProviderError, type ModelProvider, type ProviderConfig } from "./index";
import { fixtureStats, fixtureStatsWhen, fixtureUrl, uniqueModel } from "./test-fixture";

const KEY = "sk-test-secret-0123456789";

const configs = (): Record<"openai" | "anthropic", ProviderConfig> => ({
  openai: { provider: "openai", base_url: `${fixtureUrl()}/v1`, api_key: KEY },
  anthropic: { provider: "anthropic", base_url: fixtureUrl(), api_key: KEY },
});

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ProviderError);
    return e as ProviderError;
  }
  throw new Error("expected the call to fail");
}

describe.each(["openai", "anthropic"] as const)("%s provider against the fixture", (kind) => {
  const provider = (): ModelProvider => createProvider(configs()[kind]);

  it("returns the answer with tokens, latency and the model name", async () => {
    const model = uniqueModel("latency_ms=20");
    const r = await provider().chat({
      model,
      messages: [
        { role: "system", content: "Answer with a short rationale." },
        { role: "user", content: "What is 17 + 25?" },
      ],
      temperature: 0,
      max_output_tokens: 200,
      timeout_ms: 5_000,
    });
    expect(r).toEqual({
      text: "17 + 25 = 42.\n#### 42",
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
      latency_ms: expect.any(Number),
      model,
      truncated: false,
    });
    expect(r.input_tokens!).toBeGreaterThan(0);
    expect(r.output_tokens!).toBeGreaterThan(0);
    expect(r.latency_ms).toBeGreaterThanOrEqual(15);
    expect(await fixtureStats(model)).toMatchObject({ calls: 1, max_in_flight: 1, in_flight: 0, by_status: { "200": 1 } });
  });

  it("warms its client without calling the endpoint; the first chat then makes the one call", async () => {
    let requests = 0;
    const counted: typeof fetch = (input, init) => (requests++, fetch(input, init));
    const p = createProvider(configs()[kind], { fetch: counted });
    expect(p.warm).toBeTypeOf("function");
    p.warm!();
    p.warm!();
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toBe(0);
    const model = uniqueModel("latency_ms=1");
    expect((await p.chat({ model, messages: [{ role: "user", content: "What is 17 + 25?" }], timeout_ms: 5_000 })).text).toContain("#### 42");
    expect(requests).toBe(1);
    expect(await fixtureStats(model)).toMatchObject({ calls: 1 });
  });

  it("classifies a 429 as rate_limit with the retry-after", async () => {
    const e = await failure(
      provider().chat({ model: uniqueModel("rate_429=1,retry_after_s=2"), messages: [{ role: "user", content: "hi" }], timeout_ms: 5_000 }),
    );
    expect([e.kind, e.status, e.retry_after_ms]).toEqual(["rate_limit", 429, 2000]);
    const frac = await failure(
      provider().chat({ model: uniqueModel("rate_429=1,retry_after_s=0.25"), messages: [{ role: "user", content: "hi" }], timeout_ms: 5_000 }),
    );
    expect(frac.retry_after_ms).toBe(250);
  });

  it("classifies a 500 as transient", async () => {
    const e = await failure(provider().chat({ model: uniqueModel("rate_500=1"), messages: [{ role: "user", content: "hi" }], timeout_ms: 5_000 }));
    expect([e.kind, e.status, e.retry_after_ms, e.retryable]).toEqual(["transient", 500, null, true]);
  });

  it("classifies a hung call as a timeout within the request's timeout", async () => {
    // The endpoint holds the call a minute, twice this test's time: a client that waited for it would fail here.
    const model = uniqueModel("timeout_rate=1,hang_ms=60000");
    const e = await failure(provider().chat({ model, messages: [{ role: "user", content: "hi" }], timeout_ms: 150 }));
    expect([e.kind, e.status]).toEqual(["timeout", null]);
    // Order, not wall time: the client hung up while the endpoint still held the call, which it never answered.
    expect(await fixtureStatsWhen(model, (s) => s.in_flight === 0)).toMatchObject({ calls: 1, in_flight: 0, by_status: { aborted: 1 } });
  });

  it.each([400, 401, 403, 404, 422])("classifies %i as permanent and never leaks the key", async (status) => {
    const e = await failure(provider().chat({ model: uniqueModel(`status=${status}`), messages: [{ role: "user", content: "hi" }], timeout_ms: 5_000 }));
    expect([e.kind, e.status, e.retryable]).toEqual(["permanent", status, false]);
    // The fixture echoes the credential it was sent; the error must not.
    expect(e.message).toContain("[redacted]");
    expect(e.message).not.toContain(KEY);
    expect(JSON.stringify(e)).not.toContain(KEY);
    expect(String(e.stack)).not.toContain(KEY);
  });

  it("sends no credential when none is configured", async () => {
    const e = await failure(
      createProvider({ ...configs()[kind], api_key: undefined }).chat({
        model: uniqueModel("status=401"),
        messages: [{ role: "user", content: "hi" }],
        timeout_ms: 5_000,
      }),
    );
    expect(e.message).toContain("credential: none");
  });

  it("classifies a lost connection as transient", async () => {
    // A refused loopback port works too, but workerd logs it as an uncaught error; a failing fetch is the same to the SDK.
    const lost: typeof fetch = async () => {
      throw new TypeError("Network connection lost.");
    };
    const e = await failure(createProvider(configs()[kind], { fetch: lost }).chat({ model: "fixture", messages: [{ role: "user", content: "hi" }], timeout_ms: 2_000 }));
    expect([e.kind, e.status, e.retry_after_ms]).toEqual(["transient", null, null]);
  });

  it("serves as the judge of an llm_judge scorer end to end", async () => {
    const judge = makeJudge(provider(), { model: uniqueModel(), timeout_ms: 5_000 });
    const spec = ScoringSpec.parse({ type: "llm_judge", criteria: "The answer gives the right number of eggs." });
    const right = await scoreAttempt({ output: "She sells 9 eggs, so $18.\n#### 18", expected: "#### 18", prompt: "How much?", spec }, { judge });
    const wrong = await scoreAttempt({ output: "#### 19", expected: "#### 18", prompt: "How much?", spec }, { judge });
    expect(right).toEqual({
      reward: 1,
      reason: "judge scored 1: The candidate answer contains the reference answer.",
      structured: { composite: 1, judge_summary: "The candidate answer contains the reference answer." },
    });
    expect(wrong.reward).toBe(0);
  });
});

describe("provider request shape", () => {
  it("passes sampling settings and extra params, and Anthropic gets system and a default max_tokens", async () => {
    const seen: { url: string; body: any }[] = [];
    const spy: typeof fetch = async (input, init) => {
      seen.push({ url: String(input instanceof Request ? input.url : input), body: JSON.parse(String(init?.body)) });
      return fetch(input, init);
    };
    const messages = [
      { role: "system" as const, content: "Be brief." },
      { role: "user" as const, content: "What is 2 + 2?" },
    ];
    const req = { model: "fixture", messages, temperature: 0.2, top_p: 0.9, timeout_ms: 5_000, params: { seed: 7, model: "ignored" } };
    await createProvider(configs().openai, { fetch: spy }).chat({ ...req, max_output_tokens: 64 });
    await createProvider({ ...configs().anthropic, base_url: `${fixtureUrl()}/v1/` }, { fetch: spy }).chat(req);
    expect(seen.map((s) => s.url)).toEqual([`${fixtureUrl()}/v1/chat/completions`, `${fixtureUrl()}/v1/messages`]);
    expect(seen[0]!.body).toEqual({ seed: 7, model: "fixture", messages, temperature: 0.2, top_p: 0.9, max_tokens: 64, stream: false });
    expect(seen[1]!.body).toEqual({
      seed: 7,
      model: "fixture",
      system: "Be brief.",
      messages: [{ role: "user", content: "What is 2 + 2?" }],
      max_tokens: 1024,
      temperature: 0.2,
      top_p: 0.9,
      stream: false,
    });
  });
});
