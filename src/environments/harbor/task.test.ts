// Harbor's task format as Assay reads it: generated tasks in schema 1.0
// (deprecated spellings) and 1.1, a ZIP of tasks, every refusal naming its
// field, reward files by Harbor's rules; and, with ../shared, the 17
// Terminal-Bench 2.0 tasks and Harbor's hello-world example.
import { describe, expect, inject, it } from "vitest";
import { miniTask10, miniTask11, treeOf } from "../../../test/mini-harbor";
import { writeZip } from "../../../test/zip-writer";
import { FileTreeError, treeFromZip, treePath } from "../file-tree";
import { pyFloat, readRewardFiles } from "./reward";
import { HarborTaskError, readHarborTask, readHarborTasks } from "./task";
import { effectiveLimits, parseTaskToml, sizeToMb, TaskConfigError } from "./task-config";

const prefixed = (prefix: string, files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([p, t]) => [`${prefix}/${p}`, t]));

describe("task.toml", () => {
  it("reads schema 1.0 with the deprecated memory/storage strings, Harbor's defaults elsewhere", () => {
    const c = parseTaskToml(miniTask10()["task.toml"]!);
    expect(c).toMatchObject({
      schema_version: "1.0",
      name: null,
      docker_image: "example/hello-file:20251031",
      metadata: { difficulty: "easy", tags: ["trivial"] },
      limits: { cpus: 2, memory_mb: 4096, storage_mb: 10240, gpus: 0, gpu_types: null, allow_internet: true, timeouts: { build_sec: 600, agent_sec: 300, verifier_sec: 120 } },
    });
    expect(c.warnings).toEqual(["environment.memory: deprecated, read as memory_mb", "environment.storage: deprecated, read as storage_mb"]);
    expect(parseTaskToml("").limits).toEqual({ cpus: 1, memory_mb: 2048, storage_mb: 10240, gpus: 0, gpu_types: null, allow_internet: true, timeouts: { build_sec: 600, agent_sec: 600, verifier_sec: 600 } });
  });

  it("reads schema 1.1: the task table, no internet, users, workdir, env templates, artifacts", () => {
    const c = parseTaskToml(miniTask11()["task.toml"]!);
    expect(c).toMatchObject({
      schema_version: "1.1",
      name: "assay/sum-file",
      keywords: ["arithmetic"],
      authors: [{ name: "Assay", email: "tests@example.com" }],
      workdir: "/app",
      agent_user: "agent",
      verifier_user: "root",
      env: { environment: { TOKEN: "${HOST_TOKEN:-none}" }, verifier: { STRICT: "1" }, solution: {} },
      artifacts: ["/app/out.txt"],
      limits: { cpus: 1, memory_mb: 1024, storage_mb: 2048, allow_internet: false, timeouts: { build_sec: 300, agent_sec: 900, verifier_sec: 60 } },
    });
    expect(c.warnings).toEqual([]);
  });

  it("converts size strings as Harbor does (G ×1024, M, K ÷1024, truncated)", () => {
    expect([sizeToMb("2G"), sizeToMb(" 512m "), sizeToMb("1.5G"), sizeToMb("1024K"), sizeToMb("1000K"), sizeToMb("2 G"), sizeToMb("2GB"), sizeToMb("2")]).toEqual([2048, 512, 1536, 1, 0, 2048, null, null]);
  });

  it.each([
    ["[environment]\ncpus = -1", "environment.cpus"],
    ["[environment]\ncpus = 1.5", "environment.cpus"],
    ['[environment]\ncpus = "2"', "environment.cpus"],
    ['[environment]\nmemory = "2X"', "environment.memory"],
    ["[environment]\nmemory_mb = 0", "environment.memory_mb"],
    ['[environment]\nmemory = "2G"\nmemory_mb = 2048', "environment.memory"],
    ["[environment]\nallow_internet = 1", "environment.allow_internet"],
    ['[environment]\nworkdir = "app"', "environment.workdir"],
    ['[environment]\nenv = { "1X" = "a" }', "environment.env.1X"],
    ["[agent]\ntimeout_sec = 0", "agent.timeout_sec"],
    ['[verifier]\ntimeout_sec = "600"', "verifier.timeout_sec"],
    ["[task]\nname = 3", "task.name"],
    ['[[environment.mcp_servers]]\nname = "x"\ntransport = "carrier-pigeon"', "environment.mcp_servers.0.transport"],
    ['version = "1.0"\nschema_version = "1.1"', "schema_version"],
    ["metadata = 3", "metadata"],
    ["[environment\ncpus = 1", "task.toml"],
  ])("%j is refused, naming %s", (toml, field) => {
    let err: unknown;
    try {
      parseTaskToml(toml);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TaskConfigError);
    expect((err as TaskConfigError).field).toBe(field);
  });

  it("ignores keys Harbor does not know, as Harbor does, and says so", () => {
    expect(parseTaskToml('colour = "red"\n[environment]\ncpu = 4\n[metadata]\nanything = 1').warnings).toEqual(["colour: not a task.toml key Harbor reads; ignored", "environment.cpu: not a task.toml key Harbor reads; ignored"]);
  });

  it("applies a trial's overrides as Harbor does: min(override, cap) × multiplier", () => {
    const limits = parseTaskToml(miniTask10()["task.toml"]!).limits;
    expect(effectiveLimits(limits, { timeout_multiplier: 2, agent_timeout_sec: 1000, agent_max_timeout_sec: 800, memory_mb: 8192 })).toMatchObject({
      memory_mb: 8192,
      timeouts: { build_sec: 1200, agent_sec: 1600, verifier_sec: 240 },
    });
  });
});

