// Which container instance a sandbox request goes to: an upload of a file and
// every execution naming it (BIRD's databases) go where the file is stored,
// by its sha256; other programs spread by their text.
import { describe, expect, it } from "vitest";
import { instanceKey } from "./client";

const SHA = "ab".repeat(32);

describe("the container instance a request goes to", () => {
  it("an upload by the file's sha256, without reading its body", () => {
    expect(instanceKey(`/v1/files/${SHA}`, "")).toBe(SHA);
  });

  it("an execution naming files by the first one's sha256, whatever its program", () => {
    const body = (program: string) => JSON.stringify({ language: "python", program, timeout_s: 40, memory_mb: 2048, files: [{ name: "financial.sqlite", sha256: SHA }] });
    expect(instanceKey("/v1/execute", body("print(1)"))).toBe(SHA);
    expect(instanceKey("/v1/execute", body('print("\\"files\\"")'))).toBe(SHA);
  });

  it("any other program by its text", () => {
    const body = JSON.stringify({ language: "python", program: "print(1)", timeout_s: 10, memory_mb: 512 });
    expect(instanceKey("/v1/execute", body)).toBe(body);
  });
});
