/**
 * Log-likelihoods through the openai provider's completions call, against
 * the fixture's /v1/completions (echo + logprobs + text_offset, as vLLM
 * answers): the right continuation is the most likely at the model's
 * accuracy, the same for every choice of a document, and a target without
 * the route fails with a reason that says what is needed.
 */
import { describe, expect, it } from "vitest";
import { scoreLoglikelihoods } from "../scorers/loglikelihood";
import { anthropicProvider } from "./anthropic";
import { openaiProvider } from "./openai";
import { ProviderError } from "./errors";
import { fixtureStats, fixtureUrl, uniqueModel } from "./test-fixture";

const ENDINGS = ["is using wrap to wrap a pair of skis.", "is ripping level tiles off.", "is holding a rubik's cube.", "starts pulling up roofing on a roof."];

async function teach(rows: { context: string; continuation: string }[]) {
  const r = await fetch(`${fixtureUrl()}/_answers`, { method: "POST", body: JSON.stringify(rows) });
  expect(r.status).toBe(200);
}

const provider = () => openaiProvider({ provider: "openai", base_url: `${fixtureUrl()}/v1` });
const call = (model: string, context: string, endings = ENDINGS) =>
  provider().loglikelihood!({ model, context, continuations: endings.map((e) => ` ${e}`), choiceTexts: endings, timeout_ms: 10_000 });

describe("log-likelihoods from the fixture's /v1/completions", { timeout: 60_000 }, () => {
  it("echoes each prompt as tokens with logprobs and text offsets; the continuation's sum is read from the offsets", async () => {
    const context = `Made-up activity ${crypto.randomUUID()}: a person sits down. they`;
    const body = { model: uniqueModel(), prompt: [`${context} stand up again.`], echo: true, logprobs: 1, max_tokens: 0 };
    const r = await fetch(`${fixtureUrl()}/v1/completions`, { method: "POST", body: JSON.stringify(body) });
    expect(r.status).toBe(200);
    const b: any = await r.json();
    expect(b).toMatchObject({ object: "text_completion", system_fingerprint: "assay-fixture", usage: { completion_tokens: 0 } });
    const lp = b.choices[0].logprobs;
    expect(b.choices[0].text).toBe(body.prompt[0]);
    expect(lp.tokens.join("")).toBe(body.prompt[0]);
    expect(lp.token_logprobs[0]).toBeNull();
    expect(lp.text_offset).toEqual(lp.tokens.map((_: string, i: number) => lp.tokens.slice(0, i).join("").length));
    // Not asked for echo and logprobs: none given, as a real server.
    const plain = await fetch(`${fixtureUrl()}/v1/completions`, { method: "POST", body: JSON.stringify({ ...body, echo: false }) });
    expect(((await plain.json()) as any).choices[0].logprobs).toBeNull();
  });

  it("a perfect model puts the key's continuation first, by raw sum and per character", async () => {
    const context = `Roof shingle removal ${crypto.randomUUID()}: A man is sitting on a roof. he`;
    await teach([{ context, continuation: ` ${ENDINGS[3]}` }]);
    const r = await call(uniqueModel("accuracy=1"), context);
    expect(r.choices).toHaveLength(4);
    expect(r.choices.map((c) => c.chars)).toEqual(ENDINGS.map((e) => e.length));
    // Each ending's tokens: one per word (the fixture joins a space to the word after it).
    expect(r.choices.map((c) => c.tokens)).toEqual(ENDINGS.map((e) => e.split(" ").length));
    expect(scoreLoglikelihoods(r.choices, 3, "acc").structured).toEqual({ dimensions: { acc: 1, acc_norm: 1 } });
    expect(r.input_tokens).toBeGreaterThan(0);
  });

  it("at accuracy 0.5 about half the documents are right, the same whether the choices come together or one by one", async () => {
    // The fixture's draw is salted by the model string and the context: fixed ones make the mix the same every run
    // (random ones put 16 draws at p = 0.5 outside 0.2-0.8 about one run in 50).
    const model = "fixture-completions-accuracy:accuracy=0.5,seed=3";
    const docs = Array.from({ length: 16 }, (_, k) => ({ context: `Made-up scene ${k} of the accuracy test: someone opens a door. they`, gold: k % 4 }));
    await teach(docs.map((d) => ({ context: d.context, continuation: ` ${ENDINGS[d.gold]}` })));
    const measured = await Promise.all(docs.map((d) => call(model, d.context)));
    const right = measured.map((m, k) => scoreLoglikelihoods(m.choices, docs[k]!.gold, "acc").reward!);
    // The draw is per context: asked one choice at a time, each continuation gets the same logprob.
    for (const k of [0, 1]) {
      const apart = await Promise.all(ENDINGS.map((e) => call(model, docs[k]!.context, [e])));
      expect(apart.map((a) => a.choices[0]!.logprob)).toEqual(measured[k]!.choices.map((c) => c.logprob));
    }
    const share = right.reduce((a, b) => a + b, 0) / right.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.8);
  });

  it("an endpoint error keeps its kind; a target with no completions route fails saying what it needs", async () => {
    const model = uniqueModel("status=500");
    await expect(call(model, "Some context that is long enough.")).rejects.toMatchObject({ kind: "transient", status: 500 });
    expect((await fixtureStats(model)).calls).toBe(1);
    // The Anthropic fixture route has no /v1/completions: a base URL without /v1 sends the call to /completions, which the fixture 404s.
    const noRoute = openaiProvider({ provider: "openai", base_url: fixtureUrl() });
    const err = await noRoute.loglikelihood!({ model: uniqueModel(), context: "ctx", continuations: [" a", " b"], choiceTexts: ["a", "b"], timeout_ms: 5000 }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: "permanent", status: 404 });
    expect(err.message).toMatch(/needs an OpenAI-compatible \/v1\/completions endpoint with echo and logprobs/);
    expect(anthropicProvider({ provider: "anthropic", base_url: fixtureUrl() }).loglikelihood).toBeUndefined();
  });
});
