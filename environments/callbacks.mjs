/**
 * A trial's reports to Assay, through the attempt's callbacks (the runner
 * protocol, docs/runner-protocol.md): events in order (phases, committed
 * turns, previews), artifacts, and the one result. Each call carries the
 * attempt's token; network errors and 5xx are retried with backoff; a 409
 * means the attempt is over on Assay's side (stopped, timed out, dispatched
 * again), which ends the trial (AttemptOver). Secrets are scrubbed from
 * everything sent. I/O: fetch to Assay.
 */
import { scrub } from "./agents/model-client.mjs";

export class AttemptOver extends Error {}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TRIES = 5;

/** `url` with its origin replaced by `assayUrl` (a runner that reaches Assay at another address). */
export function rebase(url, assayUrl) {
  if (!assayUrl) return url;
  const u = new URL(url);
  return new URL(u.pathname + u.search, assayUrl).href;
}

/** Replaces every secret in the strings of a JSON value. */
export function scrubDeep(value, secrets) {
  if (!secrets.length) return value;
  if (typeof value === "string") return scrub(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, secrets));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, secrets)]));
  return value;
}

/**
 * The reporter of one dispatched attempt. `secrets`: values never to send
 * (the target's API key, the profile's secrets).
 */
export function reporter(attempt, { assayUrl, secrets = [], fetchImpl = fetch, log = () => {} } = {}) {
  const token = attempt.token;
  const urls = {
    events: rebase(attempt.callbacks.events, assayUrl),
    artifact: (name) => rebase(attempt.callbacks.artifacts.replace("{name}", encodeURIComponent(name)), assayUrl),
    result: rebase(attempt.callbacks.result, assayUrl),
  };
  let over = false;
  let chain = Promise.resolve();

  async function call(url, method, body, type = "application/json") {
    if (over) throw new AttemptOver("the attempt is over");
    for (let tries = 1; ; tries++) {
      let res;
      try {
        res = await fetchImpl(url, { method, headers: { authorization: `Bearer ${token}`, "content-type": type }, body });
      } catch (err) {
        if (tries >= TRIES) throw err;
        await sleep(200 * 2 ** tries);
        continue;
      }
      const text = await res.text();
      if (res.ok) return text ? JSON.parse(text) : null;
      if (res.status === 409) {
        over = true;
        throw new AttemptOver(`Assay says the attempt is over: ${text.slice(0, 200)}`);
      }
      if (res.status >= 500 && tries < TRIES) {
        await sleep(200 * 2 ** tries);
        continue;
      }
      throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    }
  }

  /** Events go out one call at a time, in the order they were made. */
  function events(list) {
    const body = JSON.stringify({ events: scrubDeep(list, secrets) });
    const p = chain.then(() => call(urls.events, "POST", body));
    chain = p.catch(() => {});
    return p;
  }

  return {
    get over() {
      return over;
    },
    phase: (phase) => events([{ kind: "phase", phase }]),
    turn: ({ messages, model = null, usage = null, latency_ms = null }) => events([{ kind: "turn", messages, model, usage, latency_ms }]),
    preview: (messages) => events([{ kind: "preview", messages }]),
    async artifact(name, bytes, type = "text/plain; charset=utf-8") {
      await chain;
      const data = typeof bytes === "string" ? scrub(bytes, secrets) : type.startsWith("text/") || type.startsWith("application/json") ? Buffer.from(scrub(Buffer.from(bytes).toString("utf8"), secrets)) : bytes;
      return call(urls.artifact(name), "PUT", data, type);
    },
    async result(body) {
      await chain;
      const r = await call(urls.result, "POST", JSON.stringify(scrubDeep(body, secrets)));
      over = true;
      log(`attempt ${attempt.attempt.id}: result sent (reward ${body.reward}${body.error ? `, error: ${body.error}` : ""})`);
      return r;
    },
  };
}
