/**
 * Vitest global setup (runs in Node, not workerd): starts the fixture model
 * server on loopback for the whole test run and hands its URL to tests, which
 * read it with `inject("fixtureUrl")` from "vitest". Loads the repo's small
 * answer key (fixture/answer-key.jsonl) and the GSM8K and multiple-choice
 * keys of the datasets mirror: the shared folder's (ASSAY_SHARED_DIR,
 * default ../shared) when present, else the generated mini files'.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { answerKeyFiles } from "../fixture/answer-keys.mjs";
import { MINI_BIRD_QUESTIONS } from "../src/catalog/benchmarks/bird_sql/mini";
import { startFixtureModel, type AnswerRow } from "../fixture/model-server.mjs";
import { sharedDir } from "./datasets-server";
import { miniAnswerKeyRows } from "./mini-datasets";
import { miniMathVisionKeyRows } from "./mini-math-vision";

declare module "vitest" {
  interface ProvidedContext {
    /** Base of the fixture model server, e.g. http://127.0.0.1:PORT (OpenAI base URL: `${fixtureUrl}/v1`). */
    fixtureUrl: string;
  }
}

const REPO_KEY = fileURLToPath(new URL("../fixture/answer-key.jsonl", import.meta.url).href);

/** Answer-key files (or rows) of the mirror the tests load built-ins from. */
function answerKeys(): (string | AnswerRow)[] {
  const shared = sharedDir();
  const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  // BIRD's questions are generated either way (its data is pinned by URL only).
  return [REPO_KEY, ...(shared ? answerKeyFiles(join(shared, "datasets")) : [...miniAnswerKeyRows(), ...miniMathVisionKeyRows(sha256)]), ...MINI_BIRD_QUESTIONS];
}

export default async function setup(project: TestProject) {
  const fixture = await startFixtureModel({ host: "127.0.0.1", port: 0, answers: answerKeys() });
  project.provide("fixtureUrl", fixture.url);
  return async () => {
    await fixture.close();
  };
}
