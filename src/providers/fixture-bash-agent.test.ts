/**
 * The fixture model as a bash agent (fixture/bash-agent.mjs), driven over
 * loopback from workerd: offered a `bash` tool it runs its script for the
 * task one command per turn in either wire format, then stops with a
 * text; the same conversation always gets the same next step; a wrong
 * draw only looks around; the loop knob never stops.
 */
import { describe, expect, it } from "vitest";
import { fixtureUrl, uniqueModel } from "./test-fixture";

const BASH = { type: "function", function: { name: "bash", description: "run a command", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } } };
const TASK = "Write the word ready to /tmp/state.txt, then list /tmp for the bash agent test.";
const SCRIPT = ["echo ready > /tmp/state.txt", "ls /tmp"];

async function teach(rows: unknown[]) {
  const r = await fetch(`${fixtureUrl()}/_answers`, { method: "POST", body: JSON.stringify(rows) });
  expect(r.status).toBe(200);
}

/** One OpenAI-shaped turn of the agent given `messages`. */
async function openaiTurn(model: string, messages: unknown[]) {
  const r = await fetch(`${fixtureUrl()}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model, messages, tools: [BASH] }) });
  return ((await r.json()) as any).choices[0].message;
}

/** Runs the agent to its end (at most `max` turns), answering each command with "ok"; the commands it ran and its last text. */
async function episode(model: string, task = TASK, max = 8) {
  const messages: any[] = [{ role: "system", content: "You are an agent." }, { role: "user", content: task }];
  const commands: string[] = [];
  for (let i = 0; i < max; i++) {
    const m = await openaiTurn(model, messages);
    messages.push(m);
    if (!m.tool_calls) return { commands, text: m.content as string };
    for (const c of m.tool_calls) {
      commands.push(JSON.parse(c.function.arguments).command);
      messages.push({ role: "tool", tool_call_id: c.id, content: "ok" });
    }
  }
  return { commands, text: null };
}

describe("the fixture's bash agent", () => {
  it("runs a task's script one command per turn, then stops with a text; the same every time", async () => {
    await teach([{ question: TASK, commands: SCRIPT }]);
    const model = uniqueModel();
    const a = await episode(model);
    expect(a).toEqual({ commands: SCRIPT, text: "I ran the steps the task needs; it should be done." });
    expect(await episode(model)).toEqual(a);
  });

  it("takes a Harbor task's row as its script: a look around, then the task's solve.sh", async () => {
    const task = "Create the file /app/fixture-row-test.txt holding the word row.";
    await teach([{ environment: "harbor", name: "row-test", instruction: task, digest: "0".repeat(64), files: [{ path: "solution/solve.sh", encoding: "utf8", content: "#!/bin/bash\necho row > /app/fixture-row-test.txt\n" }] }]);
    const { commands } = await episode(uniqueModel(), task);
    expect(commands).toEqual(["pwd; ls -la", "bash <<'ASSAY_FIXTURE_SOLUTION'\n#!/bin/bash\necho row > /app/fixture-row-test.txt\nASSAY_FIXTURE_SOLUTION"]);
  });

  it("follows its script at the accuracy drawn per model and task, and only looks around otherwise", async () => {
    const tasks = Array.from({ length: 12 }, (_, i) => `Bash agent accuracy task number ${i}: append ${i} to /tmp/n.txt.`);
    await teach(tasks.map((t, i) => ({ question: t, commands: [`echo ${i} >> /tmp/n.txt`] })));
    const model = "fixture-bash-accuracy:accuracy=0.5,seed=3";
    const runs = await Promise.all(tasks.map((t) => episode(model, t)));
    const right = runs.filter((r) => r.commands.length === 1 && r.commands[0]!.startsWith("echo")).length;
    const wrong = runs.filter((r) => r.commands.length === 1 && r.commands[0] === "pwd; ls -la" && r.text === "I looked around and stopped.").length;
    expect(right + wrong).toBe(12);
    expect(right).toBeGreaterThan(0);
    expect(wrong).toBeGreaterThan(0);
    // Fixed model and seed: the same draw again.
    expect((await Promise.all(tasks.map((t) => episode(model, t)))).map((r) => r.commands)).toEqual(runs.map((r) => r.commands));
  });

  it("speaks Anthropic's tool_use blocks; without a script it looks around and says so; bash_loop never stops", async () => {
    // Tests run shuffled: each teaches what it asks about.
    await teach([{ question: TASK, commands: SCRIPT }]);
    const r = await fetch(`${fixtureUrl()}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: uniqueModel(), max_tokens: 256, messages: [{ role: "user", content: TASK }], tools: [{ name: "bash", description: "run", input_schema: BASH.function.parameters }] }),
    });
    const body: any = await r.json();
    expect(body).toMatchObject({ type: "message", stop_reason: "tool_use", content: [{ type: "tool_use", name: "bash", input: { command: SCRIPT[0] } }] });
    expect(await episode(uniqueModel(), "A task nobody taught the fixture anything about, at all.")).toEqual({ commands: ["pwd; ls -la"], text: "I could not find what to do for this task." });
    const loop = await episode("fixture-bash-loop:bash_loop=1", TASK, 4);
    expect(loop).toEqual({ commands: ["echo step 1", "echo step 2", "echo step 3", "echo step 4"], text: null });
  });
});
