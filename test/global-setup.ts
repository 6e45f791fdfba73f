/**
 * Vitest global setup (runs in Node, not workerd): starts the fixture model
 * server on loopback for the whole test run and hands its URL to tests, which
 * read it with `inject("fixtureUrl")` from "vitest". Loads the repo's small
 * answer key (fixture/answer-key.jsonl) and, when they exist, the GSM8K and
 * multiple-choice keys from ../shared/datasets.
 */
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { answerKeyFiles } from "../fixture/answer-keys.mjs";
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
  return [REPO_KEY, ...answerKeyFiles(DATASETS)];
}

export default async function setup(project: TestProject) {
  const fixture = await startFixtureModel({ host: "127.0.0.1", port: 0, answers: answerKeys() });
  project.provide("fixtureUrl", fixture.url);
  return async () => {
    await fixture.close();
  };
}
