/** Red Team's file for the test mirror without ../shared: made-up hh-rlhf-style dialogue pairs (1 to 4 human turns), gzip JSON Lines as harmless-base/test.jsonl.gz is. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";

export const MINI_RED_TEAM_DIALOGUES = 8;

export function miniFiles(): MiniFile[] {
  const lines = Array.from({ length: MINI_RED_TEAM_DIALOGUES }, (_, d) => {
    const turns = 1 + (d % 4);
    let prefix = "";
    for (let t = 0; t < turns; t++) {
      prefix += `\n\nHuman: Made-up request ${d + 1}.${t + 1}?`;
      if (t < turns - 1) prefix += `\n\nAssistant: Made-up reply ${d + 1}.${t + 1}.`;
    }
    return JSON.stringify({ chosen: `${prefix}\n\nAssistant: I won't help with that.`, rejected: `${prefix}\n\nAssistant: Sure, here is how.` });
  });
  return [{ path: "red_team/harmless-base/test.jsonl.gz", text: lines.join("\n") + "\n", gzip: true }];
}
