/**
 * The checks over a row's calls, as BFCL's ast_checker dispatches them by
 * category: `parallel*` matches every expected call to a distinct produced
 * call in any order (greedily, in the expected calls' order, as upstream);
 * `multiple` and `simple` need exactly one call, checked against the one
 * expected function; `irrelevance` passes only without any call. Pure, no I/O.
 */
import type { ExpectedCall, FunctionDoc } from "./docs";
import { simpleFunctionChecker, type DecodedCall } from "./simple";
import { invalid, VALID, type Verdict } from "./verdict";

/** The BFCL categories the checker knows; which check applies follows from the name, as upstream. */
export type CheckMode = "simple" | "multiple" | "parallel" | "irrelevance";

/** The check of a BFCL category (simple_python, parallel_multiple, irrelevance, ...). */
export function modeOf(category: string): CheckMode {
  if (category.includes("irrelevance")) return "irrelevance";
  if (category.includes("parallel")) return "parallel";
  if (category.includes("multiple")) return "multiple";
  return "simple";
}

function docFor(docs: readonly FunctionDoc[], name: string): FunctionDoc | null {
  return docs.find((d) => d.name === name) ?? null;
}

function checkOne(docs: readonly FunctionDoc[], call: DecodedCall, expected: ExpectedCall): Verdict {
  const doc = docFor(docs, expected.name);
  if (!doc) return invalid("checker:missing_doc", `The expected function '${expected.name}' is not among the row's functions.`);
  return simpleFunctionChecker(doc, call, expected);
}

/** Simple and multiple: one call, the one expected. */
export function singleCallChecker(mode: "simple" | "multiple", docs: readonly FunctionDoc[], calls: readonly DecodedCall[], expected: readonly ExpectedCall[]): Verdict {
  const kind = mode === "simple" ? "simple_function_checker" : "multiple_function_checker";
  if (calls.length !== expected.length || calls.length !== 1) return invalid(`${kind}:wrong_count`, `Wrong number of functions: ${calls.length} made, ${expected.length} expected.`);
  // Simple rows have one function, which upstream takes as the description whatever its name.
  return mode === "simple" ? simpleFunctionChecker(docs[0]!, calls[0]!, expected[0]!) : checkOne(docs, calls[0]!, expected[0]!);
}

/** Parallel: as many calls as expected, each expected call matched by a distinct call, in any order. */
export function parallelChecker(docs: readonly FunctionDoc[], calls: readonly DecodedCall[], expected: readonly ExpectedCall[]): Verdict {
  if (calls.length !== expected.length) {
    return invalid("parallel_function_checker_no_order:wrong_count", `Wrong number of functions: ${calls.length} made, ${expected.length} expected.`);
  }
  const used = new Set<number>();
  for (let i = 0; i < expected.length; i++) {
    const errors: string[] = [];
    let hit = -1;
    for (let j = 0; j < calls.length && hit < 0; j++) {
      if (used.has(j)) continue;
      const v = checkOne(docs, calls[j]!, expected[i]!);
      if (v.valid) hit = j;
      else errors.push(`call ${j}: ${v.error}`);
    }
    if (hit < 0) {
      const open = calls.map((_, j) => j).filter((j) => !used.has(j));
      return invalid(
        "parallel_function_checker_no_order:cannot_find_match",
        `No call among [${open.join(", ")}] matches expected call ${i} (${expected[i]!.name}): ${errors.join(" ")}`,
      );
    }
    used.add(hit);
  }
  return VALID;
}

/** Irrelevance: no call at all. */
export function irrelevanceChecker(calls: readonly DecodedCall[]): Verdict {
  return calls.length === 0
    ? VALID
    : invalid("irrelevance_error:decoder_success", `Valid syntax. Made ${calls.length} call(s) (${calls.map((c) => c.name).join(", ")}) when none of the functions fits.`);
}
