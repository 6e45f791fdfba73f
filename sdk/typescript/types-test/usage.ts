// Compile-time checks of the generated client: right calls type-check, wrong ones must not
// (each @ts-expect-error fails the check if the line it guards compiles). Never run.
import { createAssayClient, type Schemas } from "../src/index.js";

const assay = createAssayClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "ak_x" });

export async function uses(): Promise<void> {
  const run = await assay.GET("/api/eval-runs/{id}", { params: { path: { id: "run_1" } } });
  if (run.data) {
    const status: Schemas["EvalRun"]["status"] = run.data.status;
    // @ts-expect-error a run's status is one of its states, not any string
    const bad: Schemas["EvalRun"]["status"] = "finished";
    void status;
    void bad;
  }
  await assay.POST("/api/eval-runs", { body: { benchmarks: ["bm_gsm8k"], target: { kind: "model", provider: "openai", base_url: "http://x/v1", model: "m" } } });
  // @ts-expect-error the body needs a target
  await assay.POST("/api/eval-runs", { body: { benchmarks: ["bm_gsm8k"] } });
  // @ts-expect-error no such path
  await assay.GET("/api/no-such-route");
  // @ts-expect-error the path parameter is required
  await assay.GET("/api/eval-runs/{id}/progress", {});
  const samples = await assay.GET("/api/eval-runs/{id}/samples", { params: { path: { id: "run_1" }, query: { limit: 10, filter: "missing" } } });
  const reward: number | null | undefined = samples.data?.items[0]?.reward;
  void reward;
}
