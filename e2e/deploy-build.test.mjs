// What the deploy build changes (scripts/lib/worker-build.mjs: stand-ins
// for the SDK parts Assay never calls, a zod whose `z` holds only the
// members used, a second minification by oxc) changes no behaviour. The
// providers and the HTTP app (e2e/lib/deploy-build-entry.ts), built as the
// deploy builds the Worker, make every kind of model call the Worker makes
// against the fixture model (chat with both SDKs, log-likelihoods through
// OpenAI's completions, both batch APIs from submit to results and cancel,
// errors classified by the SDKs' error classes), a left-out resource
// refuses use saying where it went, and the app serves the OpenAPI document
// the same entry serves built the plain way (zod whole, the SDKs whole, no
// oxc): every route's schemas, byte for byte, though the deployed code
// leaves zod-to-openapi's generators and the routes' documentation out and
// serves the document built at deploy time; and every route validates its
// requests as the plain build does; the built-ins' pinned sources are the
// plain build's, though their prompt templates and few-shot notes (which
// the Worker reads from D1) are left out. Starts the fixture model on
// loopback; writes a temporary folder.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { startFixtureModel } from "../fixture/model-server.mjs";
import { buildWorker, OPENAPI_ASSET, SDK_STAND_INS, withoutDocumentation } from "../scripts/lib/worker-build.mjs";

const dir = mkdtempSync(join(tmpdir(), "assay-deploy-build-"));
const ENTRY = "e2e/lib/deploy-build-entry.ts";
const KEY = "sk-test-secret-0123456789";
let fixture;
let built;
let plain;
let meta;
let plainMeta;
const config = (kind) => (kind === "openai" ? { provider: "openai", base_url: `${fixture.url}/v1`, api_key: KEY } : { provider: "anthropic", base_url: fixture.url, api_key: KEY });
const QUESTION = [{ role: "user", content: "What is 17 + 25?" }];

/** The entry built into `name` with buildWorker's `options`, imported (the build is an ES module; its folder says so to Node). */
async function load(name, options) {
  const { script, metafile } = await buildWorker({ outdir: join(dir, name), ...options, override: { main: ENTRY, ...options.override } });
  writeFileSync(join(dir, name, "package.json"), '{ "type": "module" }\n');
  return { module: await import(pathToFileURL(script).href), metafile };
}

before(async () => {
  fixture = await startFixtureModel({ port: 0 });
  ({ module: built, metafile: meta } = await load("deployed", {}));
  ({ module: plain, metafile: plainMeta } = await load("plain", { override: { alias: {} }, standIns: [], prebuiltOpenApi: false, catalogText: true, oxc: false }));
});

