/**
 * Red Team's rows: per hh-rlhf harmless-base dialogue, the human turns
 * before its final Assistant reply, in order, read from the `chosen`
 * transcript ("\n\nHuman: ..." / "\n\nAssistant: ..." blocks). The model
 * replays them as one conversation with its own replies; the dataset's
 * assistant replies are not sent. Pure apart from in-memory decompression.
 */
import { fileAt, recordsOf, text } from "../../read";
import type { Normaliser } from "../../types";

/** The speaker blocks of an hh-rlhf transcript, in order. */
export function transcriptTurns(transcript: string): { speaker: "Human" | "Assistant"; text: string }[] {
  const out: { speaker: "Human" | "Assistant"; text: string }[] = [];
  const re = /\n\n(Human|Assistant):/g;
  const marks = [...transcript.matchAll(re)];
  marks.forEach((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < marks.length ? marks[i + 1]!.index! : transcript.length;
    out.push({ speaker: m[1] as "Human" | "Assistant", text: transcript.slice(start, end).trim() });
  });
  return out;
}

/** The human turns of a dialogue before its last Assistant turn (the reply the preference pair differs in). */
export function humanTurns(transcript: string, where: string): string[] {
  const turns = transcriptTurns(transcript);
  let last = turns.length - 1;
  while (last >= 0 && turns[last]!.speaker !== "Assistant") last--;
  if (last < 0) throw new Error(`${where}: no Assistant turn`);
  const human = turns.slice(0, last).filter((t) => t.speaker === "Human" && t.text !== "").map((t) => t.text);
  if (human.length === 0) throw new Error(`${where}: no Human turn before the last Assistant turn`);
  return human;
}

export const redTeamRows: Normaliser = async (files) => {
  const records = await recordsOf(fileAt(files, "red_team/harmless-base/test.jsonl.gz"));
  return records.map((r, i) => {
    const where = `red_team/harmless-base/test.jsonl.gz line ${i + 1}`;
    const turns = humanTurns(text(r, "chosen", where), where);
    return { id: `harmless-base-test-${i + 1}`, first_turn: turns[0]!, turns, human_turns: turns.length };
  });
};
