import { describe, expect, it } from "vitest";
import type { RunConfig } from "../domain/run-config";
import { RunOptions } from "../domain/run-options";
import { fillTemplate, TriggerPayload } from "./trigger-payload";

function template(target: Record<string, unknown>, extra: Partial<RunConfig> = {}): RunConfig {
  return {
    display_name: null,
    benchmarks: ["bm_1"],
    target: { kind: "model", provider: "openai", base_url: "https://api.example.com/v1", model: "base", params: {}, ...target } as RunConfig["target"],
    compare_target: null,
    judge: null,
    options: RunOptions.parse({}),
    secrets: {},
    ...extra,
  };
}

describe("trigger payloads", () => {
  it("replaces the model and base URL when the template does not place them", () => {
    const r = fillTemplate(template({}), { model: "ckpt-7", base_url: "https://other.example.com/v1", revision: "abc123" }, "nightly");
    expect(r.errors).toEqual([]);
    expect(r.config?.target).toEqual({ kind: "model", provider: "openai", base_url: "https://other.example.com/v1", model: "ckpt-7", params: {} });
    expect(r.config?.display_name).toBe("nightly: ckpt-7@abc123");
  });

  it("fills placeholders in the target, its string params and the display name", () => {
    const r = fillTemplate(
      template(
        { model: "org/model-{revision}", base_url: "https://{checkpoint}.models.example.com/v1", params: { extra: "rev={revision}", n: 3 } },
        { display_name: "eval of {checkpoint} at {revision}" },
      ),
      { checkpoint: "step-900", revision: "r42" },
      "t",
    );
    expect(r.config?.target).toMatchObject({ model: "org/model-r42", base_url: "https://step-900.models.example.com/v1", params: { extra: "rev=r42", n: 3 } });
    expect(r.config?.display_name).toBe("eval of step-900 at r42");
  });

  it("names the payload field a template placeholder needs", () => {
    const r = fillTemplate(template({ model: "m-{revision}" }, { display_name: "{checkpoint}" }), {}, "t");
    expect(r.config).toBeNull();
    expect(r.errors.map((e) => e.field).sort()).toEqual(["checkpoint", "revision"]);
  });

  it("names base_url when the filled URL is not one", () => {
    const r = fillTemplate(template({}), { base_url: "ftp://nope" }, "t");
    expect(r.errors.map((e) => e.field)).toEqual(["base_url"]);
  });

  it("never sends a sealed key to another origin, but keeps it on the same one", () => {
    const keyed = template({ api_key_set: true }, { secrets: { target: "sk-secret" } });
    expect(fillTemplate(keyed, { base_url: "https://evil.example.net/v1" }, "t").errors.map((e) => e.field)).toEqual(["base_url"]);
    const same = fillTemplate(keyed, { base_url: "https://api.example.com/v2", model: "x" }, "t");
    expect(same.config?.target).toMatchObject({ base_url: "https://api.example.com/v2", api_key_set: true });
    expect(same.config?.secrets).toEqual({ target: "sk-secret" });
  });

  it("refuses a model for an agent target that has no place for it", () => {
    const agent = template({});
    agent.target = { kind: "agent", runner_url: "https://runner.example.com", profile: "team/eval@1", params: {} };
    expect(fillTemplate(agent, { model: "m" }, "t").errors.map((e) => e.field)).toEqual(["model"]);
    agent.target = { kind: "agent", runner_url: "https://runner.example.com", profile: "team/eval@1", params: { MODEL_NAME: "{model}" } };
    expect(fillTemplate(agent, { model: "m" }, "t").config?.target).toMatchObject({ params: { MODEL_NAME: "m" } });
  });

  it.each([
    [{ model: 3 }, "model"],
    [{ model: "" }, "model"],
    [{ revision: "x".repeat(201) }, "revision"],
    [{ extra: 1 }, "(unrecognized)"],
  ])("refuses payload %j", (payload, field) => {
    const r = TriggerPayload.safeParse(payload);
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0]!;
    expect(issue.code === "unrecognized_keys" ? "(unrecognized)" : issue.path.join(".")).toBe(field);
  });
});
