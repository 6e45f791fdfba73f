/**
 * Scorer `function_call`: BFCL's AST checker (bfcl_eval/eval_checker/
 * ast_eval/ast_checker.py and the relevance check of eval_runner.py, at the
 * commit the catalog pins) for the Python categories simple, multiple,
 * parallel, parallel_multiple and irrelevance. Reward 1 when the calls
 * pass, 0 otherwise, with BFCL's error type and error in the reason. A text reply where a call was expected is 0 with
 * that reason; for irrelevance, a reply without a decodable call passes.
 *
 * Arguments are read from their JSON text with floats kept (`5.0` is a
 * float, as in Python); the Anthropic adapter reads tool input from the
 * raw body for that. Differences from upstream, each with a test in
 * score.test.ts:
 * - A parameter whose declared type BFCL's Python mapping does not know is
 *   a failed check with that reason (upstream raises a KeyError).
 * - An expected function missing from the row's functions is a failed
 *   check (upstream would crash on it).
 * Pure, no I/O.
 */
import { expectedCalls, FunctionDocs } from "./docs";
import { decodeCalls } from "./decode";
import { irrelevanceChecker, modeOf, parallelChecker, singleCallChecker } from "./calls";
import { nameRestorer } from "./names";
import { JsonError, parsePyJson } from "./py-values";
import type { ScoreInputOf, ScoreResult } from "../types";
import type { Verdict } from "./verdict";

const verdictResult = (v: Verdict, passed: string): ScoreResult =>
  v.valid
    ? { reward: 1, reason: passed }
    : { reward: 0, reason: `${v.error_type}: ${v.error}` };

export function scoreFunctionCall({ output, expected, spec, tool_calls, row }: ScoreInputOf<"function_call">): ScoreResult {
  const docs = FunctionDocs.safeParse(row?.[spec.functions_column]);
  if (!docs.success) return { reward: null, reason: `the row's '${spec.functions_column}' is not a list of BFCL function documents` };
  const category = row?.[spec.category_column];
  if (typeof category !== "string") return { reward: null, reason: `the row has no '${spec.category_column}' to say which check applies` };
  const mode = modeOf(category);
  const calls = tool_calls ?? [];
  const decoded = decodeCalls(calls, nameRestorer(docs.data.map((d) => d.name)));

  if (mode === "irrelevance") {
    // BFCL counts a reply it cannot decode as a call as no call.
    if (!decoded.ok) return { reward: 1, reason: `no valid call was made (${decoded.error})` };
    return verdictResult(irrelevanceChecker(decoded.calls), calls.length ? "" : `no call was made${output.trim() ? "; the model answered in text" : ""}`);
  }
  if (expected === null) return { reward: null, reason: "the row has no ground truth" };
  let truth;
  try {
    truth = expectedCalls(parsePyJson(expected));
  } catch (e) {
    return { reward: null, reason: `the ground truth is not JSON: ${e instanceof JsonError ? e.message : String(e)}` };
  }
  if (typeof truth === "string") return { reward: null, reason: truth };
  if (!calls.length) {
    return verdictResult(
      { valid: false, error_type: "ast_decoder:decoder_failed", error: output.trim() ? "the model answered in text where a function call was expected." : "the model made no function call." },
      "",
    );
  }
  if (!decoded.ok) return verdictResult({ valid: false, error: decoded.error, error_type: decoded.error_type }, "");
  const v = mode === "parallel" ? parallelChecker(docs.data, decoded.calls, truth) : singleCallChecker(mode, docs.data, decoded.calls, truth);
  const names = decoded.calls.map((c) => c.name).join(", ");
  return verdictResult(v, `${decoded.calls.length === 1 ? "the call" : `all ${decoded.calls.length} calls`} (${names}) match the expected ${mode === "parallel" ? "calls in some order" : "call"}`);
}
