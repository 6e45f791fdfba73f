/**
 * LiveCodeBench's file for the test mirror: test6.jsonl's layout
 * (question_title, question_content, platform, question_id, contest_id,
 * contest_date, starter_code, difficulty, public_test_cases,
 * private_test_cases, metadata) for six made-up problems: stdin and LeetCode
 * ones, dated across January to April 2025 (one on the 30th of April in the
 * afternoon, which an end date of that day leaves out), with hidden tests
 * written as upstream writes them, base64 of zlib of a pickled JSON string
 * (pickle protocol 4, framed), and one as plain JSON (upstream's loader
 * tries JSON first). The real file is pinned by URL only, so this is served
 * with and without ../shared. `LCB_SOLUTIONS` are right answers to each, for
 * the fixture model. Test data only.
 */
import { deflateSync } from "node:zlib";
import type { MiniFile } from "../../../../test/mini-datasets";

type Test = { input: string; output: string; testtype: "stdin" | "functional" };

/** Python's pickle of a str, protocol 4 (a frame around BINUNICODE8 or SHORT_BINUNICODE, a MEMOIZE and STOP). */
export function pickleString(s: string): Uint8Array {
  const utf8 = new TextEncoder().encode(s);
  const head = utf8.length < 256 ? Uint8Array.of(0x8c, utf8.length) : Uint8Array.of(0x8d, ...le(utf8.length, 8));
  const body = new Uint8Array([...head, ...utf8, 0x94, 0x2e]);
  return new Uint8Array([0x80, 0x04, 0x95, ...le(body.length, 8), ...body]);
}

function le(n: number, bytes: number): number[] {
  return Array.from({ length: bytes }, (_, i) => Math.floor(n / 2 ** (8 * i)) % 256);
}

/** Hidden tests as upstream publishes them: base64(zlib(pickle(json))). */
export function hiddenBlob(tests: Test[]): string {
  return Buffer.from(deflateSync(pickleString(JSON.stringify(tests)))).toString("base64");
}

interface Problem {
  id: string;
  title: string;
  platform: "atcoder" | "leetcode" | "codeforces";
  date: string;
  difficulty: "easy" | "medium" | "hard";
  statement: string;
  starter: string;
  fn: string | null;
  public: [string, string][];
  hidden: [string, string][];
  plainHidden?: boolean;
  solution: string;
}

const PROBLEMS: Problem[] = [
  {
    id: "abc901_a", title: "Made-up Sum", platform: "atcoder", date: "2025-01-04T12:00:00", difficulty: "easy",
    statement: "You are given N and then N integers on one line. Print their sum.",
    starter: "", fn: null,
    public: [["3\n1 2 3\n", "6\n"]],
    hidden: [["1\n-5\n", "-5\n"], ["4\n10 20 30 40\n", "100\n"], ["2\n1000000000000 1\n", "1000000000001\n"]],
    solution: "n = int(input())\nprint(sum(map(int, input().split())))",
  },
  {
    id: "abc902_b", title: "Made-up Reverse", platform: "atcoder", date: "2025-02-15T21:00:00", difficulty: "medium",
    statement: "Read one line S and print S reversed.",
    starter: "", fn: null,
    public: [["abc\n", "cba\n"]],
    hidden: [["x\n", "x\n"], ["racecar\n", "racecar\n"]],
    plainHidden: true,
    solution: "import sys\ns = sys.stdin.readline().strip()\nprint(s[::-1])",
  },
  {
    id: "3901", title: "Made-up Maximum", platform: "leetcode", date: "2025-03-01T00:00:00", difficulty: "easy",
    statement: "Given an integer array nums, return its largest element.",
    starter: "class Solution:\n    def maxValue(self, nums: List[int]) -> int:\n        ", fn: "maxValue",
    public: [["[1, 5, 2]", "5"]],
    hidden: [["[-3]", "-3"], ["[7, 7, 1]", "7"]],
    solution: "from typing import List\n\nclass Solution:\n    def maxValue(self, nums: List[int]) -> int:\n        return max(nums)",
  },
  {
    id: "2091C", title: "Made-up Halves", platform: "codeforces", date: "2025-04-30T15:00:00", difficulty: "hard",
    statement: "Given T test cases, each a number X, print X / 2 with one decimal on its own line.",
    starter: "", fn: null,
    public: [["2\n3\n4\n", "1.5\n2.0\n"]],
    hidden: [["1\n5\n", "2.50\n"], ["3\n0\n1\n2\n", "0\n0.5\n1.0\n"]],
    solution: "t = int(input())\nfor _ in range(t):\n    x = int(input())\n    print(f\"{x / 2:.1f}\")",
  },
  {
    id: "3902", title: "Made-up Pairs", platform: "leetcode", date: "2025-01-20T08:30:00", difficulty: "medium",
    statement: "Given an integer array nums and an integer k, return the pairs (i, j), i < j, with nums[i] + nums[j] == k, in order.",
    starter: "class Solution:\n    def pairs(self, nums: List[int], k: int) -> List[List[int]]:\n        ", fn: "pairs",
    public: [["[1, 2, 3]\n4", "[[0, 2]]"]],
    hidden: [["[2, 2, 2]\n4", "[[0, 1], [0, 2], [1, 2]]"], ["[]\n1", "[]"]],
    solution: "from typing import List\n\nclass Solution:\n    def pairs(self, nums: List[int], k: int) -> List[List[int]]:\n        return [[i, j] for i in range(len(nums)) for j in range(i + 1, len(nums)) if nums[i] + nums[j] == k]",
  },
  {
    id: "abc903_c", title: "Made-up Lines", platform: "atcoder", date: "2025-04-10T12:00:00", difficulty: "easy",
    statement: "Read N, then print the numbers 1 to N, one per line.",
    starter: "", fn: null,
    public: [["3\n", "1\n2\n3\n"]],
    hidden: [["1\n", "1\n"], ["5\n", "1\n2\n3\n4\n5\n"]],
    solution: "def main():\n    n = int(input())\n    for i in range(1, n + 1):\n        print(i)\n\nif __name__ == '__main__':\n    main()",
  },
];

const tests = (p: Problem, list: [string, string][]): Test[] => list.map(([input, output]) => ({ input, output, testtype: p.fn ? "functional" : "stdin" }));

/** Right answers, by question id, as a model would give them (a fenced block). */
export const LCB_SOLUTIONS: Readonly<Record<string, string>> = Object.fromEntries(PROBLEMS.map((p) => [p.id, p.solution]));

export function miniFiles(): MiniFile[] {
  const lines = PROBLEMS.map((p) =>
    JSON.stringify({
      question_title: p.title,
      question_content: p.statement,
      platform: p.platform,
      question_id: p.id,
      contest_id: p.id.replace(/_.*$/, ""),
      contest_date: p.date,
      starter_code: p.starter,
      difficulty: p.difficulty,
      public_test_cases: JSON.stringify(tests(p, p.public)),
      private_test_cases: p.plainHidden ? JSON.stringify(tests(p, p.hidden)) : hiddenBlob(tests(p, p.hidden)),
      metadata: JSON.stringify(p.fn ? { func_name: p.fn } : {}),
    }),
  );
  return [{ path: "livecodebench/test6.jsonl", text: lines.join("\n") + "\n", gzip: false }];
}

/** The same file beside ../shared, which holds no copy of LiveCodeBench (its data is pinned by URL only). */
export async function sharedFiles(): Promise<MiniFile[]> {
  return miniFiles();
}
