/**
 * Scorer `instruction_checks`: IFEval and IFBench. The expected answer is
 * the row's instructions as JSON (`[{id, kwargs}]`, or upstream's
 * `{instruction_id_list, kwargs}`); each is checked by the instruction's
 * checker (src/scorers/instructions), strict and loose as upstream's
 * `evaluation_lib` defines them. The reward is the level and mode the spec
 * names (prompt-level strict by default: 1 only when every instruction is
 * followed). The structured result carries the four standard numbers and
 * the per-instruction-type results as dimensions, with weights so /scores
 * can pool instruction-level accuracy over instructions, not prompts, as
 * upstream does. An unknown instruction or a bad argument leaves the
 * attempt unscored (reward null). Pure, no I/O.
 */
import { z } from "zod";
import { evaluateResponse, type PromptVerdict } from "./instructions/evaluate";
import { InstructionArgsError, type Instruction } from "./instructions/types";
import type { ScoreInputOf, ScoreResult } from "./types";

/** Dimension names of the four standard numbers. */
export const IF_DIMENSIONS = {
  prompt_strict: "prompt_level_strict",
  prompt_loose: "prompt_level_loose",
  instruction_strict: "instruction_level_strict",
  instruction_loose: "instruction_level_loose",
} as const;

const Kwargs = z.record(z.string(), z.unknown());
const InstructionList = z.union([
  z.array(z.strictObject({ id: z.string().min(1), kwargs: Kwargs.default({}) })).min(1),
  z
    .object({ instruction_id_list: z.array(z.string().min(1)).min(1), kwargs: z.array(Kwargs.nullable()) })
    .refine((o) => o.kwargs.length === o.instruction_id_list.length, "kwargs and instruction_id_list differ in length")
    .transform((o) => o.instruction_id_list.map((id, i) => ({ id, kwargs: o.kwargs[i] ?? {} }))),
]);

/** The instructions of a row, from its expected-answer text; null with the reason when they do not parse. */
export function parseInstructions(expected: string): { ok: true; instructions: Instruction[] } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(expected);
  } catch {
    return { ok: false, reason: "the row's instructions are not JSON" };
  }
  const parsed = InstructionList.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: `the row's instructions are malformed: ${parsed.error.issues[0]?.message ?? "invalid"}` };
  return { ok: true, instructions: parsed.data };
}

function fraction(verdict: PromptVerdict, mode: "strict" | "loose"): number {
  return verdict.instructions.filter((v) => v[mode]).length / verdict.instructions.length;
}

/** The structured result: the four numbers, then `strict/<id>` and `loose/<id>` per instruction type, with their weights. */
export function instructionDimensions(verdict: PromptVerdict): { dimensions: Record<string, number>; weights: Record<string, number> } {
  const n = verdict.instructions.length;
  const dimensions: Record<string, number> = {
    [IF_DIMENSIONS.prompt_strict]: verdict.prompt_strict ? 1 : 0,
    [IF_DIMENSIONS.prompt_loose]: verdict.prompt_loose ? 1 : 0,
    [IF_DIMENSIONS.instruction_strict]: fraction(verdict, "strict"),
    [IF_DIMENSIONS.instruction_loose]: fraction(verdict, "loose"),
  };
  const weights: Record<string, number> = { [IF_DIMENSIONS.instruction_strict]: n, [IF_DIMENSIONS.instruction_loose]: n };
  const byType = new Map<string, { n: number; strict: number; loose: number }>();
  for (const v of verdict.instructions) {
    const t = byType.get(v.id) ?? { n: 0, strict: 0, loose: 0 };
    t.n++;
    if (v.strict) t.strict++;
    if (v.loose) t.loose++;
    byType.set(v.id, t);
  }
  for (const [id, t] of byType) {
    dimensions[`strict/${id}`] = t.strict / t.n;
    dimensions[`loose/${id}`] = t.loose / t.n;
    if (t.n > 1) weights[`strict/${id}`] = weights[`loose/${id}`] = t.n;
  }
  return { dimensions, weights };
}

export function scoreInstructionChecks({ output, expected, spec }: ScoreInputOf<"instruction_checks">): ScoreResult {
  if (expected === null) return { reward: null, reason: "the row has no instructions" };
  const parsed = parseInstructions(expected);
  if (!parsed.ok) return { reward: null, reason: parsed.reason };
  let verdict: PromptVerdict;
  try {
    verdict = evaluateResponse(output, parsed.instructions);
  } catch (err) {
    if (err instanceof InstructionArgsError) return { reward: null, reason: `cannot check: ${err.message}` };
    throw err;
  }
  const structured = instructionDimensions(verdict);
  const reward =
    spec.level === "prompt"
      ? Number(spec.mode === "strict" ? verdict.prompt_strict : verdict.prompt_loose)
      : structured.dimensions[spec.mode === "strict" ? IF_DIMENSIONS.instruction_strict : IF_DIMENSIONS.instruction_loose]!;
  const failedStrict = verdict.instructions.filter((v) => !v.strict).map((v) => (v.loose ? `${v.id} (loose: followed)` : v.id));
  const followed = verdict.instructions.length - failedStrict.length;
  const reason =
    failedStrict.length === 0
      ? `all ${verdict.instructions.length} instructions followed (strict)`
      : `${followed}/${verdict.instructions.length} instructions followed (strict); not followed: ${failedStrict.join(", ")}`;
  return { reward, reason, structured };
}
