/**
 * Text handling VLMEvalKit's answer matchers share (vlmeval/smp/misc.py
 * process_punctuation, vlmeval/utils/matching_util.py can_infer at
 * e8e78f05), written again here for the scorers that follow them
 * (yes_no, vlm_choice, mathvista). Pure, no I/O.
 */

const PUNCT = [";", "/", "[", "]", '"', "{", "}", "(", ")", "=", "+", "\\", "_", "-", ">", "<", "@", "`", ",", "?", "!"];

/**
 * process_punctuation: each mark removed where the text has it beside a
 * space (or has a comma between digits), else turned into a space; then
 * periods not between digits removed, at most 32 of them (upstream passes
 * re.UNICODE, 32, as sub's count).
 */
export function processPunctuation(text: string): string {
  let out = text;
  const commaStrip = /(\d)(,)(\d)/.test(text);
  for (const p of PUNCT) out = text.includes(`${p} `) || text.includes(` ${p}`) || commaStrip ? out.replaceAll(p, "") : out.replaceAll(p, " ");
  let n = 0;
  return out.replace(/(?<!\d)\.(?!\d)/g, (m) => (n++ < 32 ? "" : m));
}

const REJECTIONS = ["Sorry, I can't help with images of people yet.", "I can't process this file.", "I'm sorry, but without the image provided", "Cannot determine the answer"];

/** can_infer_option: the option letter a reply names, "Z" for a refusal, or null. */
export function canInferOption(answer: string, letters: readonly string[]): string | null {
  if (answer.includes("Failed to obtain answer via API")) return null;
  if (REJECTIONS.some((r) => answer.includes(r))) return "Z";
  let mod = answer;
  for (const c of ".()[],:;!*#{}") mod = mod.replaceAll(c, " ");
  const splits = mod.split(/\s+/).filter(Boolean);
  const count = letters.filter((c) => splits.includes(c)).length;
  if (count === 1) {
    for (const ch of letters) if (splits.includes(ch) && splits.indexOf(ch) > splits.length - 5) return ch;
  } else if (count === 0 && (splits.includes("Z") ? 1 : 0) + (splits.includes("") ? 1 : 0) === 1) return "Z";
  const m = /(?:correct\s+)?answer\s+is\s+\**([ABCD])\**/i.exec(answer);
  if (m && letters.includes(m[1]!.toUpperCase())) return m[1]!.toUpperCase();
  return null;
}

/** can_infer_text: the one option whose text the (short) reply contains, or null. */
export function canInferText(answer: string, options: Readonly<Record<string, string>>): string | null {
  const a = answer.toLowerCase();
  const total = Object.values(options).reduce((n, v) => n + v.length, 0);
  if (a.length > 2 * total) return null;
  const hits = Object.entries(options).filter(([, v]) => a.includes(v.toLowerCase()));
  return hits.length === 1 ? hits[0]![0] : null;
}

/** can_infer: by letter first, then by option text. */
export function canInfer(answer: string, options: Readonly<Record<string, string>>): string | null {
  return canInferOption(answer, Object.keys(options)) ?? canInferText(answer, options);
}

/** Options keyed by letter from a list in order (A, B, …). */
export function lettered(options: readonly string[]): Record<string, string> {
  return Object.fromEntries(options.map((o, i) => [String.fromCharCode(65 + i), o]));
}
