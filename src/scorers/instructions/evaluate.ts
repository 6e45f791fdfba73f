/**
 * One response against its prompt's instructions, the way upstream's
 * `evaluation_lib` does it: strict checks the response as given (an empty
 * or blank response follows nothing); loose also tries it without its first
 * line, without its last line, without both, and each of those with every
 * `*` removed, and an instruction counts as followed when any of the eight
 * variants follows it. Each position of the instruction list is scored on
 * its own, so a repeated id with other arguments is two verdicts. Pure, no
 * I/O.
 */
import { INSTRUCTION_CHECKERS } from "./registry";
import { strip } from "./python-text";
import { Args, InstructionArgsError, type Instruction } from "./types";

/** The verdicts on one instruction of the prompt. */
export interface InstructionVerdict {
  id: string;
  strict: boolean;
  loose: boolean;
}

/** The verdicts on a whole prompt: per instruction, and all followed (prompt level). */
export interface PromptVerdict {
  instructions: InstructionVerdict[];
  prompt_strict: boolean;
  prompt_loose: boolean;
}

/** The eight responses loose evaluation tries, in upstream's order. */
export function looseVariants(response: string): string[] {
  const lines = response.split("\n");
  const noFirst = strip(lines.slice(1).join("\n"));
  const noLast = strip(lines.slice(0, -1).join("\n"));
  const noBoth = strip(lines.slice(1, -1).join("\n"));
  const unstar = (s: string) => s.replaceAll("*", "");
  return [response, unstar(response), noFirst, noLast, noBoth, unstar(noFirst), unstar(noLast), unstar(noBoth)];
}

/** Checks a response against every instruction; an unknown id or a bad argument throws InstructionArgsError. */
export function evaluateResponse(response: string, instructions: readonly Instruction[]): PromptVerdict {
  const variants = looseVariants(response);
  const verdicts = instructions.map(({ id, kwargs }) => {
    const check = INSTRUCTION_CHECKERS[id];
    if (!check) throw new InstructionArgsError(`unknown instruction '${id}'`);
    const args = new Args(id, Object.fromEntries(Object.entries(kwargs).filter(([, v]) => v !== null && v !== undefined)));
    const strict = strip(response) !== "" && check(response, args);
    const loose = strict || variants.some((v) => strip(v) !== "" && check(v, args));
    return { id, strict, loose };
  });
  return { instructions: verdicts, prompt_strict: verdicts.every((v) => v.strict), prompt_loose: verdicts.every((v) => v.loose) };
}
