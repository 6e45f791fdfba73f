/**
 * The program that grades a LiveCodeBench reply in the sandbox, written
 * after LiveCodeBench's grader (lcb_runner/evaluation/testing_util.py) and
 * the reading of its verdict. Pure: it writes the program's text and parses
 * what the program printed.
 *
 * What the program does, in one python3 -I process, as LiveCodeBench's
 * run_test does in one process per problem:
 * 1. decodes the hidden tests as LiveCodeBench's loader does: JSON if they
 *    are JSON, else base64, then zlib, then a pickled string of JSON. The
 *    pickle is read by an unpickler that refuses every global, so it can only
 *    yield plain values (the published blobs are pickled strings), and only
 *    inside the sandbox: the Worker never decompresses or unpickles them
 *    (a blob of megabytes inflates to tens, which a 128 MB isolate should not
 *    hold, and Python reads pickle natively). The tests are the public ones,
 *    then the hidden ones, as LiveCodeBench's evaluation sample lists them;
 * 2. standard input problems (no function name): the code loses a trailing
 *    `if __name__ == '__main__':` (its body kept), and everything but its
 *    imports is wrapped into one function, after LiveCodeBench's star
 *    imports of the standard modules it grants; each test calls that
 *    function with stdin, `open` and sys.stdin's read, readline and
 *    readlines patched to the test's input (unittest.mock, in the order
 *    upstream's stacked decorators apply them, quirks included: the code sees
 *    a mock whose readlines drops the newlines and which cannot be iterated)
 *    and stdout captured; SystemExit is a normal end. The output passes when its
 *    stripped lines match the expected ones in number and each is equal or,
 *    as numbers, equal as Decimals;
 * 3. functional problems (LeetCode's, with a function name): the code, after
 *    the same imports, is executed, `Solution()` taken when it defines that
 *    class, and its method called with the JSON values of the input's lines;
 *    a tuple counts as a list; the result must equal the expected JSON value;
 * 4. every test runs under a 6 s alarm (LiveCodeBench's default timeout),
 *    and the first failing test ends the grading: a wrong answer, a runtime
 *    error or a time limit, each named with the test's index.
 *
 * The verdict is one line, `__assay_lcb__ {...}`: how many tests passed of
 * how many, the status (or, when the hidden tests cannot be decoded, the
 * data error: the attempt is then unscored), and, when the program stopped early to stay within
 * one sandbox request, the index to continue from (the scorer sends the same
 * program again from there; see src/scorers/livecodebench.ts). What the
 * candidate prints goes to its captured stdout, not to this line.
 *
 * How it differs from LiveCodeBench: its reliability_guard (os and shutil
 * functions set to None, 4 GB of memory) is not applied: the sandbox
 * isolates the program instead, with its own limits; a grading that
 * continues in a second request executes the candidate's code afresh there
 * (LiveCodeBench keeps one module for all tests).
 */

/** Python literal of a string: JSON's escapes are all valid Python string escapes. */
const py = (s: string) => JSON.stringify(s);

/** The verdict line's prefix. */
export const LCB_MARK = "__assay_lcb__";

/** Seconds a test may run (LiveCodeBench's timeout). */
export const LCB_TEST_TIMEOUT_S = 6;

