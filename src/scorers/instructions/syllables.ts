/**
 * Syllable counting standing in for `syllapy.count`, which IFBench's
 * `words:odd_even_syllables` calls. syllapy looks a word up in a
 * pronunciation-derived table first and falls back to a vowel-group rule;
 * the table is not bundled here, so every word gets the fallback rule (its
 * misses on real responses are counted by the agreement test). Pure, no I/O.
 */

const VOWELS = "aeiouy";

/** Syllables of one word: 0 for empty or numeric input, else at least 1. */
export function countSyllables(raw: string): number {
  const word = raw.toLowerCase().trim().replace(/[^\p{L}\p{N}_]/gu, "");
  if (!word || /^\d+$/.test(word)) return 0;
  let n = VOWELS.includes(word[0]!) ? 1 : 0;
  for (let i = 1; i < word.length; i++) if (VOWELS.includes(word[i]!) && !VOWELS.includes(word[i - 1]!)) n++;
  if (word.endsWith("e")) n--;
  if (word.endsWith("le") && word.length > 2 && !VOWELS.includes(word[word.length - 3]!)) n++;
  return n <= 0 ? 1 : n;
}
