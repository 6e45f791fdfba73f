/**
 * Test helpers for the agent path: an agent profile pointing the reference
 * runner at the fixture model, an agent run, and the pump that carries the
 * runner's callbacks from the relay (test/runner-setup.ts) into the Worker
 * under test. Plus a WebSocket follower of a run's live stream.
 */
import { env, exports } from "cloudflare:workers";
import { inject } from "vitest";
import { recordPublicOrigin } from "../workers/agent/callbacks";
import { call } from "./http";

const uniq = () => crypto.randomUUID().slice(0, 8);

/** A profile for the reference runner: the fixture model (tool-calling) and the shared signing secret. */
export async function agentProfile(key: string, params: Record<string, unknown> = {}, secretParams: Record<string, string> = {}) {
  const body = {
    name: `agent-${uniq()}`,
    version: "1",
    params: { base_url: `${inject("fixtureUrl")}/v1`, model: `fixture-${uniq()}:tools=1`, ...params },
    secret_params: { runner_signing_secret: inject("runnerSecret"), api_key: "sk-runner-planted-secret-4412", ...secretParams },
  };
  const r = await call("POST", "/api/profiles", { key, body });
  if (r.status !== 201) throw new Error(`profile create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { ref: `${body.name}@1`, model: body.params.model as string };
}

/** A run of `benchmarks` on the reference runner with `profile`, not started. Its callbacks go to http://assay.test (rebased by the runner to the relay). */
export async function createAgentRun(key: string, benchmarks: string[], profile: string, options: Record<string, unknown> = {}, runnerUrl = inject("runnerUrl")) {
  const r = await call("POST", "/api/eval-runs", {
    key,
    body: { benchmarks, target: { kind: "agent", runner_url: runnerUrl, profile, name: "reference runner" }, options },
  });
  if (r.status !== 201) throw new Error(`run create failed: ${r.status} ${JSON.stringify(r.body)}`);
  const runId = r.body.id as string;
  await recordPublicOrigin(env, runId, "http://assay.test");
  return runId;
}

function fromBase64(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * Carries the relay's held callbacks whose path contains `match` (e.g. the
 * run's attempt-id prefix) through the Worker, on `lanes` loops, until
 * stopped. Returns how many it carried.
 */
export function pumpRelay(match: string, lanes = 4) {
  const relay = inject("relayUrl");
  let stopped = false;
  let carried = 0;
  const lane = async () => {
    while (!stopped) {
      const r = await fetch(`${relay}/_relay/next?match=${encodeURIComponent(match)}&wait_ms=200`);
      if (r.status !== 200) {
        await r.body?.cancel();
        continue;
      }
      const h = (await r.json()) as { id: string; method: string; path: string; headers: Record<string, string>; body_base64: string };
      const body = h.method === "GET" || h.method === "HEAD" ? undefined : fromBase64(h.body_base64);
      const res = await exports.default.fetch(new Request(`http://assay.test${h.path}`, { method: h.method, headers: h.headers, body }));
      const out = new Uint8Array(await res.arrayBuffer());
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => (headers[k] = v));
      await fetch(`${relay}/_relay/reply/${h.id}`, { method: "POST", body: JSON.stringify({ status: res.status, headers, body_base64: toBase64(out) }) });
      carried += 1;
    }
  };
  const loops = Array.from({ length: lanes }, lane);
  return {
    carried: () => carried,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The attempt-id prefix of a run's attempts (what pumpRelay matches). */
export function attemptPrefix(runId: string): string {
  return `att_${runId.replace(/^run_/, "")}.`;
}

/** A WebSocket follower of a run's live stream: every frame, parsed, as it arrives. */
export async function follow(key: string, runId: string, afterSeq?: number) {
  const q = afterSeq === undefined ? "" : `?after_seq=${afterSeq}`;
  const res = await exports.default.fetch(
    new Request(`http://assay.test/api/eval-runs/${runId}/live${q}`, { headers: { upgrade: "websocket", authorization: `Bearer ${key}` } }),
  );
  if (res.status !== 101 || !res.webSocket) throw new Error(`follow failed: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  const frames: any[] = [];
  const deltas: any[] = [];
  const waiters: { until: () => boolean; resolve: () => void }[] = [];
  ws.accept();
  ws.addEventListener("message", (m) => {
    const f = JSON.parse(typeof m.data === "string" ? m.data : "null");
    frames.push(f);
    if (Array.isArray(f)) deltas.push(...f);
    for (const w of waiters.splice(0)) {
      if (w.until()) w.resolve();
      else waiters.push(w);
    }
  });
  return {
    ws,
    frames,
    deltas,
    /** Resolves when `until` holds (checked on every frame), or rejects after `ms`. */
    waitFor(until: () => boolean, ms = 10_000): Promise<void> {
      if (until()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms; ${deltas.length} deltas, ${frames.length} frames`)), ms);
        waiters.push({ until, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
    close: () => ws.close(1000, "done"),
  };
}
