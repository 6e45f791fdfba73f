/**
 * The evalplus harness of the code-execution scorer: the Python program that
 * checks a candidate the way EvalPlus checks HumanEval+ and MBPP+
 * (differential testing against the reference solution), run as one program
 * in the sandbox, and the reading of its verdict. Pure: it writes the
 * program's text and parses what the program printed.
 *
 * What the program does, in order, in one python3 -I process:
 * 1. reads the task's inputs (the source's JSON text, so big integers, `1.0`
 *    and NaN stay what EvalPlus reads) and converts each task's arguments as
 *    EvalPlus's MBPP+ loader does (tuples, sets, complex; the row's `oracle`);
 * 2. runs the reference solution (in its own namespace) on a deep copy of
 *    every input, base then plus, timing each call: those outputs are the
 *    expected ones (EvalPlus computes them the same way, from
 *    `canonical_solution`, before any candidate runs). For HumanEval+ the
 *    reference is the prompt, the task's contract and the canonical solution,
 *    as EvalPlus's input generator ran it: an input its contract rejects is
 *    the data's fault, reported as a data error (the attempt is unscored),
 *    never the candidate's failure;
 * 3. checks the candidate on the base inputs, then, afresh, on the plus
 *    inputs, as EvalPlus's `check_correctness` does (two `untrusted_check`
 *    calls, each in a new process: here each group executes the candidate's
 *    code in a new namespace named `__candidate__`, so an
 *    `if __name__ == "__main__":` block does not run, as EvalPlus's
 *    sanitizer removes it). Each group stops at its first failing input
 *    (EvalPlus's default fast check), and prints one verdict line,
 *    `__assay_evalplus__ {"group", "status", "inputs", "passed", "failure"}`,
 *    as soon as it ends. What the candidate prints is swallowed, as
 *    EvalPlus's `swallow_io` does, so only the harness writes lines.
 *
 * An output passes when it equals the expected one, or under EvalPlus's
 * rules: its special oracles (by the row's `oracle.output`: set equality for
 * eight MBPP+ tasks, "not None" for three, those of are_equivalent, sum_div,
 * surface_Area and digit_distance_nums, and HumanEval/32's find_zero, whose
 * output passes when |poly(xs, x)| <= atol, whatever it equals); a float
 * tolerance of the task's atol, 1e-6 once an expected output is a float (or
 * a non-empty list of floats) and atol is 0 (kept for the rest of that
 * group, as upstream's loop does), with rtol 1e-7, the same type and, for
 * sequences, the same length. Each input may take EvalPlus's time limit,
 * max(4 s, 4 x the reference's time on it); each group at most
 * min(60 s, the sum of its limits) + 1 s, EvalPlus's per-check timeout.
 *
 * The verdict (`evalplusVerdict`): `base` passes when the base group does,
 * `base_plus` when both do, EvalPlus's `base_status == plus_status == PASS`;
 * the reward is `base_plus` (EvalPlus's headline HumanEval+ and MBPP+ score)
 * and both are dimensions of the attempt, so /scores reports pass@1 on base
 * and on base+plus as EvalPlus does. A group without a verdict line (the
 * candidate ended the process, or the sandbox killed it) failed.
 *
 * How it differs from EvalPlus: closeness is computed in pure Python
 * (|out - exp| <= atol + rtol·|exp| element by element, NaN never close,
 * equal infinities close) where EvalPlus calls numpy.allclose, which also
 * broadcasts arrays of different shapes (only reachable for nested lists of
 * different lengths, which fail here); the reference runs in the candidate's
 * process, timed there and with its contract (EvalPlus times it once, ahead,
 * without; the limit is at least 4 s either way); the two groups run in one
 * process, each in a fresh namespace (state a candidate keeps in imported
 * modules would carry over); the whole program is bounded by the
 * benchmark's timeout in the sandbox (CPU seconds); the candidate is not
 * sanitized (Assay extracts the code block, src/scorers/code-execution.ts).
 */

/** A row's oracle column (src/catalog/benchmarks/mbpp_plus/normalise.ts, humaneval_plus/normalise.ts). */
export interface EvalplusOracle {
  atol: number;
  arguments: unknown;
  output: string;
}

/** The prefix of the program's verdict lines. */
export const EVALPLUS_MARK = "__assay_evalplus__";

/** Python literal of a string: JSON's escapes are all valid Python string escapes. */
const py = (s: string) => JSON.stringify(s);

