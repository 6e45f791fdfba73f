/**
 * What the openai SDK's client imports as its API resources in the Worker
 * `npm run deploy` uploads (scripts/lib/worker-build.mjs puts this module
 * where node_modules/openai/client.mjs imports ./resources/...): the SDK's
 * own Completions, Files and Batches, the three resources Assay calls
 * (log-likelihoods through /completions; the Batch API's files and
 * batches), and for each of the others a resource that refuses use.
 * `new OpenAI()` constructs all ~30 resources, so a bundler keeps every one
 * with what it imports (the chat-completion stream runners, the Responses
 * and Assistants stream accumulators, realtime, admin, ...): ~290 KB
 * minified, 56 KB gzipped, of a Worker that never calls them. Chat goes
 * through the client's generic post (src/providers/openai.ts), so `chat` is
 * not needed either. The client itself (request, retries, headers, errors)
 * is the SDK's, unchanged. e2e/deploy-build.test.mjs runs the providers'
 * every call through this build against the fixture model.
 *
 * A new resource in an SDK upgrade is a build error here (no such export),
 * not a silent gap. Local dev and the vitest pool load the whole SDK.
 */
import { APIResource } from "openai/core/resource";

export { Completions } from "openai/resources/completions";
export { Files } from "openai/resources/files";
export { Batches } from "openai/resources/batches";

/** A resource class whose instances throw on any use, naming the resource and this file. */
function leftOut(name) {
  return class extends APIResource {
    constructor(client) {
      super(client);
      return new Proxy(this, {
        get(target, key, receiver) {
          if (typeof key === "symbol" || key in target) return Reflect.get(target, key, receiver);
          throw new Error(`openai's ${name} API is not in Assay's Worker build (workers/bundle/openai-resources.js keeps completions, files and batches): add it there to call ${name}.${key}`);
        },
      });
    }
  };
}

export const Admin = leftOut("admin");
export const Audio = leftOut("audio");
export const Beta = leftOut("beta");
export const Chat = leftOut("chat");
export const Containers = leftOut("containers");
export const ContentProvenanceChecks = leftOut("contentProvenanceChecks");
export const Conversations = leftOut("conversations");
export const Decisions = leftOut("decisions");
export const Embeddings = leftOut("embeddings");
export const Evals = leftOut("evals");
export const FineTuning = leftOut("fineTuning");
export const Graders = leftOut("graders");
export const Images = leftOut("images");
export const Live = leftOut("live");
export const Models = leftOut("models");
export const Moderations = leftOut("moderations");
export const Realtime = leftOut("realtime");
export const Responses = leftOut("responses");
export const Safety = leftOut("safety");
export const Skills = leftOut("skills");
export const Uploads = leftOut("uploads");
export const VectorStores = leftOut("vectorStores");
export const Videos = leftOut("videos");
export const Webhooks = leftOut("webhooks");
