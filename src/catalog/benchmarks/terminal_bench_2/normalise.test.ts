// Terminal-Bench 2.0's rows from its folder's files: one Harbor task row per
// folder with a task.toml, in path order, the folder's README and LICENSE
// belonging to none; a task whose row would pass the 8 MB a dispatch carries
// is refused naming it, as is a task.toml Harbor's rules refuse.
import { describe, expect, it } from "vitest";
import { MAX_TASK_ROW_BYTES } from "../../../environments/task-row";
import type { LoadedFile } from "../../types";
import { terminalBenchRows } from "./normalise";

const enc = new TextEncoder();
const file = (path: string, bytes: Uint8Array | string): LoadedFile => ({
  file: { path, url: `https://example.invalid/${path}`, format: "blob" },
  bytes: typeof bytes === "string" ? enc.encode(bytes) : bytes,
});
const task = (name: string, extra: LoadedFile[] = []): LoadedFile[] => [
  file(`${name}/instruction.md`, `Make ${name}.\n`),
  file(`${name}/task.toml`, 'version = "1.0"\n[environment]\ndocker_image = "alexgshaw/x:20251031"\n'),
  file(`${name}/environment/Dockerfile`, "FROM debian:bookworm-slim\n"),
  file(`${name}/tests/test.sh`, "#!/bin/bash\necho 1 > /logs/verifier/reward.txt\n"),
  file(`${name}/solution/solve.sh`, "#!/bin/bash\ntrue\n"),
  ...extra,
];

describe("terminalBenchRows", () => {
  it("makes one row per task folder, in path order, the top-level README and LICENSE in none", async () => {
    const rows = await terminalBenchRows([file("README.md", "# Tasks\n"), file("LICENSE", "Apache\n"), ...task("b-task"), ...task("a-task", [file("a-task/environment/blob.bin", new Uint8Array([0xff, 0, 1]))])]);
    expect(rows.map((r) => [r.name, r.instruction])).toEqual([
      ["a-task", "Make a-task.\n"],
      ["b-task", "Make b-task.\n"],
    ]);
    const files = rows[0]!.files as { path: string; encoding: string; content: string }[];
    expect(files.find((f) => f.path === "environment/blob.bin")).toEqual({ path: "environment/blob.bin", encoding: "base64", content: "/wAB" });
    expect(files.map((f) => f.path)).not.toContain("README.md");
  });

  it("refuses a task too large for a row, naming it, and a task.toml Harbor refuses, naming the field", async () => {
    const big = new Uint8Array(MAX_TASK_ROW_BYTES);
    big.fill(0xff);
    await expect(terminalBenchRows([...task("small"), ...task("huge", [file("huge/environment/big.bin", big)])])).rejects.toThrow(/^huge: is \d+ bytes as a row; a task may be at most 8388608$/);
    await expect(terminalBenchRows([...task("bad").filter((f) => !f.file.path.endsWith("task.toml")), file("bad/task.toml", "[environment]\ncpus = -1\n")])).rejects.toThrow(/^bad\/task\.toml:environment\.cpus: /);
  });
});
