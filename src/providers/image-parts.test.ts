/**
 * Images on the wire: the exact request bodies the OpenAI and Anthropic
 * adapters send (captured by a fetch stand-in, through the real SDKs), and
 * the fixture model answering an image question only when its image
 * arrives, in both formats.
 */
import { describe, expect, it } from "vitest";
import type { ImageInput } from "../domain/images";
import { anthropicMessage, openaiMessage, withImages } from "./image-parts";
import { createProvider, type ChatMessage, type ProviderConfig } from "./index";
import { fixtureUrl, uniqueModel } from "./test-fixture";

const PNG: ImageInput = { kind: "base64", media_type: "image/png", data: "iVBORw0KGgo=" };
const URL_IMAGE: ImageInput = { kind: "url", url: "https://example.org/figure.jpg" };

/** Sends one chat through the adapter with a fetch that records the body and answers in the format. */
async function sentBody(provider: "openai" | "anthropic", messages: ChatMessage[]): Promise<any> {
  let body: any;
  const reply =
    provider === "openai"
      ? { id: "x", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }] }
      : { id: "x", type: "message", role: "assistant", model: "m", content: [{ type: "text", text: "ok" }], stop_reason: "end_turn", usage: { input_tokens: 1, output_tokens: 1 } };
  const fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    body = JSON.parse(String(init?.body));
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  const config: ProviderConfig = { provider, base_url: provider === "openai" ? "http://model.test/v1" : "http://model.test" };
  await createProvider(config, { fetch }).chat({ model: "m", messages, timeout_ms: 5_000 });
  return body;
}

describe("image parts on the wire", () => {
  const messages: ChatMessage[] = [
    { role: "system", content: "Be brief." },
    { role: "user", content: "An example question" },
    { role: "assistant", content: "An example answer" },
    { role: "user", content: "How many triangles?", images: [PNG, URL_IMAGE] },
  ];

  it("OpenAI: image_url parts (a data URL, or the URL as given) before the text; other messages keep string content", async () => {
    const body = await sentBody("openai", messages);
    expect(body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "An example question" },
      { role: "assistant", content: "An example answer" },
      {
        role: "user",
        content: [
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
          { type: "image_url", image_url: { url: "https://example.org/figure.jpg" } },
          { type: "text", text: "How many triangles?" },
        ],
      },
    ]);
  });

  it("Anthropic: image blocks with a base64 or url source before the text; the system prompt apart", async () => {
    const body = await sentBody("anthropic", messages);
    expect(body.system).toBe("Be brief.");
    expect(body.messages).toEqual([
      { role: "user", content: "An example question" },
      { role: "assistant", content: "An example answer" },
      {
        role: "user",
        content: [
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
          { type: "image", source: { type: "url", url: "https://example.org/figure.jpg" } },
          { type: "text", text: "How many triangles?" },
        ],
      },
    ]);
  });

  it("a request without images is what it was before images existed", async () => {
    const plain: ChatMessage[] = [{ role: "user", content: "What is 2 + 2?" }];
    expect((await sentBody("openai", plain)).messages).toEqual([{ role: "user", content: "What is 2 + 2?" }]);
    expect((await sentBody("anthropic", plain)).messages).toEqual([{ role: "user", content: "What is 2 + 2?" }]);
    expect(openaiMessage({ role: "user", content: "x", images: [] })).toEqual({ role: "user", content: "x" });
    expect(anthropicMessage({ role: "user", content: "x", images: [] })).toEqual({ role: "user", content: "x" });
  });

  it("withImages attaches to the last message only", () => {
    const out = withImages(messages.slice(0, 3).concat({ role: "user", content: "Q" }), [PNG]);
    expect(out.map((m) => m.images?.length ?? 0)).toEqual([0, 0, 0, 1]);
  });
});

/** Bytes the fixture learns as an image question's image, and the question it answers. */
const IMAGE_BYTES = new TextEncoder().encode("made-up figure for the image-parts test");
const QUESTION = "How many made-up circles does the figure of the image-parts test show?";

async function sha256(bytes: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe.each(["openai", "anthropic"] as const)("the fixture reads %s images", (kind) => {
  it("answers an image question only when the image whose digest it knows arrives", async () => {
    const res = await fetch(`${fixtureUrl()}/_answers`, { method: "POST", body: JSON.stringify([{ question: QUESTION, answer: "9", image_sha256: await sha256(IMAGE_BYTES) }]) });
    expect(res.status).toBe(200);
    const provider = createProvider({ provider: kind, base_url: kind === "openai" ? `${fixtureUrl()}/v1` : fixtureUrl() });
    const model = uniqueModel("accuracy=1");
    const ask = (images?: ImageInput[]) => provider.chat({ model, timeout_ms: 5_000, messages: [{ role: "user", content: QUESTION, ...(images ? { images } : {}) }] });
    const data = btoa(String.fromCharCode(...IMAGE_BYTES));
    expect((await ask([{ kind: "base64", media_type: "image/jpeg", data }])).text).toBe("Reading the figure step by step, the answer is \\boxed{9}.");
    expect((await ask()).text).toBe("I cannot see the image this question refers to, so I cannot answer.");
    const other = btoa("another picture");
    expect((await ask([{ kind: "base64", media_type: "image/jpeg", data: other }])).text).toMatch(/^The image I was given is not the one/);
  });

  it("wants every image of a several-image question, and replies bare when the key asks", async () => {
    const second = new TextEncoder().encode("a second made-up figure");
    const question = `${QUESTION} Compare it with the second figure.`;
    const key = [{ question, answer: "B", options: ["one", "two"], image_sha256: [await sha256(IMAGE_BYTES), await sha256(second)], reply: "bare" }];
    expect((await fetch(`${fixtureUrl()}/_answers`, { method: "POST", body: JSON.stringify(key) })).status).toBe(200);
    const provider = createProvider({ provider: kind, base_url: kind === "openai" ? `${fixtureUrl()}/v1` : fixtureUrl() });
    const model = uniqueModel("accuracy=1");
    const b64 = (b: Uint8Array): ImageInput => ({ kind: "base64", media_type: "image/jpeg", data: btoa(String.fromCharCode(...b)) });
    const ask = (images: ImageInput[]) => provider.chat({ model, timeout_ms: 5_000, messages: [{ role: "user", content: `${question}\n(A) one\n(B) two`, images }] });
    expect((await ask([b64(IMAGE_BYTES), b64(second)])).text).toBe("B");
    expect((await ask([b64(IMAGE_BYTES)])).text).toMatch(/^The image I was given is not the one/);
  });
});