const HARNESS = String.raw`
import contextlib as _contextlib
import copy as _copy
import json as _json
import math as _math
import signal as _signal
import sys as _sys
import time as _time

_MIN_LIMIT_S = 4.0
_LIMIT_FACTOR = 4.0
_GROUP_CAP_S = 60.0
_MARK = "__assay_evalplus__"


class _TimeUp(BaseException):
    pass


class _Swallow:
    def write(self, s):
        return len(s)

    def flush(self):
        pass


_SINK = _Swallow()


def _quiet():
    stack = _contextlib.ExitStack()
    stack.enter_context(_contextlib.redirect_stdout(_SINK))
    stack.enter_context(_contextlib.redirect_stderr(_SINK))
    return stack


def _on_alarm(signum, frame):
    raise _TimeUp()


def _convert(value, c):
    kind = c[0]
    if kind == "keep":
        return value
    if kind == "tuple":
        return tuple(value)
    if kind == "deep_tuple":
        return tuple(_convert(v, c) for v in value) if isinstance(value, list) else value
    if kind == "tuple_if_list":
        return tuple(value) if isinstance(value, list) else value
    if kind == "set_or_empty_dict":
        return set(value) if isinstance(value, list) and len(value) else {}
    if kind == "float":
        return float(value)
    if kind == "complex":
        return complex(value)
    if kind == "list_of":
        return [_convert(v, c[1]) for v in value]
    if kind == "tuple_of":
        return tuple(_convert(v, c[1]) for v in value)
    if kind == "dict_values":
        return {k: _convert(v, c[1]) for k, v in value.items()}
    raise ValueError("unknown conversion " + repr(kind))


def _arguments(args, conversion):
    if conversion is None:
        return list(args)
    if "each" in conversion:
        return [_convert(a, conversion["each"]) for a in args]
    listed = conversion["args"]
    return [_convert(a, listed[i]) if i < len(listed) else a for i, a in enumerate(args)]


def _is_floats(x):
    if isinstance(x, float):
        return True
    if isinstance(x, (list, tuple)) and x:
        return all(isinstance(i, float) for i in x)
    return False


def _close(out, exp, atol, rtol=1e-07):
    if isinstance(exp, (list, tuple)):
        return isinstance(out, (list, tuple)) and len(out) == len(exp) and all(_close(o, e, atol, rtol) for o, e in zip(out, exp))
    number = (int, float, complex)
    if not isinstance(out, number) or not isinstance(exp, number):
        return False
    if out == exp:
        return True
    try:
        return abs(out - exp) <= atol + rtol * abs(exp)
    except (OverflowError, TypeError):
        return False


def _surface_area(base_edge, height):
    slant = _math.sqrt((base_edge / 2) ** 2 + height ** 2)
    return round(base_edge ** 2 + 4 * (base_edge * slant) / 2)


def _digit_distance(a, b):
    x, y = str(a), str(b)
    width = max(len(x), len(y))
    x, y = x.zfill(width), y.zfill(width)
    return sum(abs(int(p) - int(q)) for p, q in zip(x, y))


def _poly(xs, x):
    return sum(coeff * _math.pow(x, i) for i, coeff in enumerate(xs))


def _matches(check, out, exp, inp, atol):
    if check == "poly":
        return abs(_poly(*inp, out)) <= atol, atol
    same = out == exp
    if check == "any":
        same = True
    elif check == "sum_div":
        same = same or out == 0
    elif check == "surface_area":
        same = same or abs(out - _surface_area(*inp)) <= atol
    elif check == "digit_distance":
        same = same or out == _digit_distance(*inp)
    elif check == "set":
        same = set(out) == set(exp)
    elif check == "not_none":
        same = out == exp if isinstance(out, bool) else exp == (out is not None)
    if atol == 0 and _is_floats(exp):
        atol = 1e-6
    if not same and atol != 0:
        same = type(out) == type(exp) and (not isinstance(exp, (list, tuple)) or len(out) == len(exp)) and _close(out, exp, atol)
    return bool(same), atol


def _timed(fn, args, limit):
    _signal.signal(_signal.SIGALRM, _on_alarm)
    _signal.setitimer(_signal.ITIMER_REAL, max(limit, 0.001))
    try:
        return fn(*args)
    finally:
        _signal.setitimer(_signal.ITIMER_REAL, 0)


def _say(line):
    print(_MARK + " " + _json.dumps(line), flush=True)


def _group(group, cases, check):
    """One EvalPlus untrusted_check: the candidate afresh, its inputs in order, stopping at the first failure."""
    budget = min(_GROUP_CAP_S, sum(c[3] for c in cases)) + 1.0
    started = _time.perf_counter()
    atol = _ORACLE.get("atol", 0)
    passed = 0

    def verdict(status, exc):
        _say({"group": group, "status": status, "inputs": len(cases), "passed": passed, "failure": None if exc is None else str(exc)[:500]})
        return exc

    namespace = {"__name__": "__candidate__"}
    try:
        with _quiet():
            _timed(lambda: exec(compile(_CANDIDATE, "<candidate>", "exec"), namespace), (), budget)
    except _TimeUp:
        return verdict("timeout", TimeoutError(group + ": defining the candidate took longer than %.1f s" % budget))
    except BaseException as e:
        return verdict("fail", e)
    fn = namespace.get(_ENTRY)
    if not callable(fn):
        return verdict("fail", AssertionError("the code defines no function " + _ENTRY))
    for i, args, exp, limit in cases:
        where = group + " input " + str(i + 1)
        left = budget - (_time.perf_counter() - started)
        if left <= 0:
            return verdict("timeout", TimeoutError(where + ": the " + group + " inputs took longer than %.1f s in all" % budget))
        try:
            with _quiet():
                out = _timed(fn, _copy.deepcopy(args), min(limit, left))
        except _TimeUp:
            return verdict("timeout", TimeoutError(where + ": still running after %.1f s (4x the reference's time, at least 4 s)" % min(limit, left)))
        except BaseException as e:
            print("while calling " + _ENTRY + " on " + where, file=_sys.stderr)
            return verdict("fail", e)
        try:
            ok, atol = _matches(check, out, exp, args, atol)
        except Exception:
            ok = False
        if not ok:
            return verdict("fail", AssertionError(where + ": expected " + repr(exp)[:200] + ", got " + repr(out)[:200]))
        passed += 1
    return verdict("pass", None)


def _main():
    groups = _json.loads(_INPUTS)
    conversion = _ORACLE.get("arguments")
    check = _ORACLE.get("output", "exact")

    reference = {"__name__": "__reference__"}
    exec(compile(_REFERENCE, "<reference>", "exec"), reference)
    ref = reference[_ENTRY]
    cases = {}
    for group in ("base", "plus"):
        cases[group] = []
        for i, raw in enumerate(groups.get(group, [])):
            args = _arguments(raw, conversion)
            started = _time.perf_counter()
            try:
                out = ref(*_copy.deepcopy(args))
            except BaseException as e:
                _say({"error": "the reference solution fails on " + group + " input " + str(i + 1) + ": " + type(e).__name__ + ": " + str(e)[:300]})
                raise
            limit = max(_MIN_LIMIT_S, _LIMIT_FACTOR * (_time.perf_counter() - started))
            cases[group].append((i, args, out is not None if check == "not_none" else out, limit))

    failures = [e for e in (_group(g, cases[g], check) for g in ("base", "plus")) if e is not None]
    if failures:
        raise failures[0]
    print("passed %d inputs" % (len(cases["base"]) + len(cases["plus"])))


_main()
`;

