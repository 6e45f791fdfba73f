/**
 * The log-likelihood stage (`options.mc_mode: loglikelihood`): the row is
 * asked as a context and one continuation per choice
 * (src/execution/loglikelihood-request.ts), in one call to the target's
 * completions endpoint; the reply's text is the measurement (per-choice
 * log-likelihoods as JSON), which the `loglikelihood` scorer reads, so a
 * re-score needs no model. I/O through ports only.
 */
import { buildMessages } from "../../domain/prompt";
import { ProviderError } from "../../providers/errors";
import type { LoglikelihoodOutput } from "../../scorers/loglikelihood";
import { loglikelihoodRequest, type LoglikelihoodRequest } from "../loglikelihood-request";
import { StageError, type AttemptTask, type Stage } from "../stage";
import { beginCall, commitTurn, replied } from "./steps";

function requestOf(task: AttemptTask): LoglikelihoodRequest {
  const { prompt, scoring } = task.benchmark;
  if (scoring.type !== "loglikelihood") throw new StageError("log-likelihood", "the benchmark is not scored by log-likelihood");
  try {
    return loglikelihoodRequest(scoring, task.row as Record<string, unknown>, task.examples as Record<string, unknown>[], { prompt_column: prompt.prompt_column, answer_column: prompt.answer_column });
  } catch (err) {
    throw new StageError("log-likelihood", err instanceof Error ? err.message : String(err));
  }
}

export const loglikelihoodStage: Stage = {
  name: "log-likelihood",
  render(task) {
    try {
      const request = requestOf(task);
      const shown = request.continuations.map((c, i) => `${String.fromCharCode(65 + i)}: ${JSON.stringify(c)}`).join("\n");
      return { messages: [{ role: "user", content: `${request.context}\n\n[log-likelihood of each continuation]\n${shown}` }] };
    } catch {
      // The row cannot be asked so: the prompt as the benchmark renders it, for the trace; run() says why.
      return { messages: buildMessages(task.benchmark.prompt, task.row as Record<string, unknown>, task.examples as Record<string, unknown>[]) };
    }
  },
  async run(state, ports) {
    const request = requestOf(state.task);
    const target = ports.models.target;
    beginCall(state, ports);
    if (!target.loglikelihood) {
      throw new ProviderError("permanent", "log-likelihood mode needs an OpenAI-compatible /v1/completions endpoint with echo and logprobs (vLLM serves one); this target has none");
    }
    const r = await target.loglikelihood({ context: request.context, continuations: request.continuations, choiceTexts: request.choiceTexts });
    const output: LoglikelihoodOutput = { mode: "loglikelihood", choices: r.choices.map((c, i) => ({ ...c, text: request.continuations[i] })) };
    const done = replied(state, { text: JSON.stringify(output), input_tokens: r.input_tokens, output_tokens: 0, latency_ms: r.latency_ms, model: r.model, truncated: null, cached: false });
    commitTurn(done, ports);
    return done;
  },
};
