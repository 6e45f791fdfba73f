/**
 * The shape of one instruction checker: an instruction id's verdict on a
 * response, given the instruction's arguments (its `kwargs` in the data).
 * Arguments are read through `Args`, which refuses a missing or mistyped
 * one with an `InstructionArgsError` (the attempt is then unscored, never
 * 0). Pure, no I/O.
 */

/** One instruction of a prompt, as the data lists it. */
export interface Instruction {
  /** The instruction id, e.g. `punctuation:no_comma`. */
  id: string;
  /** Its arguments; null values are dropped (upstream drops `None` before building a checker). */
  kwargs: Record<string, unknown>;
}

/** An argument the checker needs is missing or has the wrong type. */
export class InstructionArgsError extends Error {}

/** Typed access to an instruction's arguments. */
export class Args {
  constructor(
    private readonly id: string,
    private readonly kwargs: Record<string, unknown>,
  ) {}

  private fail(key: string, what: string): never {
    throw new InstructionArgsError(`${this.id} needs '${key}' (${what})`);
  }

  /** A number (integers stored as 5.0 count as 5). */
  num(key: string): number {
    const v = this.kwargs[key];
    if (typeof v !== "number" || !Number.isFinite(v)) this.fail(key, "a number");
    return v;
  }

  str(key: string): string {
    const v = this.kwargs[key];
    if (typeof v !== "string") this.fail(key, "a string");
    return v;
  }

  optStr(key: string): string | null {
    const v = this.kwargs[key];
    return typeof v === "string" ? v : null;
  }

  strList(key: string): string[] {
    const v = this.kwargs[key];
    if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) this.fail(key, "a list of strings");
    return v as string[];
  }

  /** `"less than"` or `"at least"`, upstream's two comparison relations. */
  relation(key: string): "less than" | "at least" {
    const v = this.kwargs[key];
    if (v !== "less than" && v !== "at least") this.fail(key, "'less than' or 'at least'");
    return v;
  }
}

/** A checker: true when the response follows the instruction. */
export type Checker = (response: string, args: Args) => boolean;

/** Compares a count with a threshold the way upstream's relations do. */
export function compare(count: number, relation: "less than" | "at least", threshold: number): boolean {
  return relation === "less than" ? count < threshold : count >= threshold;
}
