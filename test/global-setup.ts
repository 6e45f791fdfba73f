/**
 * Vitest global setup (runs in Node, not workerd): starts the fixture model
 * server on loopback for the whole test run and hands its URL to tests, which
 * read it with `inject("fixtureUrl")` from "vitest". Loads the repo's small
 * answer key (fixture/answer-key.jsonl) and, when they exist, the GSM8K and
 * multiple-choice keys from ../shared/datasets.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startFixtureModel } from "../fixture/model-server.mjs";

declare module "vitest" {
  interface ProvidedContext {
    /** Base of the fixture model server, e.g. http://127.0.0.1:PORT (OpenAI base URL: `${fixtureUrl}/v1`). */
    fixtureUrl: string;
  }
}

const DATASETS = fileURLToPath(new URL("../../shared/datasets/", import.meta.url).href);
const REPO_KEY = fileURLToPath(new URL("../fixture/answer-key.jsonl", import.meta.url).href);

/** Answer-key files present on this machine. */
function answerKeys(): string[] {
  const keys = ["gsm8k/test.jsonl", "arc_challenge/test.jsonl", "truthfulqa_mc1/test.jsonl"].map((p) => DATASETS + p);
  const mmlu = DATASETS + "mmlu/";
  if (existsSync(mmlu)) for (const f of readdirSync(mmlu)) if (f.endsWith("_test.jsonl")) keys.push(mmlu + f);
  return [REPO_KEY, ...keys.filter((p) => existsSync(p))];
}

export default async function setup(project: TestProject) {
  const fixture = await startFixtureModel({ host: "127.0.0.1", port: 0, answers: answerKeys() });
  project.provide("fixtureUrl", fixture.url);
  return async () => {
    await fixture.close();
  };
}
