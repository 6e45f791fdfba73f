/**
 * HumanEval+'s file for the test mirror without ../shared: EvalPlus's
 * HumanEvalPlus.jsonl layout (task_id, prompt, entry_point,
 * canonical_solution, test, contract, base_input, atol, plus_input) for
 * five made-up tasks, their inputs written as Python's json module writes
 * them (an integer past 2^53, `1.0`), one float task with an atol and one
 * find_zero task, the entry point EvalPlus checks by its own oracle.
 * Gzipped by the mirror, as released. Test data only.
 */
import type { MiniFile } from "../../../../test/mini-datasets";

/** One task line, its inputs spliced in as raw JSON text. */
function task(n: number, entry: string, prompt: string, solution: string, contract: string, base: string, plus: string, atol: number): string {
  return (
    `{"task_id": ${JSON.stringify(`HumanEval/${n}`)}, "prompt": ${JSON.stringify(prompt)}, "entry_point": ${JSON.stringify(entry)}, ` +
    `"canonical_solution": ${JSON.stringify(solution)}, "test": ${JSON.stringify(`\n\ndef check(candidate):\n    pass\n`)}, ` +
    `"contract": ${JSON.stringify(contract)}, "base_input": ${base}, "atol": ${atol}, "plus_input": ${plus}}`
  );
}

const C = (cond: string) => `\n    assert ${cond}, "invalid inputs" # $_CONTRACT_$\n`;

export function miniFiles(): MiniFile[] {
  const lines = [
    task(
      0,
      "add_three",
      '\n\ndef add_three(n: int) -> int:\n    """ Return n plus three.\n    >>> add_three(1)\n    4\n    """\n',
      "    return n + 3\n",
      C("isinstance(n, int)"),
      "[[1], [0]]",
      "[[-3], [9007199254740993], [123456789]]",
      0,
    ),
    task(
      1,
      "average",
      'from typing import List\n\n\ndef average(xs: List[float]) -> float:\n    """ The mean of a non-empty list.\n    >>> average([1.0, 2.0])\n    1.5\n    """\n',
      "    return sum(xs) / len(xs)\n",
      C("len(xs) > 0"),
      "[[[1.0, 2.0]], [[0.1, 0.2, 0.3]]]",
      "[[[1e-12]], [[3.5, -3.5, 1.0]]]",
      1e-6,
    ),
    task(
      2,
      "find_zero",
      'import math\n\n\ndef poly(xs: list, x: float):\n    """ xs[0] + xs[1] * x + ... """\n    return sum([coeff * math.pow(x, i) for i, coeff in enumerate(xs)])\n\n\ndef find_zero(xs: list):\n    """ One zero of the polynomial with coefficients xs (an even number of them). """\n',
      "    lo, hi = -1000.0, 1000.0\n    for _ in range(200):\n        mid = (lo + hi) / 2\n        if poly(xs, lo) * poly(xs, mid) <= 0:\n            hi = mid\n        else:\n            lo = mid\n    return lo\n",
      C("len(xs) % 2 == 0"),
      "[[[-2, 1]], [[-6, 11, -6, 1]]]",
      "[[[4, -4, 0, 1]]]",
      0.0001,
    ),
    task(
      3,
      "shout",
      '\n\ndef shout(s: str) -> str:\n    """ The string in capitals with an exclamation mark.\n    >>> shout(\'hi\')\n    \'HI!\'\n    """\n',
      "    return s.upper() + '!'\n",
      C("isinstance(s, str)"),
      '[["hi"], [""]]',
      '[["mixed Case"], ["\\u00e9t\\u00e9"]]',
      0,
    ),
    task(
      4,
      "evens",
      'from typing import List\n\n\ndef evens(xs: List[int]) -> List[int]:\n    """ The even numbers of xs, in order.\n    >>> evens([1, 2, 4])\n    [2, 4]\n    """\n',
      "    return [x for x in xs if x % 2 == 0]\n",
      C("all(isinstance(x, int) for x in xs)"),
      "[[[1, 2, 4]], [[]]]",
      "[[[0, -2, 7]], [[1, 3]]]",
      0,
    ),
  ];
  return [{ path: "humanevalplus/v0.1.10/HumanEvalPlus.jsonl.gz", text: lines.join("\n") + "\n", gzip: true }];
}
