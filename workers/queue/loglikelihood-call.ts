/**
 * An attempt in log-likelihood mode (`options.mc_mode`): the request built
 * from the row (src/execution/loglikelihood-request.ts), sent to the target's
 * completions endpoint, and its measurement returned as the attempt's reply:
 * the per-choice log-likelihoods as JSON, which the `loglikelihood` scorer
 * reads (so a re-score needs no model). I/O: the target's endpoint.
 */
import { loglikelihoodRequest, type LoglikelihoodRequest } from "../../src/execution/loglikelihood-request";
import type { BenchmarkRow } from "../../src/db/schema";
import type { ChatMessage } from "../../src/domain/prompt";
import { ProviderError, type ChatResult } from "../../src/providers";
import type { LoglikelihoodOutput } from "../../src/scorers/loglikelihood";
import type { ScoringSpec } from "../../src/scorers/spec";
import type { RunContext, TargetRuntime } from "./run-context";

export interface LoglikelihoodAttempt {
  request: LoglikelihoodRequest;
  /** What the trace shows as sent: the context, then each continuation. */
  messages: ChatMessage[];
}

/** The attempt's request when its run benchmark is scored by log-likelihood; null otherwise; an error when the row cannot be asked so. */
export function loglikelihoodAttempt(
  scoring: ScoringSpec,
  bm: Pick<BenchmarkRow, "promptColumn" | "answerColumn">,
  row: Record<string, unknown>,
  examples: Record<string, unknown>[],
): LoglikelihoodAttempt | { error: Error } | null {
  if (scoring.type !== "loglikelihood") return null;
  try {
    const request = loglikelihoodRequest(scoring, row, examples, { prompt_column: bm.promptColumn, answer_column: bm.answerColumn });
    const shown = request.continuations.map((c, i) => `${String.fromCharCode(65 + i)}: ${JSON.stringify(c)}`).join("\n");
    return { request, messages: [{ role: "user", content: `${request.context}\n\n[log-likelihood of each continuation]\n${shown}` }] };
  } catch (err) {
    return { error: err instanceof Error ? err : new Error(String(err)) };
  }
}

/** One completions call for every choice; the reply's text is the measurement (LoglikelihoodOutput). */
export async function loglikelihoodCall(ctx: RunContext, target: TargetRuntime, request: LoglikelihoodRequest): Promise<ChatResult> {
  const provider = target.provider;
  if (!provider.loglikelihood) {
    throw new ProviderError("permanent", `log-likelihood mode needs an OpenAI-compatible /v1/completions endpoint with echo and logprobs (vLLM serves one); a ${provider.provider} target has none`);
  }
  const r = await provider.loglikelihood({
    model: target.config.model,
    context: request.context,
    continuations: request.continuations,
    choiceTexts: request.choiceTexts,
    timeout_ms: ctx.options.timeout_s * 1000,
    params: target.config.params,
  });
  const output: LoglikelihoodOutput = { mode: "loglikelihood", choices: r.choices.map((c, i) => ({ ...c, text: request.continuations[i] })) };
  return { text: JSON.stringify(output), input_tokens: r.input_tokens, output_tokens: 0, latency_ms: r.latency_ms, model: r.model, truncated: null };
}
