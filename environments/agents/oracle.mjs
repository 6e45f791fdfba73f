/**
 * The oracle agent: the task's own reference solution, run in its
 * environment, so an environment is known to work (the oracle earns the
 * reward) before a model is blamed for failing in it. For a Harbor task
 * it copies solution/ to /solution and runs `bash /solution/solve.sh` in
 * the working directory with the task's solution environment, as Harbor's
 * oracle does; for a SWE-bench instance it applies the gold patch in the
 * repository. The command and its output are the trace's one turn.
 * I/O: the environment.
 */

/** One command reported as a turn: the call, then its output (no model behind it). */
export function commandTurn(id, command, content, name) {
  return [
    { role: "assistant", content: null, name, tool_calls: [{ id, type: "function", function: { name: "bash", arguments: JSON.stringify({ command }) } }] },
    { role: "tool", tool_call_id: id, content },
  ];
}

/**
 * `ctx`: { env, solution (Map of solution/ files) | patch (a SWE-bench gold
 * patch) , solutionEnv, workdir, deadlineMs, report, toolOutput }.
 * Resolves { stop: "done" | "timeout", exit_code, conversation }.
 */
export async function runOracle(ctx) {
  const { env, report, deadlineMs } = ctx;
  let command;
  if (ctx.patch !== undefined) {
    await env.writeFiles("/tmp/assay-oracle", new Map([["gold.patch", Buffer.from(ctx.patch)]]));
    command = "git apply -v /tmp/assay-oracle/gold.patch";
  } else {
    if (!ctx.solution?.size) throw new Error("the task has no solution/solve.sh for the oracle to run");
    await env.writeFiles("/solution", ctx.solution);
    command = "bash /solution/solve.sh";
  }
  const call = commandTurn("oracle-1", command, null, "oracle").slice(0, 1);
  await report.preview(call);
  const timeout = Math.max(1, Math.floor((deadlineMs - Date.now()) / 1000));
  const r = await env.exec({ command, cwd: ctx.workdir, env: ctx.solutionEnv ?? {}, timeout_s: timeout });
  const messages = commandTurn("oracle-1", command, ctx.toolOutput(r, timeout), "oracle");
  await report.turn({ messages, model: "oracle", usage: null, latency_ms: r.duration_ms });
  return { stop: r.timed_out ? "timeout" : "done", exit_code: r.exit_code, conversation: messages };
}
