import { describe, expect, it } from "vitest";
import { applyPatch, benchmarkErrors, configForCopy, configFromCreate, CreateRunBody, PatchRunBody, type RunConfig } from "./run-config";
import { RunOptions } from "./run-options";

const MODEL = { kind: "model", provider: "openai", base_url: "https://api.example.com/v1", model: "gpt-x" } as const;
const AGENT = { kind: "agent", runner_url: "http://runner.local:8080", profile: "coder@1" } as const;
const JUDGE = { provider: "anthropic", base_url: "https://api.anthropic.com", model: "claude" } as const;
const DEFAULT_OPTIONS = RunOptions.parse({});

function created(body: unknown): RunConfig {
  const { config, errors } = configFromCreate(CreateRunBody.parse(body));
  expect(errors).toEqual([]);
  return config;
}

function patched(current: RunConfig, patch: unknown) {
  return applyPatch(current, PatchRunBody.parse(patch));
}

describe("configuration from a create body", () => {
  it("takes the keys out into secrets and dedupes benchmarks in order", () => {
    const config = created({
      benchmarks: ["bm_b", "bm_a", "bm_b"],
      target: { ...MODEL, api_key: "sk-t" },
      compare_target: AGENT,
      judge: { ...JUDGE, api_key: "sk-j" },
    });
    expect(config).toEqual({
      display_name: null,
      benchmarks: ["bm_b", "bm_a"],
      target: { ...MODEL, params: {}, api_key_set: true },
      compare_target: { ...AGENT, params: {} },
      judge: { ...JUDGE, api_key_set: true },
      options: DEFAULT_OPTIONS,
      secrets: { target: "sk-t", judge: "sk-j" },
    });
  });

  it("names per_benchmark entries that match no benchmark", () => {
    const body = CreateRunBody.parse({ benchmarks: ["bm_a"], target: MODEL, options: { per_benchmark: { bm_z: { few_shot: 1 } } } });
    expect(configFromCreate(body).errors).toEqual([{ field: "options.per_benchmark.bm_z", message: "not one of the run's benchmarks" }]);
  });
});

describe("applying an edit", () => {
  const base = created({
    display_name: "base",
    benchmarks: ["bm_a"],
    target: { ...MODEL, api_key: "sk-t", params: { reasoning_effort: "low" } },
    judge: { ...JUDGE, api_key: "sk-j" },
    options: { attempts: 2 },
  });

  it("keeps the sealed key when the same-kind target omits it on the same endpoint", () => {
    const { config, errors } = patched(base, { target: { ...MODEL, model: "gpt-y" } });
    expect(errors).toEqual([]);
    expect(config.target).toEqual({ ...MODEL, model: "gpt-y", params: {}, api_key_set: true });
    expect(config.secrets).toEqual({ target: "sk-t", judge: "sk-j" });
  });

  it("clears the key on api_key: null and replaces it on a new one", () => {
    expect(patched(base, { target: { ...MODEL, api_key: null } }).config).toMatchObject({
      target: { ...MODEL, params: {} },
      secrets: { judge: "sk-j" },
    });
    expect(patched(base, { target: { ...MODEL, api_key: "sk-new" } }).config.secrets).toEqual({ target: "sk-new", judge: "sk-j" });
  });

  it("switches kind wholesale, dropping the model's fields and key", () => {
    const { config, errors } = patched(base, { target: AGENT });
    expect(errors).toEqual([]);
    expect(config.target).toEqual({ ...AGENT, params: {} });
    expect(config.secrets).toEqual({ judge: "sk-j" });
  });

  it("refuses to carry a key to another origin", () => {
    const { errors } = patched(base, { target: { ...MODEL, base_url: "https://elsewhere.example.org/v1" } });
    expect(errors.map((e) => e.field)).toEqual(["target.api_key"]);
  });

  it("clears compare_target and judge with null, keys included", () => {
    const withCompare = patched(base, { compare_target: { ...MODEL, api_key: "sk-c" } }).config;
    expect(withCompare.secrets).toEqual({ target: "sk-t", judge: "sk-j", compare_target: "sk-c" });
    const { config } = patched(withCompare, { compare_target: null, judge: null });
    expect(config).toMatchObject({ compare_target: null, judge: null, secrets: { target: "sk-t" } });
  });

  it("merges options by top-level key and checks per_benchmark against the new benchmarks", () => {
    const { config } = patched(base, { options: { temperature: 1 }, display_name: null });
    expect(config.options).toEqual({ ...DEFAULT_OPTIONS, attempts: 2, temperature: 1 });
    expect(config.display_name).toBeNull();
    const { errors } = patched(base, { benchmarks: ["bm_b"], options: { per_benchmark: { bm_a: { few_shot: 0 } } } });
    expect(errors.map((e) => e.field)).toEqual(["options.per_benchmark.bm_a"]);
  });

  it("leaves the current configuration untouched", () => {
    const before = JSON.stringify(base);
    patched(base, { target: AGENT, judge: null, options: { attempts: null } });
    expect(JSON.stringify(base)).toBe(before);
  });
});

describe("copy", () => {
  it("keeps the configuration and no key at all", () => {
    const source = created({
      benchmarks: ["bm_a"],
      target: { ...MODEL, api_key: "sk-t" },
      compare_target: { ...MODEL, api_key: "sk-c" },
      judge: { ...JUDGE, api_key: "sk-j" },
    });
    const copy = configForCopy(source);
    expect(copy).toEqual({
      ...source,
      target: { ...MODEL, params: {} },
      compare_target: { ...MODEL, params: {} },
      judge: JUDGE,
      secrets: {},
    });
  });
});

describe("benchmark checks", () => {
  const found = [
    { id: "bm_ok", archivedAt: null },
    { id: "bm_old", archivedAt: "2026-01-01T00:00:00.000Z" },
  ];

  it("names unknown and archived ids by their index as sent", () => {
    expect(benchmarkErrors(["bm_ok", "bm_ok", "bm_nope", "bm_old"], found)).toEqual([
      { field: "benchmarks.2", message: "no benchmark with id or name 'bm_nope' in this project or the built-ins" },
      { field: "benchmarks.3", message: "archived: restore it to use it in a new run" },
    ]);
  });

  it("lets a run keep an archived benchmark it already had", () => {
    expect(benchmarkErrors(["bm_old"], found, ["bm_old"])).toEqual([]);
  });
});