const HARNESS = String.raw`
import ast as _ast
import base64 as _base64
import io as _io
import json as _json
import pickle as _pickle
import signal as _signal
import sys as _sys
import time as _time
import zlib as _zlib
from decimal import Decimal as _Decimal
from types import ModuleType as _ModuleType
from unittest.mock import mock_open as _mock_open, patch as _patch

_sys.set_int_max_str_digits(50000)
_MARK = "__assay_lcb__"
_OUT = _sys.stdout
_MODULES = ["string", "re", "datetime", "collections", "heapq", "bisect", "copy", "math", "random", "statistics", "itertools", "functools", "operator", "io", "sys", "json", "builtins", "typing"]
_IMPORTS = "".join("from %s import *\n" % m for m in _MODULES) + "".join("import %s\n" % m for m in _MODULES if m not in ("builtins", "typing")) + "sys.setrecursionlimit(50000)\n"


class _TimeUp(Exception):
    pass


def _on_alarm(signum, frame):
    raise _TimeUp()


class _NoGlobals(_pickle.Unpickler):
    def find_class(self, module, name):
        raise _pickle.UnpicklingError("the hidden tests' pickle names a global (%s.%s): refused" % (module, name))


def _hidden(blob):
    try:
        return _json.loads(blob)
    except Exception:
        pass
    raw = _zlib.decompress(_base64.b64decode(blob.encode("utf-8")))
    return _json.loads(_NoGlobals(_io.BytesIO(raw)).load())


def _say(verdict):
    _OUT.write(_MARK + " " + _json.dumps(verdict) + "\n")
    _OUT.flush()


def _short(x, n=300):
    s = x if isinstance(x, str) else repr(x)
    return s if len(s) <= n else s[: n // 2] + "...(truncated)..." + s[-n // 2 :]


def _without_main_guard(code):
    try:
        tree = _ast.parse(code)
        last = tree.body[-1]
        if isinstance(last, _ast.If) and _ast.unparse(last.test).strip() == "__name__ == '__main__'":
            return _ast.unparse(tree.body[:-1]) + "\n" + _ast.unparse(last.body)
    except Exception:
        pass
    return code


def _as_function(code):
    try:
        tree = _ast.parse(code)
        imports = [s for s in tree.body if isinstance(s, (_ast.Import, _ast.ImportFrom))]
        body = [s for s in tree.body if not isinstance(s, (_ast.Import, _ast.ImportFrom))]
        fn = _ast.FunctionDef(name="wrapped_function", args=_ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=body, decorator_list=[], lineno=-1)
        return _IMPORTS + "\n" + _ast.unparse(imports) + "\n" + _ast.unparse(fn)
    except Exception:
        return code


def _load(code):
    _signal.alarm(_TIMEOUT)
    try:
        module = _ModuleType("tmp_sol", "")
        exec(code, module.__dict__)
        return module.Solution() if "class Solution" in code else module
    finally:
        _signal.alarm(0)


class _Buffer:
    def __init__(self, text):
        self.data = text.encode("utf-8")

    def read(self, *args):
        return self.data

    def readline(self, *args):
        return self.data.split(b"\n")[0] + b"\n"


class _Stdin:
    def __init__(self, text):
        self.text = text
        self._io = _io.StringIO(text)
        self.buffer = _Buffer(text)

    def read(self, *args):
        return self.text

    def readline(self, *args):
        return self._io.readline(*args)

    def readlines(self, *args):
        return self.text.split("\n")

    def __getattr__(self, name):
        return getattr(self._io, name)


def _run_stdin(fn, text):
    lines = iter(text.split("\n"))
    captured = _io.StringIO()
    saved = _sys.stdout
    _sys.stdout = captured
    try:
        # The order LiveCodeBench's stacked @patch decorators take effect in: the bottom one first. So read, readlines and
        # readline are set on the process's own stdin, which the mock then replaces: the code reads the mock's methods.
        with _patch("sys.stdin.read", lambda *a: text), _patch("sys.stdin.readlines", lambda *a: text.split("\n")), _patch("sys.stdin.readline", lambda *a: next(lines)), _patch("sys.stdin", _Stdin(text)), _patch("builtins.open", _mock_open(read_data=text)):
            try:
                fn()
            except SystemExit:
                pass
    finally:
        _sys.stdout = saved
    return captured.getvalue()


def _lines(text):
    return [line.strip() for line in text.strip().split("\n")]


def _decimals(line):
    try:
        return [_Decimal(x) for x in line.split()]
    except Exception:
        return None


def _same_output(got, want):
    a, b = _lines(got), _lines(want)
    if len(a) != len(b):
        return "mismatched output length"
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y:
            continue
        dx, dy = _decimals(x), _decimals(y)
        if dx is None or dy is None or dx != dy:
            return "line %d: %s != %s" % (i, _short(x), _short(y))
    return None


def _main():
    try:
        tests = _PUBLIC + _hidden(_HIDDEN)
    except Exception as e:
        return _say({"error": "the hidden tests cannot be read: " + _short(repr(e))})
    total = len(tests)
    started = _time.perf_counter()
    verdict = {"total": total, "passed": _START, "status": "pass", "next": None, "failure": None}
    _signal.signal(_signal.SIGALRM, _on_alarm)
    try:
        if _FN_NAME is None:
            sol = _load(_as_function(_without_main_guard(_CODE)))
            fn = getattr(sol, "wrapped_function", None)
        else:
            sol = _load(_IMPORTS + "\n\n" + _CODE)
            fn = getattr(sol, _FN_NAME, None)
    except BaseException as e:
        verdict.update(status="compile_error", failure={"error": _short(repr(e))})
        return _say(verdict)
    if fn is None:
        verdict.update(status="compile_error", failure={"error": "no %s to call" % (_FN_NAME or "program")})
        return _say(verdict)
    for index in range(_START, total):
        if index > _START and _time.perf_counter() - started > _BUDGET_S:
            verdict["next"] = index
            return _say(verdict)
        test = tests[index]
        where = {"test": index, "inputs": _short(test["input"]), "expected": _short(test["output"])}
        try:
            _signal.alarm(_TIMEOUT)
            if _FN_NAME is None:
                got = _run_stdin(fn, test["input"])
            else:
                args = [_json.loads(line) for line in test["input"].split("\n")]
                got = fn(*args)
            _signal.alarm(0)
        except _TimeUp:
            verdict.update(status="time_limit", failure=dict(where, error="no result within %d s" % _TIMEOUT))
            return _say(verdict)
        except BaseException as e:
            _signal.alarm(0)
            verdict.update(status="runtime_error", failure=dict(where, error=_short(repr(e))))
            return _say(verdict)
        finally:
            _signal.alarm(0)
        if _FN_NAME is None:
            wrong = _same_output(got, test["output"])
        else:
            got = list(got) if isinstance(got, tuple) else got
            wrong = None if got == _json.loads(test["output"]) else "returned %s" % _short(got)
        if wrong is not None:
            verdict.update(status="wrong_answer", failure=dict(where, error=wrong, output=_short(got)))
            return _say(verdict)
        verdict["passed"] = index + 1
    _say(verdict)


_main()
`;

