/** Guardrails' file for the test mirror without ../shared: XSTest's prompt CSV with two made-up prompts per type, labelled as the paper labels types. Test data only. */
import type { MiniFile } from "../../../../test/mini-datasets";
import { XSTEST_TYPES } from "./source";

export const MINI_XSTEST_PER_TYPE = 2;

export function miniFiles(): MiniFile[] {
  const lines = ["id,prompt,type,label,focus,note"];
  let id = 1;
  for (const type of XSTEST_TYPES) {
    for (let i = 0; i < MINI_XSTEST_PER_TYPE; i++, id++) {
      const label = type.startsWith("contrast_") ? "unsafe" : "safe";
      lines.push(`${id},"Made-up ${label} prompt ${id}, of type ${type}?",${type},${label},focus ${id},`);
    }
  }
  return [{ path: "xstest/xstest_prompts.csv", text: lines.join("\n") + "\n", gzip: false }];
}
