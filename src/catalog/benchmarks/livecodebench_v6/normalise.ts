/**
 * LiveCodeBench's rows, one per line of test6.jsonl as it streams (a
 * LineNormaliser): the problem as LiveCodeBench's prompt shows it (its
 * statement, and the format section: the starter code for a LeetCode
 * problem, else stdin/stdout), its public tests as published, its hidden
 * tests stored beside the row as a revision file holding the published
 * text (base64 of zlib of a pickled JSON string, decoded only in the
 * sandbox: src/scorers/livecodebench-harness.ts), the method name of a
 * functional problem, the difficulty (the subset) and the contest date,
 * also as `release_date` ("YYYY-MM-DDTHH:MM:SS") for the release window a
 * run may ask for. Pure, but for the file it hands to the store.
 */
import type { JsonObject } from "../../../datasets/canonical-json";
import { text } from "../../read";
import type { LineNormaliser } from "../../types";

const PLATFORMS = new Set(["leetcode", "atcoder", "codeforces"]);
const DIFFICULTIES = new Set(["easy", "medium", "hard"]);

/** LiveCodeBench's format sections (lcb_runner/prompts/code_generation.py, the generic template). */
const WITH_STARTER = "### Format: You will use the following starter code to write the solution to the problem and enclose your code within delimiters.\n";
const WITHOUT_STARTER =
  "### Format: Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the sample inputs). " +
  "Enclose your code within delimiters as follows. Ensure that when the python program runs, it reads the inputs, runs the algorithm and writes output to STDOUT.\n";

/** A contest date as LiveCodeBench's datetime.fromisoformat reads it, written in full ("2025-01-04T18:30:00"); null when it is not one. */
export function releaseDate(value: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/.exec(value);
  if (!m) return null;
  const day = new Date(`${m[1]}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== m[1]) return null;
  return `${m[1]}T${m[2] ?? "00"}:${m[3] ?? "00"}:${m[4] ?? "00"}`;
}

function tests(value: string, where: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`${where}: public_test_cases is not JSON`);
  }
  if (!Array.isArray(parsed) || !parsed.every((t) => t && typeof t === "object" && typeof t.input === "string" && typeof t.output === "string")) {
    throw new Error(`${where}: public_test_cases is not a list of {input, output}`);
  }
}

export const livecodebenchRows: LineNormaliser = {
  kind: "lines",
  columns: { key: "id", split: null, subset: "subset" },
  async rows(line, at, files) {
    const where = `${at.file.path} line ${at.line}`;
    let r: JsonObject;
    try {
      r = JSON.parse(line) as JsonObject;
    } catch (err) {
      throw new Error(`not JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    const id = text(r, "question_id", where);
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(id)) throw new Error(`${where}: question_id '${id.slice(0, 40)}' is not a plain identifier`);
    const platform = text(r, "platform", where);
    if (!PLATFORMS.has(platform)) throw new Error(`${where}: platform '${platform}' is not leetcode, atcoder or codeforces`);
    const difficulty = text(r, "difficulty", where);
    if (!DIFFICULTIES.has(difficulty)) throw new Error(`${where}: difficulty '${difficulty}' is not easy, medium or hard`);
    const contestDate = text(r, "contest_date", where);
    const release = releaseDate(contestDate);
    if (release === null) throw new Error(`${where}: contest_date '${contestDate}' is not an ISO date and time`);
    const publicTests = text(r, "public_test_cases", where);
    tests(publicTests, where);
    let metadata: unknown;
    try {
      metadata = JSON.parse(text(r, "metadata", where));
    } catch {
      throw new Error(`${where}: metadata is not JSON`);
    }
    const fn = metadata && typeof metadata === "object" ? (metadata as Record<string, unknown>).func_name : undefined;
    if (fn !== undefined && fn !== null && typeof fn !== "string") throw new Error(`${where}: metadata.func_name is not text`);
    const starter = typeof r.starter_code === "string" ? r.starter_code : "";
    const hidden = await files.put(`hidden-tests/${id}.txt`, text(r, "private_test_cases", where), "text/plain");
    return [
      {
        id,
        question_id: id,
        question_title: typeof r.question_title === "string" ? r.question_title : "",
        question_content: text(r, "question_content", where),
        platform,
        contest_id: typeof r.contest_id === "string" ? r.contest_id : "",
        contest_date: contestDate,
        release_date: release,
        difficulty,
        subset: difficulty,
        starter_code: starter,
        fn_name: typeof fn === "string" ? fn : "",
        format: starter ? `${WITH_STARTER}\`\`\`python\n${starter}\n\`\`\`\n\n` : `${WITHOUT_STARTER}\`\`\`python\n# YOUR CODE HERE\n\`\`\`\n\n`,
        public_tests: publicTests,
        hidden_tests: { ...hidden },
      },
    ];
  },
};