/** The program that checks `code` against the task's inputs (see the header). */
export function evalplusProgram(task: { code: string; reference: string; entryPoint: string; inputs: string; oracle: EvalplusOracle }): string {
  return (
    `_CANDIDATE = ${py(task.code)}\n` +
    `_REFERENCE = ${py(task.reference)}\n` +
    `_ENTRY = ${py(task.entryPoint)}\n` +
    `_INPUTS = ${py(task.inputs)}\n` +
    `_ORACLE = ${py(JSON.stringify(task.oracle))}\n` +
    `import json as _json_oracle\n_ORACLE = _json_oracle.loads(_ORACLE)\n` +
    HARNESS
  );
}

/** One group's verdict line. */
export interface EvalplusGroup {
  status: "pass" | "fail" | "timeout";
  inputs: number;
  passed: number;
  failure: string | null;
}

/** What the program's verdict lines say: each group's outcome, or the data error that stopped it. */
export interface EvalplusVerdict {
  base: EvalplusGroup | null;
  plus: EvalplusGroup | null;
  /** The reference solution failed on an input (the data's fault): the attempt cannot be scored. */
  error: string | null;
}

/** The verdict lines of the program's stdout; a group without its line is null (it never finished). */
export function evalplusVerdict(stdout: string): EvalplusVerdict {
  const out: EvalplusVerdict = { base: null, plus: null, error: null };
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(`${EVALPLUS_MARK} `)) continue;
    let v: unknown;
    try {
      v = JSON.parse(line.slice(EVALPLUS_MARK.length + 1));
    } catch {
      continue;
    }
    if (!v || typeof v !== "object") continue;
    const o = v as Record<string, unknown>;
    if (typeof o.error === "string") out.error = o.error;
    else if ((o.group === "base" || o.group === "plus") && (o.status === "pass" || o.status === "fail" || o.status === "timeout")) {
      out[o.group] = { status: o.status, inputs: Number(o.inputs) || 0, passed: Number(o.passed) || 0, failure: typeof o.failure === "string" ? o.failure : null };
    }
  }
  return out;
}