describe("task folders", () => {
  it("reads a task: instruction, config, environment (an image to pull, its Dockerfile kept), tests, solution, digest", async () => {
    const t = await readHarborTask(treeOf(miniTask10()), "tasks/hello-file");
    expect(t).toMatchObject({
      name: "hello-file",
      path: "tasks/hello-file",
      instruction: "Create /app/hello.txt containing exactly `Hello, world!`.\n",
      environment: { kind: "image", image: "example/hello-file:20251031", dockerfile: "FROM debian:bookworm-slim\nWORKDIR /app\n", compose: null, files: ["Dockerfile"] },
      tests: ["test.sh"],
      solution: ["solve.sh"],
    });
    expect(t.digest).toMatch(/^[0-9a-f]{64}$/);
    const changed = await readHarborTask(treeOf({ ...miniTask10(), "tests/test.sh": "#!/bin/bash\necho 1 > /logs/verifier/reward.txt\n" }));
    expect(changed.digest).not.toBe(t.digest);
    const t11 = await readHarborTask(treeOf(miniTask11()), "sum");
    expect(t11).toMatchObject({ name: "assay/sum-file", environment: { kind: "dockerfile", files: ["Dockerfile", "in.txt"] }, tests: ["helper.py", "test.sh"], solution: null });
    const composeFiles = Object.entries({ ...miniTask11(), "environment/docker-compose.yaml": "services: {}\n" }).filter(([p]) => p !== "environment/Dockerfile");
    const compose = await readHarborTask(treeOf(Object.fromEntries(composeFiles)));
    expect(compose.environment).toMatchObject({ kind: "compose", compose: "services: {}\n", dockerfile: null });
  });

  const without = (drop: string, over: Record<string, string> = {}) => treeOf(Object.fromEntries(Object.entries({ ...miniTask11(), ...over }).filter(([p]) => p !== drop)));
  it.each([
    ["task.toml", without("task.toml"), "t/task.toml"],
    ["instruction.md", without("instruction.md"), "t/instruction.md"],
    ["an empty instruction", without("", { "instruction.md": "  \n" }), "t/instruction.md"],
    ["tests/test.sh", without("tests/test.sh"), "t/tests/test.sh"],
    ["an environment", without("environment/Dockerfile"), "t/environment/Dockerfile"],
    ["solve.sh beside solution files", without("", { "solution/notes.md": "x" }), "t/solution/solve.sh"],
    ["a bad field", without("", { "task.toml": "[environment]\ncpus = -2\n" }), "t/task.toml:environment.cpus"],
  ])("refuses a task without %s, naming where", async (_, tree, field) => {
    await expect(readHarborTask(tree, "t")).rejects.toMatchObject({ field });
  });

  it("reads every task of a ZIP (a folder of tasks), refusing nested tasks and duplicate names", async () => {
    const zip = await writeZip(Object.entries({ ...prefixed("bench/tasks/hello-file", miniTask10()), ...prefixed("bench/tasks/sum", miniTask11()), "bench/README.md": "# bench" }).map(([name, data]) => ({ name, data, deflate: true })));
    const tasks = await readHarborTasks(await treeFromZip(zip));
    expect(tasks.map((t) => [t.name, t.path])).toEqual([
      ["hello-file", "bench/tasks/hello-file"],
      ["assay/sum-file", "bench/tasks/sum"],
    ]);
    await expect(readHarborTasks(treeOf({ ...prefixed("a", miniTask10()), ...prefixed("a/inner", miniTask10()) }))).rejects.toMatchObject({ field: "a/inner/task.toml" });
    await expect(readHarborTasks(treeOf({ ...prefixed("x/one", miniTask11()), ...prefixed("x/two", miniTask11()) }))).rejects.toMatchObject({ field: "x/two/task.toml", message: expect.stringContaining("assay/sum-file") });
    await expect(readHarborTasks(treeOf({ "README.md": "no tasks" }))).rejects.toBeInstanceOf(HarborTaskError);
  });

  it("refuses archive paths that leave the root", async () => {
    expect(treePath("a/./b//c")).toBe("a/b/c");
    expect(treePath("dir/")).toBe(null);
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "C:/x", "a\0b"]) expect(() => treePath(bad), bad).toThrow(FileTreeError);
    await expect(treeFromZip(await writeZip([{ name: "../evil.sh", data: "x" }]))).rejects.toBeInstanceOf(FileTreeError);
    await expect(treeFromZip(new TextEncoder().encode("not a zip"))).rejects.toMatchObject({ field: "file" });
  });
});

