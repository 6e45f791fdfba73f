/**
 * Wording and specs several built-ins share: why a benchmark cannot run
 * yet, what a judge, runner, sandbox or vision model requirement says, the
 * common prompt templates, and the scorer spec of benchmarks whose verdict
 * comes from a runner. Pure data.
 */
import type { BenchmarkDefinition, ExternalDataset } from "./types";

/** Why a benchmark without pinned data fails, plus any other missing piece. */
export function notBundled(data: ExternalDataset | BenchmarkDefinition["data"], ...more: string[]): string {
  const location = data.kind === "external" ? data.location : `${data.repository}@${data.commit}`;
  return [
    `Its data is not bundled with Assay yet (no copy pinned to a revision with a verified digest; upstream: ${location}), ` +
      "so a run of it fails with this message instead of producing a score.",
    ...more,
  ].join(" ");
}

export const NEEDS_IMAGES = "Image inputs themselves work (an image column sent with each prompt, as MATH-Vision runs); what is missing is the data with its images.";

/** A runner benchmark's reward comes from the runner's own verifier, reported with the attempt. */
export const runnerVerifier = (verifier: string) => ({ type: "verifier", verifier });

export const RUNNER_REQUIREMENT =
  "An agent runner (a run target of kind 'agent' with a runner_url) that implements Assay's runner protocol: it receives each signed attempt, runs it in its own sandbox and posts back the verifier's reward.";

export const AGENT_RUNNER_DETAIL = "Attempts run on an external agent runner, which provides the environment, drives the agent and reports the verifier's reward.";

/** Where a benchmark whose tasks need their own environment runs (Terminal-Bench, SWE-bench): docs/environments.md. */
export const ENVIRONMENT_RUNNER_REQUIREMENT =
  "An environment runner (environments/server.mjs; docs/environments.md): for a model target, the deployment's, at ASSAY_ENVIRONMENT_RUNNER_URL with the secret ASSAY_ENVIRONMENT_RUNNER_SECRET, " +
  "which runs each task in its own container (Docker or Podman) or, without an engine, in a Debian root under bubblewrap, and drives the model with its bash harness; " +
  "for an agent target, the target's runner. npm start runs one on loopback where the machine can.";

/** What a benchmark of prebuilt task images (Terminal-Bench, SWE-bench) needs of the environment runner's host. */
export const CONTAINER_IMAGES_REQUIREMENT =
  "A container engine (Docker or Podman) on the environment runner's host that can pull the tasks' images from Docker Hub; the local backend (bubblewrap) cannot run them.";

export const ENVIRONMENT_RUNNER_DETAIL =
  "Each attempt runs on an environment runner: the task's environment is built or pulled, the agent (for a model target, Assay's bash harness driving the model; the oracle; or an external agent) works in it, " +
  "then the task's own verifier decides the reward; an environment that fails to build or a verifier that crashes ends the attempt failed with the reason, never with 0.";

export const CODE_RUNNER =
  "Executing model-written code needs an isolated sandbox (no network, time and memory limits), which a Worker cannot provide; attempts run on an external runner.";

export const JUDGE_REQUIREMENT = "A judge model set on the run (scoring uses the LLM judge).";

export const SANDBOX_REQUIREMENT =
  "A model target, and Assay's code sandbox reachable at ASSAY_SANDBOX_URL with ASSAY_SANDBOX_SECRET (npm start runs one on loopback; docs/sandbox.md says how to run it in production).";

export const IMAGE_REQUIREMENT = "A vision-capable target model; the image column is sent with the prompt.";

/** A plain letter-choice prompt over the lettered options (src/catalog/choices.ts). */
export const MC_TEMPLATE = "Answer the following question. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:";

export const VISION_MC_TEMPLATE = "Look at the image and answer the question. Reply with the letter of the correct option.\n\n{question}\n\n{choices_text}\n\nAnswer:";

export const AGENT_FEW_SHOT: BenchmarkDefinition["few_shot"] = { supported: false, default: 0, split: null, note: "Agent tasks run zero-shot; the task statement is the prompt." };

export const VISION_FEW_SHOT: BenchmarkDefinition["few_shot"] = { supported: false, default: 0, split: null, note: "Run zero-shot; examples would add images to every request." };

/** How a VLMEvalKit table loads (src/catalog/vlmeval-tsv.ts), for the Vision cards. */
export const VLMEVAL_STREAMED =
  "It loads on first use from VLMEvalKit's host (opencompass.openxlab.space), or from a mirror set in ASSAY_DATASET_BASE_URL, and is read as it streams in, " +
  "one row at a time, each image stored with the dataset revision as it comes; each attempt sends its question's image inline. VLMEvalKit states no size for its tables, so only the md5 is checked.";
