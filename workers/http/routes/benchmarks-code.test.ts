/**
 * Custom code benchmarks through the API: POST /api/benchmarks with
 * code_execution scoring is checked against the revision's columns (422
 * naming the field), and a run of it against the fixture model executes each
 * reply in the code sandbox the test setup starts (test/sandbox-setup.ts):
 * the reference solutions score 1, functions returning None score 0. Both
 * harnesses: humaneval (prompt + reply + test + check(entry point)) and mbpp
 * (reply + setup + asserts). The problems are written here, each with a
 * unique docstring so the fixture's keys never collide with other tests'.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectProblem, newProject } from "../../../test/http";
import { attemptsOf, createRun, importRows, waitForRun } from "../../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);
const tag = uniq();

/** HumanEval-shaped rows; the first prompt's import and helper are what its solution relies on. */
const humanevalRows = [
  {
    task_id: "c/0",
    prompt: `import math\n\n\ndef _sq(x):\n    return x * x\n\n\ndef hyp_${tag}(a: float, b: float) -> float:\n    """Length of the hypotenuse of a right triangle with legs a and b (${tag})."""\n`,
    canonical_solution: "    return math.sqrt(_sq(a) + _sq(b))\n",
    test: "def check(candidate):\n    assert candidate(3, 4) == 5\n    assert abs(candidate(1, 1) - 2 ** 0.5) < 1e-9\n",
    entry_point: `hyp_${tag}`,
  },
  {
    task_id: "c/1",
    prompt: `def evens_${tag}(xs: list) -> list:\n    """The even numbers of xs, in order, as a new list (${tag})."""\n`,
    canonical_solution: "    return [x for x in xs if x % 2 == 0]\n",
    test: "def check(candidate):\n    assert candidate([1, 2, 3, 4]) == [2, 4]\n    assert candidate([]) == []\n",
    entry_point: `evens_${tag}`,
  },
  {
    task_id: "c/2",
    prompt: `def shout_${tag}(s: str) -> str:\n    """s in upper case followed by an exclamation mark (${tag})."""\n`,
    canonical_solution: "    return s.upper() + '!'\n",
    test: "def check(candidate):\n    assert candidate('hi') == 'HI!'\n",
    entry_point: `shout_${tag}`,
  },
];

/** MBPP-shaped rows: the asserts are a list; the second needs its setup code (a class the asserts use). */
const mbppRows = [
  {
    task_id: 1,
    text: `Write a function to return the larger of two numbers (${tag}).`,
    code: `def bigger_${tag}(a, b):\n    return a if a > b else b\n`,
    test_list: [`assert bigger_${tag}(1, 2) == 2`, `assert bigger_${tag}(5, -1) == 5`],
    test_setup_code: "",
  },
  {
    task_id: 2,
    text: `Write a function to count the items of a box object (${tag}).`,
    code: `def count_${tag}(box):\n    return len(box.items)\n`,
    test_list: [`assert count_${tag}(Box([1, 2, 3])) == 3`],
    test_setup_code: "class Box:\n    def __init__(self, items):\n        self.items = items\n",
  },
];

const humanevalScoring = { type: "code_execution", prompt_column: "prompt", test_column: "test", entry_point_column: "entry_point" };
const mbppScoring = { type: "code_execution", harness: "mbpp", test_column: "test_list", setup_column: "test_setup_code", timeout_s: 20 };

let key: string;
let projectId: string;
let humanevalRef: string;
let mbppRef: string;

async function createBenchmark(body: Record<string, unknown>) {
  return call("POST", "/api/benchmarks", { key, body: { name: `code-${uniq()}`, ...body } });
}