/** The grading program for one reply (see the header); `start` is the test to begin with, `budgetS` when to stop and hand back. */
export function livecodebenchProgram(task: { code: string; publicTests: string; hiddenTests: string; fnName: string | null; start: number; budgetS: number }): string {
  return (
    `_CODE = ${py(task.code)}\n` +
    `_PUBLIC = __import__("json").loads(${py(task.publicTests)})\n` +
    `_HIDDEN = ${py(task.hiddenTests)}\n` +
    `_FN_NAME = ${task.fnName === null ? "None" : py(task.fnName)}\n` +
    `_START = ${Math.max(0, Math.floor(task.start))}\n` +
    `_BUDGET_S = ${task.budgetS}\n` +
    `_TIMEOUT = ${LCB_TEST_TIMEOUT_S}\n` +
    HARNESS
  );
}

/** The program's verdict, or the data error that stopped it before any test ran. */
export type LcbOutcome = LcbVerdict | { error: string };

/** The program's verdict. */
export interface LcbVerdict {
  total: number;
  passed: number;
  status: "pass" | "wrong_answer" | "runtime_error" | "time_limit" | "compile_error";
  /** Set when the program stopped to stay within one request: the test to continue from. */
  next: number | null;
  failure: Record<string, string | number> | null;
}

/** The verdict line of the program's stdout, or null when there is none (the program ended before it could say). */
export function lcbVerdict(stdout: string): LcbOutcome | null {
  const line = stdout
    .split("\n")
    .reverse()
    .find((l) => l.startsWith(`${LCB_MARK} `));
  if (!line) return null;
  try {
    const v = JSON.parse(line.slice(LCB_MARK.length + 1)) as LcbVerdict & { error?: unknown };
    if (typeof v.error === "string") return { error: v.error };
    return typeof v.total === "number" && typeof v.passed === "number" && typeof v.status === "string" ? v : null;
  } catch {
    return null;
  }
}
