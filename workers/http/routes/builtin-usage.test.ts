import { describe, expect, it } from "vitest";
import { call, newProject } from "../../../test/http";

describe("built-in benchmarks and usage", () => {
  it("a project's run never marks a built-in as used for other projects", async () => {
    const a = await newProject("a");
    const b = await newProject("b");
    const run = await call("POST", "/api/eval-runs", {
      key: a.key,
      body: { benchmarks: ["bm_gsm8k"], target: { kind: "model", provider: "openai", base_url: "http://127.0.0.1:9/v1", model: "m" } },
    });
    expect(run.status).toBe(201);
    const seen = await call("GET", "/api/benchmarks/bm_gsm8k", { key: b.key });
    expect(seen.status).toBe(200);
    expect(seen.body.used).toBe(false);
    expect((await call("DELETE", "/api/benchmarks/bm_gsm8k", { key: a.key })).status).toBe(403);
  });
});
