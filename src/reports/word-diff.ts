/**
 * A word-level diff of two outputs for the compare page: the longest common
 * subsequence of their tokens (words and the spaces between them), so each
 * side can mark what the other does not have. Quadratic, so long outputs
 * are diffed on their first MAX_TOKENS tokens and the rest shown plain.
 */
export interface Piece {
  text: string;
  /** true: this side has it and the other does not. */
  changed: boolean;
}

export const MAX_TOKENS = 600;

function tokens(s: string): string[] {
  return s.split(/(\s+)/).filter((t) => t !== "");
}

/** Both sides as pieces, the unchanged runs shared. */
export function wordDiff(a: string, b: string): { a: Piece[]; b: Piece[] } {
  const ta = tokens(a);
  const tb = tokens(b);
  const x = ta.slice(0, MAX_TOKENS);
  const y = tb.slice(0, MAX_TOKENS);
  const n = x.length;
  const m = y.length;
  // lcs[i][j]: LCS length of x[i..] and y[j..], one flat array.
  const lcs = new Uint16Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = x[i] === y[j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const pa: Piece[] = [];
  const pb: Piece[] = [];
  const push = (list: Piece[], text: string, changed: boolean) => {
    const last = list[list.length - 1];
    if (last && last.changed === changed) last.text += text;
    else list.push({ text, changed });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      push(pa, x[i]!, false);
      push(pb, y[j]!, false);
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) push(pa, x[i++]!, true);
    else push(pb, y[j++]!, true);
  }
  while (i < n) push(pa, x[i++]!, true);
  while (j < m) push(pb, y[j++]!, true);
  if (ta.length > n) push(pa, ta.slice(n).join(""), false);
  if (tb.length > m) push(pb, tb.slice(m).join(""), false);
  return { a: pa, b: pb };
}
