/**
 * Log-likelihoods through an OpenAI-compatible `/v1/completions` endpoint
 * (vLLM serves it for base models), with the `openai` SDK's
 * completions.create: every choice's context + continuation in one request
 * (a prompt array) with `echo: true`, `logprobs: 1`, `max_tokens: 0` and
 * temperature 0, as lm-evaluation-harness's completions models ask; the
 * continuation's tokens are read from the echo by `text_offset`
 * (src/scorers/loglikelihood.ts). I/O: HTTP to the target's base URL.
 */
import type OpenAI from "openai";
import { codePoints, continuationLogprob, type ChoiceLoglikelihood, type EchoedLogprobs } from "../scorers/loglikelihood";
import { ProviderError, toProviderError } from "./errors";

export interface LoglikelihoodCall {
  model: string;
  context: string;
  continuations: string[];
  /** acc_norm's divisors, one per continuation. */
  choiceTexts: string[];
  timeout_ms: number;
  /** Extra body fields passed through (vLLM's own), never replacing the ones above. */
  params?: Record<string, unknown>;
}

export interface LoglikelihoodResult {
  choices: ChoiceLoglikelihood[];
  /** Prompt tokens of the request as the endpoint reported them. */
  input_tokens: number | null;
  latency_ms: number;
  model: string;
}

/** A 404 or 405 from /completions means the endpoint has no such route (a chat-only API). */
const NO_ROUTE = new Set([404, 405]);

export async function completionsLoglikelihood(client: OpenAI, apiKey: string | undefined, call: LoglikelihoodCall): Promise<LoglikelihoodResult> {
  const prompts = call.continuations.map((c) => call.context + c);
  const body = { ...call.params, model: call.model, prompt: prompts, echo: true, logprobs: 1, max_tokens: 0, temperature: 0, stream: false };
  const started = Date.now();
  let res: OpenAI.Completions.Completion;
  try {
    res = await client.completions.create(body as OpenAI.Completions.CompletionCreateParamsNonStreaming, { timeout: call.timeout_ms, maxRetries: 0 });
  } catch (err) {
    const pe = toProviderError(err, apiKey, Date.now());
    if (pe.status !== null && NO_ROUTE.has(pe.status)) {
      throw new ProviderError("permanent", `log-likelihood scoring needs an OpenAI-compatible /v1/completions endpoint with echo and logprobs (vLLM serves one); the target answered: ${pe.message}`, { status: pe.status });
    }
    throw pe;
  }
  const latency_ms = Date.now() - started;
  const contextChars = codePoints(call.context);
  const choices = prompts.map((prompt, i): ChoiceLoglikelihood => {
    const choice = res.choices?.find((c) => c.index === i) ?? res.choices?.[i];
    const lp = choice?.logprobs as EchoedLogprobs | null | undefined;
    const got = lp ? continuationLogprob(lp, contextChars, codePoints(prompt)) : { error: "the endpoint returned no logprobs (it needs echo and logprobs on /v1/completions)" };
    if ("error" in got) throw new ProviderError("permanent", `log-likelihood of choice ${i + 1}: ${got.error}`, { status: 200 });
    return { logprob: got.logprob, tokens: got.tokens, chars: Math.max(1, codePoints(call.choiceTexts[i] ?? "")) };
  });
  return { choices, input_tokens: res.usage?.prompt_tokens ?? null, latency_ms, model: res.model || call.model };
}
