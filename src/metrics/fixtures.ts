/**
 * Test-only builders of attempt outcomes from a compact notation, shared
 * by the metric tests. No I/O.
 */
import type { AttemptOutcome } from "./types";

/**
 * One slot: a number is a reward; `null` dispatched and still running;
 * "invalid" terminal without reward; "queued" not dispatched yet.
 */
export type Slot = number | null | "invalid" | "queued";

/**
 * Outcomes of members given as slot lists, e.g. { A: [1, 0], C: [0, "invalid"] };
 * an undefined slot has no outcome row at all.
 */
export function outcomesOf(members: Record<string, (Slot | undefined)[]>, subsetOf: (member: string) => string | null = () => null): AttemptOutcome[] {
  return Object.entries(members).flatMap(([member, slots]) =>
    slots.flatMap((slot, attempt_index): AttemptOutcome[] => {
      if (slot === undefined) return [];
      return [
        {
          member,
          attempt_index,
          reward: typeof slot === "number" ? slot : null,
          terminal: typeof slot === "number" || slot === "invalid",
          dispatched: slot !== "queued",
          subset: subsetOf(member),
        },
      ];
    }),
  );
}