describe("reward files", () => {
  it("reads reward.txt as Python's float() does, reward.txt winning over reward.json", () => {
    expect(readRewardFiles({ txt: "1\n" })).toEqual({ ok: true, from: "reward.txt", rewards: { reward: 1 }, reward: 1 });
    expect(readRewardFiles({ txt: " 0.75 ", json: '{"reward": 0}' })).toMatchObject({ from: "reward.txt", reward: 0.75 });
    expect([pyFloat("1_000.5"), pyFloat("+.5"), pyFloat("5."), pyFloat("1e-3"), pyFloat("1__0"), pyFloat("0x10"), pyFloat("nan"), pyFloat("inf"), pyFloat("")]).toEqual([1000.5, 0.5, 5, 0.001, null, null, null, null, null]);
  });

  it("reads reward.json as a flat object; its headline is `reward`, else its only value", () => {
    expect(readRewardFiles({ json: '{"accuracy": 0.95, "runtime_sec": 1.2}' })).toEqual({ ok: true, from: "reward.json", rewards: { accuracy: 0.95, runtime_sec: 1.2 }, reward: null });
    expect(readRewardFiles({ json: '{"accuracy": 0.95}' })).toMatchObject({ reward: 0.95 });
    expect(readRewardFiles({ json: '{"reward": true, "x": 2}' })).toMatchObject({ rewards: { reward: 1, x: 2 }, reward: 1 });
  });

  it.each([
    [{}, "RewardFileNotFoundError"],
    [{ txt: "" }, "RewardFileEmptyError"],
    [{ json: new Uint8Array() }, "RewardFileEmptyError"],
    [{ txt: "pass" }, "VerifierOutputParseError"],
    [{ txt: "nan" }, "VerifierOutputParseError"],
    [{ json: "{bad" }, "VerifierOutputParseError"],
    [{ json: "[1]" }, "VerifierOutputParseError"],
    [{ json: '{"a": {"b": 1}}' }, "VerifierOutputParseError"],
    [{ json: '{"a": "1"}' }, "VerifierOutputParseError"],
    [{ json: "{}" }, "VerifierOutputParseError"],
  ])("%j fails as %s", (files, kind) => {
    expect(readRewardFiles(files)).toMatchObject({ ok: false, kind });
  });
});

describe.skipIf(!inject("sharedPresent"))("the shared Terminal-Bench 2.0 tasks and Harbor's example", () => {
  async function sharedTree(listing: string, prefix: string): Promise<Map<string, Uint8Array>> {
    const source = await (await fetch(`${inject("sharedUrl")}/${listing}`)).text();
    const paths = [...new Set([...source.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!).filter((p) => p.startsWith(prefix)))];
    const tree = new Map<string, Uint8Array>();
    for (const p of paths) tree.set(p.slice(prefix.length), new Uint8Array(await (await fetch(`${inject("sharedUrl")}/${p}`)).arrayBuffer()));
    return tree;
  }

  it("reads all 17 tasks with their limits (TB2's deprecated memory strings), images and verifiers", async () => {
    const tasks = await readHarborTasks(await sharedTree("datasets/terminal_bench_2/SOURCE.md", "datasets/terminal_bench_2/"));
    expect(tasks).toHaveLength(17);
    for (const t of tasks) {
      expect(t.config.schema_version).toBe("1.0");
      expect(t.environment.kind).toBe("image");
      expect(t.environment.image).toMatch(/^alexgshaw\/[a-z0-9-]+:20251031$/);
      expect(t.tests).toEqual(expect.arrayContaining(["test.sh", "test_outputs.py"]));
      expect(t.solution).toContain("solve.sh");
      expect([2048, 4096]).toContain(t.config.limits.memory_mb);
      expect(t.config.limits.storage_mb).toBe(10240);
    }
    const crack = tasks.find((t) => t.name === "crack-7z-hash")!;
    expect(crack.config.limits).toMatchObject({ cpus: 1, memory_mb: 4096, timeouts: { agent_sec: 1800, verifier_sec: 900, build_sec: 600 } });
    expect(new Set(tasks.map((t) => t.digest)).size).toBe(17);
  }, 60_000);

  it("reads Harbor's hello-world example", async () => {
    const [t] = await readHarborTasks(await sharedTree("real-outputs/harbor/SOURCE.md", "real-outputs/harbor/examples/tasks/"));
    expect(t).toMatchObject({ name: "hello-world", environment: { kind: "dockerfile" }, tests: ["test.sh", "test_state.py"], solution: ["solve.sh"] });
    expect(t!.config.limits).toMatchObject({ memory_mb: 2048, storage_mb: 10240, timeouts: { agent_sec: 120, verifier_sec: 120 } });
  });
});
