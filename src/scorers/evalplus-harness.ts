/**
 * The evalplus harness of the code-execution scorer: the Python program that
 * checks a candidate the way EvalPlus checks MBPP+ (differential testing
 * against the reference solution), run as one program in the sandbox.
 * Pure: it only writes the program's text.
 *
 * What the program does, in order, in one python3 -I process:
 * 1. reads the task's inputs (the source's JSON text, so big integers, `1.0`
 *    and NaN stay what EvalPlus reads) and converts each task's arguments as
 *    EvalPlus's loader does (tuples, sets, complex; the row's `oracle`);
 * 2. runs the reference solution (in its own namespace) on a deep copy of
 *    every input, base then plus, timing each call: those outputs are the
 *    expected ones (EvalPlus computes them the same way, from
 *    `canonical_solution`, before any candidate runs);
 * 3. runs the candidate's code in a namespace of its own, named
 *    `__candidate__` (so an `if __name__ == "__main__":` block does not run:
 *    EvalPlus's sanitizer removes it), and calls the entry point on a deep
 *    copy of every input, base then plus, stopping at the first failure.
 *
 * An output passes when it equals the expected one, or under EvalPlus's
 * rules: its special oracles by entry point (set equality for eight tasks,
 * "not None" for three, and those of are_equivalent, sum_div, surface_Area
 * and digit_distance_nums); a float tolerance of the task's atol, 1e-6 once
 * an expected output is a float (or a non-empty list of floats) and atol is
 * 0 (kept for the rest of that input group, as upstream's loop does), with
 * rtol 1e-7, the same type and, for sequences, the same length.
 *
 * How it differs from EvalPlus: closeness is computed in pure Python
 * (|out - exp| <= atol + rtol·|exp| element by element, NaN never close,
 * equal infinities close) where EvalPlus calls numpy.allclose, which also
 * broadcasts arrays of different shapes (only reachable for nested lists of
 * different lengths, which fail here); the reference runs in the candidate's
 * process, timed there (EvalPlus times it once, ahead, in its own process);
 * each call's time limit is EvalPlus's default rule, max(4 s, 4 × the
 * reference's time on that input), and the whole program is bounded by the
 * benchmark's timeout in the sandbox; base and plus run in one program,
 * which passes only if both do (EvalPlus's MBPP+ verdict), with no separate
 * "base" score; the candidate is not sanitized (Assay extracts the code
 * block, src/scorers/code-execution.ts), and the task's input contracts are
 * not run, as EvalPlus does not run them when evaluating.
 */

/** A row's oracle column (src/catalog/benchmarks/mbpp_plus/normalise.ts). */
export interface EvalplusOracle {
  atol: number;
  arguments: unknown;
  output: string;
}

/** Python literal of a string: JSON's escapes are all valid Python string escapes. */
const py = (s: string) => JSON.stringify(s);

const HARNESS = String.raw`
import copy as _copy
import json as _json
import math as _math
import signal as _signal
import sys as _sys
import time as _time

_MIN_LIMIT_S = 4.0
_LIMIT_FACTOR = 4.0


class _TimeUp(BaseException):
    pass


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


def _matches(check, out, exp, inp, atol):
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
    _signal.setitimer(_signal.ITIMER_REAL, limit)
    try:
        return fn(*args)
    finally:
        _signal.setitimer(_signal.ITIMER_REAL, 0)


def _main():
    groups = _json.loads(_INPUTS)
    conversion = _ORACLE.get("arguments")
    check = _ORACLE.get("output", "exact")
    cases = []
    for group in ("base", "plus"):
        for i, args in enumerate(groups.get(group, [])):
            cases.append((group, i, _arguments(args, conversion)))

    reference = {"__name__": "__reference__"}
    exec(compile(_REFERENCE, "<reference>", "exec"), reference)
    ref = reference[_ENTRY]
    expected = []
    limits = []
    for group, i, args in cases:
        started = _time.perf_counter()
        out = ref(*_copy.deepcopy(args))
        limits.append(max(_MIN_LIMIT_S, _LIMIT_FACTOR * (_time.perf_counter() - started)))
        expected.append(out is not None if check == "not_none" else out)

    candidate = {"__name__": "__candidate__"}
    exec(compile(_CANDIDATE, "<candidate>", "exec"), candidate)
    fn = candidate.get(_ENTRY)
    if not callable(fn):
        raise AssertionError("the code defines no function " + _ENTRY)
    atol = {"base": _ORACLE.get("atol", 0), "plus": _ORACLE.get("atol", 0)}
    for (group, i, args), exp, limit in zip(cases, expected, limits):
        where = group + " input " + str(i + 1)
        try:
            out = _timed(fn, _copy.deepcopy(args), limit)
        except _TimeUp:
            raise TimeoutError(where + ": still running after %.1f s (4x the reference's time, at least 4 s)" % limit) from None
        except BaseException:
            print("while calling " + _ENTRY + " on " + where, file=_sys.stderr)
            raise
        try:
            ok, atol[group] = _matches(check, out, exp, args, atol[group])
        except Exception:
            ok = False
        if not ok:
            raise AssertionError(where + ": expected " + repr(exp)[:200] + ", got " + repr(out)[:200])
    print("passed %d inputs" % len(cases))


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
