// The sandbox container's Durable Object side: the container starts once,
// with the secret and without internet, and a request waits for its port
// to listen (a bounded number of tries), then is forwarded whole.
import { describe, expect, it } from "vitest";
import { sandboxClient, sandboxSettings } from "./client";
import { forwardToContainer, SANDBOX_PORT, type ContainerHandle } from "./container";

function fakeContainer(failFirst: number) {
  const starts: unknown[] = [];
  const seen: { port: number; method: string; body: string; signature: string | null }[] = [];
  let running = false;
  let failures = 0;
  const container = {
    get running() {
      return running;
    },
    images: { base: "registry.example/assay-sandbox@sha256:abc" },
    start(options: unknown) {
      starts.push(options);
      running = true;
    },
    getTcpPort(port: number) {
      return {
        fetch: async (req: Request) => {
          if (failures < failFirst) {
            failures++;
            throw new Error("connection refused: the container is not listening");
          }
          seen.push({ port, method: req.method, body: await req.text(), signature: req.headers.get("x-assay-signature") });
          return new Response(JSON.stringify({ passed: true }), { status: 200 });
        },
      };
    },
  } as unknown as ContainerHandle;
  return { container, starts, seen };
}

const request = () => new Request("http://sandbox.container/v1/execute", { method: "POST", body: '{"program":"print(1)"}', headers: { "x-assay-signature": "v1=abc" } });

describe("forwardToContainer", () => {
  it("starts the container once, with the secret and no internet, and forwards the request when its port listens", async () => {
    const { container, starts, seen } = fakeContainer(3);
    const waits: number[] = [];
    const r = await forwardToContainer(container, request(), { secret: "s".repeat(20), wait: async (ms) => void waits.push(ms) });
    expect(r.status).toBe(200);
    expect(starts).toEqual([{ image: "registry.example/assay-sandbox@sha256:abc", env: { ASSAY_SANDBOX_SECRET: "s".repeat(20), ASSAY_SANDBOX_HOST: "0.0.0.0", PORT: String(SANDBOX_PORT) }, enableInternet: false }]);
    expect(waits).toEqual([250, 500, 1000]);
    expect(seen).toEqual([{ port: SANDBOX_PORT, method: "POST", body: '{"program":"print(1)"}', signature: "v1=abc" }]);
    // Running: the next request goes straight through.
    expect((await forwardToContainer(container, request(), { secret: "x", wait: async () => {} })).status).toBe(200);
    expect(starts).toHaveLength(1);
  });

  it("answers 503 naming the port when the container never listens", async () => {
    const { container } = fakeContainer(Infinity);
    const waits: number[] = [];
    const r = await forwardToContainer(container, request(), { secret: "s".repeat(20), wait: async (ms) => void waits.push(ms) });
    expect(r.status).toBe(503);
    expect(await r.text()).toMatch(new RegExp(`did not answer on port ${SANDBOX_PORT} after 10 tries: connection refused`));
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(20_000);
  });
});

describe("the sandbox client with SANDBOX_CONTAINER bound", () => {
  it("signs each execution and sends it to a container instance chosen by its program, the same program to the same instance", async () => {
    const seen: { instance: string; url: string; signed: boolean }[] = [];
    const ns = {
      idFromName: (name: string) => name,
      get: (instance: string) => ({
        fetch: async (req: Request) => {
          seen.push({ instance, url: req.url, signed: !!req.headers.get("x-assay-signature") });
          const verdict = { passed: true, exit_code: 0, timed_out: false, stdout: "", stderr: "", duration_ms: 3, reason: "all tests passed", failure: null, isolation: "bwrap" };
          return new Response(JSON.stringify(verdict));
        },
      }),
    } as unknown as DurableObjectNamespace;
    const settings = sandboxSettings({ SANDBOX_CONTAINER: ns, ASSAY_SANDBOX_SECRET: "s".repeat(20) })!;
    expect(settings.url).toBe("http://sandbox.container");
    const execute = sandboxClient(settings);
    const programs = Array.from({ length: 12 }, (_, i) => `assert ${i} == ${i}\n`);
    for (const program of [...programs, programs[0]!]) expect((await execute({ language: "python", program, timeout_s: 5, memory_mb: 256 })).passed).toBe(true);
    expect(seen.every((s) => s.signed && s.url === "http://sandbox.container/v1/execute")).toBe(true);
    const instances = new Set(seen.map((s) => s.instance));
    expect([...instances].every((i) => /^sandbox-[0-3]$/.test(i))).toBe(true);
    expect(instances.size).toBeGreaterThan(1);
    expect(seen.at(-1)!.instance).toBe(seen[0]!.instance);
    // Half set: no client (the start of a run that needs one is refused).
    expect(sandboxSettings({ SANDBOX_CONTAINER: ns })).toBeNull();
  });
});
