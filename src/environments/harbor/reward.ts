/**
 * Harbor's reward files, read by its verifier's rules: /logs/verifier/
 * reward.txt wins over reward.json. reward.txt is one number for the whole
 * file (Python's float(): surrounding whitespace, a sign, digits with
 * single underscores between them, a fraction, an exponent) and becomes
 * `{reward: n}`; reward.json is a flat object of name → number. An empty
 * file is RewardFileEmptyError, an unreadable one VerifierOutputParseError,
 * neither file RewardFileNotFoundError: Harbor's names, kept so a trial's
 * failure reads the same in both. Where Assay is stricter: NaN and
 * infinities (which Python's float() takes) and non-numeric JSON values are
 * parse errors, since a reward must be a number to be scored; booleans in
 * reward.json count 1/0 as Python's int(True) does.
 *
 * The headline reward is `reward` when the verifier names one, else the
 * only value; several without `reward` have none (Harbor's Mean refuses
 * them too). Pure, no I/O.
 */

export type RewardErrorKind = "RewardFileNotFoundError" | "RewardFileEmptyError" | "VerifierOutputParseError";

export type RewardRead =
  | { ok: true; from: "reward.txt" | "reward.json"; rewards: Record<string, number>; reward: number | null }
  | { ok: false; kind: RewardErrorKind; message: string };

/** Python float()'s literal grammar (digit groups joined by single underscores), without inf/nan. */
const PY_FLOAT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const PY_NONFINITE = /^[+-]?(?:inf|infinity|nan)$/i;
/** What Python's str.strip() removes. */
const PY_WS = /^[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

/** A number as Python's float() reads a string, or null (non-finite values are null too). */
export function pyFloat(text: string): number | null {
  const s = text.replace(PY_WS, "");
  if (PY_NONFINITE.test(s) || !PY_FLOAT.test(s)) return null;
  return Number(s.replaceAll("_", ""));
}

const headline = (rewards: Record<string, number>): number | null => rewards.reward ?? (Object.keys(rewards).length === 1 ? Object.values(rewards)[0]! : null);

/** Reads the verifier's reward files (either may be absent: null). */
export function readRewardFiles(files: { txt?: Uint8Array | string | null; json?: Uint8Array | string | null }): RewardRead {
  const text = (v: Uint8Array | string) => (typeof v === "string" ? v : new TextDecoder().decode(v));
  const size = (v: Uint8Array | string) => (typeof v === "string" ? new TextEncoder().encode(v).byteLength : v.byteLength);
  if (files.txt != null) {
    if (size(files.txt) === 0) return { ok: false, kind: "RewardFileEmptyError", message: "reward.txt is empty" };
    const n = pyFloat(text(files.txt));
    if (n === null) return { ok: false, kind: "VerifierOutputParseError", message: `reward.txt is not a finite number: '${text(files.txt).slice(0, 80)}'` };
    return { ok: true, from: "reward.txt", rewards: { reward: n }, reward: n };
  }
  if (files.json != null) {
    if (size(files.json) === 0) return { ok: false, kind: "RewardFileEmptyError", message: "reward.json is empty" };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text(files.json));
    } catch (e) {
      return { ok: false, kind: "VerifierOutputParseError", message: `reward.json is not JSON: ${(e as Error).message.slice(0, 200)}` };
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ok: false, kind: "VerifierOutputParseError", message: "reward.json must be an object of name → number" };
    const rewards: Record<string, number> = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v === "boolean") rewards[k] = v ? 1 : 0;
      else if (typeof v === "number" && Number.isFinite(v)) rewards[k] = v;
      else return { ok: false, kind: "VerifierOutputParseError", message: `reward.json: '${k}' is not a number (the file must be flat name → number)` };
    }
    if (!Object.keys(rewards).length) return { ok: false, kind: "VerifierOutputParseError", message: "reward.json names no reward" };
    return { ok: true, from: "reward.json", rewards, reward: headline(rewards) };
  }
  return { ok: false, kind: "RewardFileNotFoundError", message: "the verifier wrote neither /logs/verifier/reward.txt nor reward.json" };
}

/** The headline reward of a rewards object (a trial result's verifier_result.rewards). */
export { headline as headlineReward };
