/**
 * Assay's built-in agent: the target model with one tool, `bash`, that runs
 * a command in the task's environment and returns its output. It goes on,
 * turn by turn, until the model answers without calling the tool, the
 * agent's time is up (the task's agent timeout), or it has taken
 * `max_steps` turns. Each model call is a committed turn (the tool results
 * it was given, then its reply); each command's output is shown as it
 * comes back (a preview of the next request), so a run page follows the
 * agent command by command.
 *
 * The model sees a command's output cut to its head and tail
 * (OUTPUT_CHARS) with its exit status, or that it timed out; a command
 * runs for at most `command_timeout_s` and never past the agent's time.
 * I/O: the model (model-client.mjs) and the environment.
 */
import { modelClient } from "./model-client.mjs";

export const DEFAULT_MAX_STEPS = 50;
export const DEFAULT_COMMAND_TIMEOUT_S = 180;
/** Characters of a command's output the model is shown (head and tail). */
export const OUTPUT_CHARS = 16_000;

export const BASH_TOOL = {
  type: "function",
  function: {
    name: "bash",
    description:
      "Runs a command with bash in the task's Linux environment (as root, in the working directory) and returns its combined stdout and stderr with its exit code. " +
      "State on disk and background processes persist between calls. Long outputs are cut to their beginning and end.",
    parameters: { type: "object", properties: { command: { type: "string", description: "The bash command to run." } }, required: ["command"] },
  },
};

export const SYSTEM_PROMPT =
  "You are an autonomous agent working in a Linux environment through a bash tool. " +
  "Complete the task below by running commands: inspect the environment, make the changes, and check your work. " +
  "Nobody will answer questions; do not ask for confirmation. When the task is complete, reply with a short summary and no tool call.";

/** A command's output as the model is shown it: head and tail, then its status. */
export function toolOutput(result, timeoutS, limit = OUTPUT_CHARS) {
  let text = result.output.toString("utf8");
  if (text.length > limit) text = `${text.slice(0, limit / 2)}\n[... ${text.length - limit} characters cut ...]\n${text.slice(-limit / 2)}`;
  const status = result.timed_out ? `[the command was killed after ${timeoutS} s]` : result.signal ? `[killed by ${result.signal}]` : `[exit code ${result.exit_code}]`;
  return `${text}${text && !text.endsWith("\n") ? "\n" : ""}${status}`;
}

/**
 * Runs the harness. `ctx`: { env (the environment), instruction,
 * messages (the benchmark's prompt, when it gave one), target, sampling,
 * params, deadlineMs (the agent's time), report ({ preview, turn }),
 * fetchImpl }. Resolves { stop: "done" | "timeout" | "steps", steps,
 * conversation, usage, pending (tool results no model call has committed
 * yet) }; throws a ModelError when the model fails for good.
 */
export async function runBashAgent(ctx) {
  const { env, target, params = {}, report, deadlineMs } = ctx;
  const maxSteps = Number(params.max_steps ?? DEFAULT_MAX_STEPS);
  const commandTimeout = Number(params.command_timeout_s ?? DEFAULT_COMMAND_TIMEOUT_S);
  const client = modelClient(target, { fetchImpl: ctx.fetchImpl, sampling: ctx.sampling ?? {} });
  const prompt = ctx.messages?.length ? ctx.messages : [{ role: "user", content: ctx.instruction }];
  const conversation = [{ role: "system", content: params.system_prompt ?? SYSTEM_PROMPT }, ...prompt];
  let pending = conversation.slice();
  const usage = { input_tokens: 0, output_tokens: 0 };
  let steps = 0;
  const remaining = () => Math.floor((deadlineMs - Date.now()) / 1000);
  while (true) {
    if (steps >= maxSteps) return { stop: "steps", steps, conversation, usage, pending };
    if (remaining() <= 0) return { stop: "timeout", steps, conversation, usage, pending };
    await report.preview(pending);
    const r = await Promise.race([
      client.chat(conversation, [BASH_TOOL], { deadlineMs }),
      new Promise((resolve) => setTimeout(() => resolve(null), Math.max(0, deadlineMs - Date.now())).unref()),
    ]);
    if (r === null) return { stop: "timeout", steps, conversation, usage, pending };
    steps++;
    usage.input_tokens += r.usage.input_tokens ?? 0;
    usage.output_tokens += r.usage.output_tokens ?? 0;
    const assistant = r.message;
    conversation.push(assistant);
    await report.turn({ messages: [...pending, assistant], model: r.model, usage: r.usage, latency_ms: r.latency_ms });
    pending = [];
    if (!assistant.tool_calls?.length) return { stop: "done", steps, conversation, usage, pending };
    for (const call of assistant.tool_calls) {
      let content;
      let command = null;
      try {
        command = JSON.parse(call.function?.arguments || "{}").command;
      } catch {
        // Reported below.
      }
      if (call.function?.name !== "bash") content = `error: there is no tool '${call.function?.name}'; the only tool is bash`;
      else if (typeof command !== "string" || !command.trim()) content = "error: bash needs {\"command\": \"...\"}";
      else {
        const left = remaining();
        if (left <= 0) {
          content = "[not run: the agent's time is up]";
        } else {
          const timeout = Math.max(1, Math.min(commandTimeout, left));
          const result = await env.exec({ command, timeout_s: timeout });
          content = toolOutput(result, timeout);
        }
      }
      const msg = { role: "tool", tool_call_id: call.id, content };
      conversation.push(msg);
      pending.push(msg);
      // The output is seen as soon as it is back, before the next model call commits it.
      await report.preview(pending);
    }
  }
}
