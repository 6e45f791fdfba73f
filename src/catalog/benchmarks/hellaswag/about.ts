/** HellaSwag's detail page: what the catalog card and page say about it. Pure data, read when the catalog rows are synced (never bundled with the Worker). */
import type { BenchmarkAbout } from "../../types";

export const about: BenchmarkAbout = {
  description: "Pick the most plausible way a short everyday scene or how-to passage continues.",
  status_detail:
    "Runs inline on all 10,042 validation items (the usual evaluation set; " +
    "test labels are not public), from a pinned text copy of the official validation file checked against its sha256 on first use. Two modes: " +
    "generative (the default: the model replies with a letter) " +
    "and, with the run option mc_mode \"loglikelihood\", lm-evaluation-harness's protocol (acc and acc_norm from each ending's log-likelihood) " +
    "through the target's OpenAI-compatible /v1/completions endpoint with echo and logprobs, which vLLM serves for base models.",
  text: {
    what_it_measures:
      "Commonsense understanding of how situations unfold in text: " +
      "given the start of an activity description (from ActivityNet video captions or WikiHow articles), which of four endings a person would find natural.",
    how_it_works:
      "Each item has a context and four endings; " +
      "three were machine-written and kept because they fooled a strong model of the time (adversarial filtering) while humans rejected them easily. " +
      "By default Assay asks generatively: the prompt gives the activity label and context (\"Roof shingle removal: A man is sitting on a roof. " +
      "he\"), the four endings lettered A–D one per line, and asks for the letter; " +
      "the multiple-choice scorer reads the letter from the reply (\"C\", \"The answer is (C)\", \"C. starts pulling…\" and similar) " +
      "and compares it with the gold ending. That is not the published protocol: " +
      "the paper and lm-evaluation-harness score HellaSwag by log-likelihood, " +
      "and a chat model answering by letter sees all four endings at once and is usually scored higher, so those numbers are not comparable. " +
      "With mc_mode \"loglikelihood\" Assay follows lm-evaluation-harness instead: " +
      "for each ending it sends the context followed by \" \" + the ending to the target's /v1/completions endpoint (echo, logprobs, max_tokens 0), " +
      "sums the logprobs of the ending's tokens, and counts acc (the ending with the highest sum is the gold one) " +
      "and acc_norm (the highest sum per character of the ending); acc_norm is the reward, as leaderboards report HellaSwag, and acc is kept beside it. " +
      "No letters, no instruction. Score is the mean over the selected items, zero-shot by default.",
    strengths: [
      "Easy for humans (above 95%) yet designed to trip statistical shortcuts.",
      "Large enough for tight confidence intervals.",
      "A standard point of comparison for base and small models.",
    ],
    limitations: [
      "Saturated for large models.",
      "Some contexts and endings are ungrammatical or noisy, so part of the residual error is label noise.",
      "Letter-choice generation differs from the log-likelihood ranking the paper and most leaderboards use (acc / acc_norm); " +
        "compare only within one mode.",
      "Log-likelihood mode needs a completions endpoint that echoes prompt logprobs (vLLM does; chat-only APIs and Anthropic do not). " +
        "The server tokenises each context + ending, so the ending's tokens are found by character offsets; " +
        "lm-evaluation-harness tokenises context and ending apart, which can split the boundary differently by a token.",
      "The data is a text conversion of the official file: " +
        "the in-domain/zero-shot split and the source ids are not in it, and an ActivityNet context can differ from lm-evaluation-harness's by the case of one letter.",
      "Tests plausibility of text, not factual knowledge or instruction following.",
    ],
    when_to_use: "Pick it to check the language modelling quality of small or base models, or the effect of distillation and quantisation on everyday language understanding.",
    use_cases: ["On-device and small assistant models", "Autocomplete and text-continuation features"],
  },
  credentials: [],
  requirements: [],
  references: [{ title: "HellaSwag: Can a Machine Really Finish Your Sentence? (Zellers et al., 2019)", url: "https://arxiv.org/abs/1905.07830" }],
};