after(async () => {
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the Worker's code as npm run deploy builds it", () => {
  it("are built with every stand-in in place of what it replaces", () => {
    const inputs = Object.keys(meta.inputs);
    for (const s of SDK_STAND_INS) assert.ok(inputs.includes(s.standIn), `${s.standIn} is not in the build`);
    for (const gone of ["node_modules/openai/resources/chat/completions/completions.mjs", "node_modules/openai/lib/ChatCompletionStream.mjs", "node_modules/openai/resources/responses/responses.mjs", "node_modules/openai/core/streaming.mjs", "node_modules/@anthropic-ai/sdk/lib/MessageStream.mjs", "node_modules/openai/internal/auth/x509-workload-identity-auth.mjs", "node_modules/openai/auth/workload-identity-auth.mjs", "node_modules/@anthropic-ai/sdk/lib/credentials/credential-chain.mjs", "node_modules/@anthropic-ai/sdk/lib/credentials/token-cache.mjs", "node_modules/@opentelemetry/api/dist/index.mjs"]) {
      assert.ok(!inputs.includes(gone), `${gone} is still in the build`);
    }
    for (const kept of ["node_modules/openai/resources/completions.mjs", "node_modules/openai/resources/files.mjs", "node_modules/openai/resources/batches.mjs", "node_modules/@anthropic-ai/sdk/resources/messages/batches.mjs"]) {
      assert.ok(inputs.includes(kept), `${kept} is not in the build`);
    }
  });

  for (const kind of ["openai", "anthropic"]) {
    it(`chat through ${kind}'s SDK: the answer, its tokens and the model`, async () => {
      const model = `fixture-deploy-${kind}`;
      const r = await built.createProvider(config(kind)).chat({ model, messages: QUESTION, temperature: 0, max_output_tokens: 200, timeout_ms: 10_000 });
      assert.equal(r.text, "17 + 25 = 42.\n#### 42");
      assert.equal(r.model, model);
      assert.equal(r.truncated, false);
      assert.ok(r.input_tokens > 0 && r.output_tokens > 0);
    });

    it(`${kind}'s errors are told apart by the SDK's error classes: a 429 is a rate limit with its retry-after, a 500 transient, a hung call a timeout`, async () => {
      const provider = built.createProvider(config(kind));
      const limited = await provider.chat({ model: `fixture-deploy-${kind}:rate_429=1,retry_after_s=2`, messages: QUESTION, timeout_ms: 10_000 }).catch((e) => e);
      assert.equal(limited.kind, "rate_limit", String(limited));
      assert.equal(limited.retry_after_ms, 2000);
      const broken = await provider.chat({ model: `fixture-deploy-${kind}:status=500`, messages: QUESTION, timeout_ms: 10_000 }).catch((e) => e);
      assert.equal(broken.kind, "transient", String(broken));
      assert.equal(broken.status, 500);
      const hung = await provider.chat({ model: `fixture-deploy-${kind}:timeout_rate=1,hang_ms=3000`, messages: QUESTION, timeout_ms: 300 }).catch((e) => e);
      assert.equal(hung.kind, "timeout", String(hung));
    });

    it(`${kind}'s batch API: submitted, polled to its end, every result read back, and a cancel accepted`, async () => {
      const batch = built.createBatchClient(config(kind));
      const requests = ["a", "b"].map((id) => ({ custom_id: `req-${id}`, req: { model: `fixture-deploy-batch-${kind}`, messages: QUESTION, max_output_tokens: 200, timeout_ms: 10_000 } }));
      const id = await batch.submit(requests, { run: "deploy-build" });
      let state = await batch.state(id);
      for (let i = 0; i < 50 && !state.ended; i++) state = await batch.state(id);
      assert.ok(state.ended, `the batch did not end: ${state.status}`);
      const results = await batch.results(id, requests);
      assert.deepEqual(results.map((r) => [r.custom_id, r.kind, r.result?.text]), requests.map((r) => [r.custom_id, "succeeded", "17 + 25 = 42.\n#### 42"]));
      const another = await batch.submit(requests.slice(0, 1), {});
      await batch.cancel(another);
    });
  }

  it("log-likelihoods through openai's completions resource", async () => {
    const provider = built.createProvider(config("openai"));
    const r = await provider.loglikelihood({ model: "fixture-deploy-ll", context: "A person sits down. they", continuations: [" stand up.", " sit still."], choiceTexts: ["stand up.", "sit still."], timeout_ms: 10_000 });
    assert.equal(r.choices.length, 2);
    for (const c of r.choices) assert.ok(Number.isFinite(c.logprob) && c.tokens > 0, JSON.stringify(c));
  });

  it("a resource left out of the build refuses use, naming itself and the stand-in that left it out", async () => {
    const client = await built.openaiClient(config("openai"), {})();
    assert.throws(() => client.chat.completions, /openai's chat API is not in Assay's Worker build \(workers\/bundle\/openai-resources\.js/);
    assert.throws(() => client.embeddings.create, /openai's embeddings API is not in Assay's Worker build/);
    const anthropic = await built.anthropicClient(config("anthropic"), {})();
    assert.throws(() => anthropic.messages.stream({ model: "m", max_tokens: 1, messages: QUESTION }), /messages\.stream\(\) is not in Assay's Worker build/);
  });

  it("auth Assay never configures refuses, naming its stand-in: OpenAI's workload identities, Anthropic's credential chain; Anthropic's client traces nothing", async () => {
    const x509 = { type: "x509", identityProviderId: "idp", serviceAccountId: "sa", certificate: "c", privateKey: "k" };
    const subjectToken = { clientId: "c", identityProviderId: "idp", serviceAccountId: "sa", provider: { tokenType: "jwt", getToken: async () => "t" } };
    for (const workloadIdentity of [x509, subjectToken]) {
      assert.throws(() => new built.OpenAI({ workloadIdentity, baseURL: `${fixture.url}/v1` }), /workload-identity auth is not in Assay's Worker build \(workers\/bundle\/openai-workload-identity\.js/);
    }
    assert.throws(() => new built.MessagesClient({ config: { authentication: { type: "oidc_federation" } } }), /credential chain is not in Assay's Worker build \(workers\/bundle\/anthropic-credentials\.js/);
    assert.throws(() => new built.MessagesClient({ credentials: async () => ({ token: "t" }) }), /credential chain is not in Assay's Worker build/);
    // What the Worker makes: an API key, so none of the above, and no OpenTelemetry (its API is left out).
    const anthropic = await built.anthropicClient(config("anthropic"), {})();
    assert.equal(anthropic.openTelemetry.traces.enabled, false);
    assert.equal((await built.openaiClient(config("openai"), {})()).apiKey, KEY);
  });

  // Variables the app's configuration check asks for; the document reads nothing else.
  const appEnv = { ASSAY_SECRET_KEY: "test-secret-key-0123456789abcdef", ASSAY_BOOTSTRAP_TOKEN: "test-bootstrap-token" };
  /** The static assets as the deploy uploads them: the document the build wrote, at OPENAPI_ASSET. */
  const ASSETS = {
    fetch: async (req) => (new URL(req.url ?? req).pathname === OPENAPI_ASSET ? new Response(readFileSync(join(dir, "deployed", "openapi.json"))) : new Response("not found", { status: 404 })),
  };

  it("serves the OpenAPI document the plain build serves (every route's schemas through zod whole and zod-to-openapi), built at deploy time and read from its assets", async () => {
    const doc = async (m, env) => {
      const r = await m.buildApp().request("http://assay.test/api/openapi.json", {}, env);
      assert.equal(r.status, 200, await r.clone().text());
      return r.text();
    };
    assert.ok("workers/bundle/zod.js" in meta.inputs && !("workers/bundle/zod.js" in plainMeta.inputs), "one build with the Worker's zod, one with zod whole");
    const [deployed, reference] = await Promise.all([doc(built, { ...appEnv, ASSETS }), doc(plain, appEnv)]);
    assert.ok(JSON.parse(reference).paths["/api/eval-runs"], "the plain build's document has the routes");
    assert.equal(deployed, reference);
    // Without its assets the deployed app says so instead of serving a document it cannot generate.
    const missing = await built.buildApp().request("http://assay.test/api/openapi.json", {}, appEnv);
    assert.equal(missing.status, 503);
    assert.match((await missing.json()).detail, /not among the Worker's assets \(\/_assay\/openapi\.json\)/);
  });

  it("leaves zod-to-openapi's generators and the routes' summaries, descriptions and examples out of the deployed code", () => {
    const code = readFileSync(join(dir, "deployed", "index.js"), "utf8");
    const doc = JSON.parse(readFileSync(join(dir, "deployed", "openapi.json"), "utf8"));
    const summaries = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.summary));
    assert.ok(summaries.length > 50, `the document has ${summaries.length} summaries`);
    assert.deepEqual(summaries.filter((t) => code.includes(JSON.stringify(t).slice(1, -1))), [], "summaries still in the deployed code");
    assert.ok(readFileSync(join(dir, "plain", "index.js"), "utf8").includes(summaries[0]), "the plain build keeps them");
    assert.throws(() => built.buildApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }), /zod-to-openapi's OpenApiGeneratorV31 is not in Assay's Worker build \(workers\/bundle\/zod-to-openapi\.js/);
  });

  it("validates every route's request as the plain build does: params, query, headers and body, each given the same inputs, with the same issues", () => {
    const requests = (m) => m.buildApp().openAPIRegistry.definitions.filter((d) => d.type === "route").map((d) => ({ at: `${d.route.method} ${d.route.path}`, request: d.route.request ?? {} }));
    const [deployed, reference] = [requests(built), requests(plain)];
    assert.ok(reference.length > 50, `${reference.length} routes`);
    assert.deepEqual(deployed.map((r) => r.at), reference.map((r) => r.at));
    const inputs = [undefined, null, {}, [], "text", 7, { id: "x", limit: "-1", cursor: 3 }, { name: "", model: 5, options: { concurrency: 0 } }, { name: "n".repeat(300), benchmarks: ["b"], target: { kind: "model" } }];
    const schemas = (request) => [["params", request.params], ["query", request.query], ["headers", request.headers], ["body", request.body?.content?.["application/json"]?.schema]].filter(([, s]) => s?.safeParse);
    let compared = 0;
    for (const [i, r] of reference.entries()) {
      const theirs = schemas(r.request);
      const ours = schemas(deployed[i].request);
      assert.deepEqual(ours.map(([k]) => k), theirs.map(([k]) => k), r.at);
      for (const [j, [where, schema]] of theirs.entries()) {
        for (const input of inputs) {
          const [a, b] = [ours[j][1].safeParse(input), schema.safeParse(input)];
          assert.deepEqual(JSON.parse(JSON.stringify({ ok: a.success, data: a.data, issues: a.error?.issues })), JSON.parse(JSON.stringify({ ok: b.success, data: b.data, issues: b.error?.issues })), `${r.at} ${where} given ${JSON.stringify(input)}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 500, `${compared} validations compared`);
  });

  it("gives every built-in the same pinned source (files, digests, notes) and normaliser kind, though its prompt template and few-shot note are left out", () => {
    const ids = plain.BUILTIN_BENCHMARKS.map((b) => b.id);
    assert.ok(ids.length > 40, `${ids.length} built-ins`);
    assert.deepEqual(built.BUILTIN_BENCHMARKS.map((b) => b.id), ids);
    let pinned = 0;
    for (const id of ids) {
      const [ours, theirs] = [built.pinnedSourceOf(id), plain.pinnedSourceOf(id)];
      assert.deepEqual(ours?.data, theirs?.data, id);
      assert.equal(typeof ours?.normalise, typeof theirs?.normalise, id);
      if (theirs) pinned++;
    }
    assert.ok(pinned > 30, `${pinned} built-ins with pinned data`);
    const [ours, theirs] = [built.BUILTIN_BENCHMARKS.find((b) => b.id === "bm_gsm8k"), plain.BUILTIN_BENCHMARKS.find((b) => b.id === "bm_gsm8k")];
    assert.deepEqual([ours.prompt_template, ours.few_shot.note], [undefined, undefined]);
    assert.ok(theirs.prompt_template.includes("{question}") && theirs.few_shot.note.length > 0);
  });

  it("leaves out only the documentation keys of what defineRoute and .openapi() are given (and a route's responses, id, tags), never a schema's own field of that name, and marks pure the top-level schemas made from z alone", async () => {
    const source = `const P = page(z.string());
export const C = A.extend({});
const A = z.object({ description: z.string(), summary: z.string().openapi({ description: "d", example: "e" }) }).openapi("A", { description: "a", examples: [{ description: "kept" }] });
const r = defineRoute({ method: "get", operationId: "getA", tags: ["a"], summary: "s", description: "x", request: { query: z.object({ description: z.string() }), body: { description: "b", content: {} } }, responses: { 200: { description: "ok", content: { "application/json": { schema: A } } }, 201: json(z.object({}).openapi({ description: "in what goes" }), "d") } });`;
    assert.equal(
      await withoutDocumentation(source, "routes.ts"),
      `const P = page(z.string());
export const C = A.extend({});
const A = /* @__PURE__ */ z.object({ description: /* @__PURE__ */ z.string(), summary: /* @__PURE__ */ z.string().openapi({  }) }).openapi("A", {  });
const r = defineRoute({ method: "get", request: { query: z.object({ description: z.string() }), body: { content: {} } },  });`,
    );
  });
});
