import { describe, expect, it } from "vitest";
import { formatOfMediaType, sourceExtension } from "./formats";

describe("formatOfMediaType", () => {
  it.each([
    ["application/x-ndjson", "jsonl"],
    ["application/x-ndjson; charset=utf-8", "jsonl"],
    ["Application/JSONL", "jsonl"],
    ["text/csv;charset=UTF-8", "csv"],
    ["application/vnd.apache.parquet", "parquet"],
    ["application/json", undefined],
    ["text/plain", undefined],
    ["constructor", undefined],
    ["", undefined],
    [null, undefined],
  ])("%j is %j", (type, format) => {
    expect(formatOfMediaType(type)).toBe(format);
  });

  it("names the stored source file", () => {
    expect(sourceExtension("jsonl", true)).toBe("jsonl.gz");
    expect(sourceExtension("csv", false)).toBe("csv");
  });
});
