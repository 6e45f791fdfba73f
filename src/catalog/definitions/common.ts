/**
 * Pieces shared by the definition files: the wording of why a benchmark
 * cannot run yet, and the scorer specs of benchmarks whose verdict comes
 * from somewhere other than the inline scorer registry. Pure data.
 */
import type { ExternalDataset } from "../types";

/** Why a benchmark without pinned data fails, plus any other missing piece. */
export function notBundled(data: ExternalDataset, ...more: string[]): string {
  return [
    `Its data is not bundled with Assay yet (no copy pinned to a revision with a verified digest; upstream: ${data.location}), ` +
      "so a run of it fails with this message instead of producing a score.",
    ...more,
  ].join(" ");
}

export const NEEDS_IMAGES = "Image inputs themselves work (an image column sent with each prompt, as MATH-Vision runs); what is missing is the data with its images.";

/** A runner benchmark's reward comes from the runner's own verifier, reported with the attempt. */
export const runnerVerifier = (verifier: string) => ({ type: "verifier", verifier });

export const RUNNER_REQUIREMENT =
  "An agent runner (a run target of kind 'agent' with a runner_url) that implements Assay's runner protocol: it receives each signed attempt, runs it in its own sandbox and posts back the verifier's reward.";

export const JUDGE_REQUIREMENT = "A judge model set on the run (scoring uses the LLM judge).";
