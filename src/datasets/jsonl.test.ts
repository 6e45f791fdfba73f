import { describe, expect, it } from "vitest";
import { parseJsonl } from "./jsonl";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("parseJsonl", () => {
  it("yields one object per line, numbering lines as an editor does and skipping blank ones", () => {
    const items = [...parseJsonl(bytes('{"a":1}\n\n  \r\n{"a":2}\r\n{"a":3}'))];
    expect(items).toEqual([
      { where: "line 1", data: { a: 1 } },
      { where: "line 4", data: { a: 2 } },
      { where: "line 5", data: { a: 3 } },
    ]);
  });

  it("strips a UTF-8 byte order mark", () => {
    expect([...parseJsonl(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a":"é"}\n')]))]).toEqual([{ where: "line 1", data: { a: "é" } }]);
  });

  it("names the line of malformed JSON, in columns rather than positions", () => {
    const items = [...parseJsonl(bytes('{"a":1}\n{not json}\n'))];
    expect(items[1]).toMatchObject({ where: "line 2" });
    const error = (items[1] as { error: string }).error;
    expect(error).toMatch(/^not valid JSON: /);
    expect(error).not.toMatch(/position|line 1/);
  });

  it.each([
    ["[1,2]", "array"],
    ["3", "number"],
    ["null", "null"],
    ['"s"', "string"],
    ["true", "boolean"],
  ])("refuses a line holding %s", (line, kind) => {
    expect([...parseJsonl(bytes(`{"a":1}\n${line}\n`))][1]).toEqual({ where: "line 2", error: `expected a JSON object, got ${kind}` });
  });

  it("refuses invalid UTF-8 naming the line", () => {
    const body = new Uint8Array([...bytes('{"a":1}\n'), 0x7b, 0xff, 0xfe, 0x7d, 0x0a]);
    expect([...parseJsonl(body)][1]).toEqual({ where: "line 2", error: "not valid UTF-8" });
  });

  it("numbers lines across decoding blocks, with a line longer than a block and bad UTF-8 far in", () => {
    const long = JSON.stringify({ big: "x".repeat(1_500_000) });
    const small = Array.from({ length: 30_000 }, (_, i) => JSON.stringify({ i, pad: "y".repeat(40) }));
    const text = [...small, long, "", ...small.slice(0, 10)].join("\n");
    const body = new Uint8Array([...bytes(text), 0x0a, 0xc3, 0x28, 0x0a, ...bytes('{"last":true}')]);
    const items = [...parseJsonl(body)];
    const rows = items.filter((i) => "data" in i);
    expect(rows).toHaveLength(30_012);
    expect(rows[29_999]).toEqual({ where: "line 30000", data: { i: 29_999, pad: "y".repeat(40) } });
    expect(rows[30_000]!.where).toBe("line 30001");
    expect(rows[30_001]).toEqual({ where: "line 30003", data: { i: 0, pad: "y".repeat(40) } });
    expect(items.filter((i) => "error" in i)).toEqual([{ where: "line 30013", error: "not valid UTF-8" }]);
    expect(rows[30_011]).toEqual({ where: "line 30014", data: { last: true } });
  });

  it("yields nothing for an empty body", () => {
    expect([...parseJsonl(new Uint8Array())]).toEqual([]);
  });
});