describe("custom code benchmarks", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const p = await newProject();
    key = p.key;
    projectId = p.project.id;
    humanevalRef = await importRows(projectId, `he-${tag}`, humanevalRows);
    mbppRef = await importRows(projectId, `mbpp-${tag}`, mbppRows);
    const res = await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify([...humanevalRows, ...mbppRows]) });
    expect(res.ok).toBe(true);
  });

  it("stores the complete spec (language python, harness humaneval, default limits)", async () => {
    const r = await createBenchmark({ dataset: humanevalRef, prompt_column: "prompt", answer_column: "canonical_solution", scoring: humanevalScoring });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: "inline", category: "custom", sample_size: humanevalRows.length });
    expect(r.body.scoring).toEqual({ ...humanevalScoring, language: "python", harness: "humaneval", timeout_s: 10, memory_mb: 1024 });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an unknown test column", { ...humanevalScoring, test_column: "tests" }, "scoring.test_column"],
    ["an unknown entry point column", { ...humanevalScoring, entry_point_column: "fn" }, "scoring.entry_point_column"],
    ["humaneval without an entry point column", { ...humanevalScoring, entry_point_column: undefined }, "scoring.entry_point_column"],
    ["an unknown prompt column", { ...humanevalScoring, prompt_column: "stub" }, "scoring.prompt_column"],
    ["a language other than python", { ...humanevalScoring, language: "javascript" }, "scoring.language"],
    ["no test column", { type: "code_execution", entry_point_column: "entry_point" }, "scoring.test_column"],
  ])("refuses %s with 422 naming the field, writing nothing", async (_, scoring, field) => {
    const before = await call("GET", "/api/benchmarks?include_archived=true&limit=200", { key });
    const r = await createBenchmark({ dataset: humanevalRef, prompt_column: "prompt", answer_column: "canonical_solution", scoring });
    const p = expectProblem(r, 422, "validation_failed");
    expect(p.errors?.map((e) => e.field)).toContain(field);
    if (field !== "scoring.language" && field !== "scoring.test_column") {
      expect(p.errors?.find((e) => e.field === field)?.message).toMatch(/column/);
    }
    expect(await call("GET", "/api/benchmarks?include_archived=true&limit=200", { key })).toMatchObject({ status: 200, body: before.body });
  });

  async function run(benchmarkId: string, model: string, tasks: number) {
    const runId = await createRun(key, [benchmarkId], model);
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    const progress = await waitForRun(key, runId, 100_000);
    const scores = (await call("GET", `/api/eval-runs/${runId}/scores`, { key })).body.scores as any[];
    const attempts = await attemptsOf(runId);
    expect(attempts).toHaveLength(tasks);
    return { progress, scores, attempts };
  }

  it("humaneval harness: the reference solutions pass in the sandbox (score 1), each program kept with its verdict", async () => {
    const created = await createBenchmark({ dataset: humanevalRef, prompt_column: "prompt", answer_column: "canonical_solution", scoring: humanevalScoring });
    expect(created.status).toBe(201);
    const { progress, scores, attempts } = await run(created.body.id, `fixture-${uniq()}:accuracy=1`, humanevalRows.length);
    expect(progress.status).toBe("completed");
    for (const a of attempts) {
      expect([a.status, a.reward, a.reason, a.exit_code]).toEqual(["succeeded", 1, "all tests passed", 0]);
      const row = humanevalRows[a.row_index]!;
      const execution = JSON.parse(a.structured).execution;
      expect(execution).toMatchObject({ passed: true, failure: null });
      // The fixture replies with the whole function (prompt + body), which redefines the prompt's stub.
      expect(execution.program).toBe(`${row.prompt}${row.prompt}${row.canonical_solution}\n${row.test}\ncheck(${row.entry_point})\n`);
    }
    expect(scores[0]).toMatchObject({ benchmark_id: created.body.id, status: "completed", score: 1, member_count: humanevalRows.length });
  });

  it("humaneval harness: functions returning None fail their assertions (score 0)", async () => {
    const created = await createBenchmark({ dataset: humanevalRef, prompt_column: "prompt", answer_column: "canonical_solution", scoring: humanevalScoring });
    const { progress, scores, attempts } = await run(created.body.id, `fixture-${uniq()}:accuracy=0`, humanevalRows.length);
    expect(progress.status).toBe("completed");
    for (const a of attempts) {
      expect([a.status, a.reward, a.exit_code]).toEqual(["succeeded", 0, 1]);
      expect(a.reason).toMatch(/^(assertion failed|exception )/);
    }
    expect(scores[0]).toMatchObject({ status: "completed", score: 0 });
  });

  it("mbpp harness: reply, then the setup code, then the asserts; right scores 1 and wrong 0", async () => {
    const created = await createBenchmark({ dataset: mbppRef, prompt_column: "text", answer_column: "code", scoring: mbppScoring });
    expect(created.status).toBe(201);
    const right = await run(created.body.id, `fixture-${uniq()}:accuracy=1`, mbppRows.length);
    expect(right.progress.status).toBe("completed");
    for (const a of right.attempts) {
      expect([a.status, a.reward]).toEqual(["succeeded", 1]);
      const row = mbppRows[a.row_index]!;
      const setup = row.test_setup_code ? `${row.test_setup_code}\n` : "";
      expect(JSON.parse(a.structured).execution.program).toBe(`${row.code}\n${setup}${row.test_list.join("\n")}\n`);
    }
    expect(right.scores[0]).toMatchObject({ status: "completed", score: 1 });
    const wrong = await run(created.body.id, `fixture-${uniq()}:accuracy=0`, mbppRows.length);
    expect(wrong.attempts.map((a) => a.reward)).toEqual([0, 0]);
    expect(wrong.scores[0]).toMatchObject({ status: "completed", score: 0 });
  });
});
