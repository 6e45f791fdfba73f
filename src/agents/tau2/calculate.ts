/**
 * The `calculate` tool of every τ-bench domain: the expression may hold
 * only digits, + - * / ( ) . and spaces; the reference then hands it to
 * Python's eval, so `**` (power) and `//` (floor division) work, ints are
 * exact, `/` is true division, and the result is str(round(float(x), 2)).
 * This evaluates the same subset of Python's grammar with the same results
 * and the same exceptions (SyntaxError texts as Python 3.11 words them).
 * Pure, no I/O.
 */
import { PyException, floatRepr, round, num, typeName } from "./py/ops";
import { PyFloat, type PyValue } from "./py/values";

type Val = { int: bigint } | { float: number } | { tuple: true };

const syntaxError = (msg: string, line = 1) => new PyException("SyntaxError", `${msg} (<string>, line ${line})`);
const zeroDivision = (msg: string) => new PyException("ZeroDivisionError", msg);

interface Token {
  kind: "num" | "op";
  text: string;
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === " ") {
      i++;
      continue;
    }
    if (/[0-9.]/.test(c)) {
      let j = i;
      while (j < src.length && /[0-9]/.test(src[j]!)) j++;
      if (src[j] === ".") {
        j++;
        while (j < src.length && /[0-9]/.test(src[j]!)) j++;
      }
      const text = src.slice(i, j);
      if (text === ".") throw syntaxError("invalid syntax");
      if (/^0\d*[1-9]/.test(text) && !text.includes(".")) throw syntaxError("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
      out.push({ kind: "num", text });
      i = j;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === "**" || two === "//") {
      out.push({ kind: "op", text: two });
      i += 2;
      continue;
    }
    out.push({ kind: "op", text: c });
    i++;
  }
  return out;
}

class Parser {
  i = 0;
  readonly t: Token[];
  constructor(t: Token[]) {
    this.t = t;
  }
  peek(): Token | undefined {
    return this.t[this.i];
  }
  take(text: string): boolean {
    if (this.t[this.i]?.kind === "op" && this.t[this.i]!.text === text) {
      this.i++;
      return true;
    }
    return false;
  }
  expr(): () => Val {
    let left = this.term();
    for (;;) {
      if (this.take("+")) {
        const l = left, r = this.term();
        left = () => arith(l(), r(), "+");
      } else if (this.take("-")) {
        const l = left, r = this.term();
        left = () => arith(l(), r(), "-");
      } else return left;
    }
  }
  term(): () => Val {
    let left = this.factor();
    for (;;) {
      const op = ["*", "/", "//"].find((o) => this.take(o));
      if (!op) return left;
      const l = left, r = this.factor();
      left = () => arith(l(), r(), op);
    }
  }
  factor(): () => Val {
    if (this.take("-")) {
      const f = this.factor();
      return () => negate(f());
    }
    if (this.take("+")) {
      const f = this.factor();
      return () => {
        const v = f();
        if ("tuple" in v) throw new PyException("TypeError", "bad operand type for unary +: 'tuple'");
        return v;
      };
    }
    return this.power();
  }
  power(): () => Val {
    const base = this.atom();
    if (this.take("**")) {
      const exp = this.factor();
      return () => arith(base(), exp(), "**");
    }
    return base;
  }
  atom(): () => Val {
    const tok = this.peek();
    if (!tok) throw syntaxError("invalid syntax");
    let value: () => Val;
    if (tok.kind === "num") {
      this.i++;
      const v: Val = tok.text.includes(".") ? { float: Number(tok.text) } : { int: BigInt(tok.text) };
      value = () => v;
    } else if (this.take("(")) {
      if (this.take(")")) value = () => ({ tuple: true });
      else {
        const inner = this.expr();
        if (!this.take(")")) throw this.peek() ? syntaxError("invalid syntax") : syntaxError("'(' was never closed");
        value = inner;
      }
    } else if (tok.text === ")") throw syntaxError("unmatched ')'");
    else throw syntaxError("invalid syntax");
    // A call: `2(3)` parses, and raises when the int is called.
    while (this.peek()?.text === "(") {
      this.i++;
      if (!this.take(")")) {
        this.expr();
        if (!this.take(")")) throw syntaxError("'(' was never closed");
      }
      const callee = value;
      value = () => {
        const v = callee();
        throw new PyException("TypeError", `'${"tuple" in v ? "tuple" : "int" in v ? "int" : "float"}' object is not callable`);
      };
    }
    return value;
  }
}

function negate(v: Val): Val {
  if ("int" in v) return { int: -v.int };
  if ("float" in v) return { float: -v.float };
  throw new PyException("TypeError", "bad operand type for unary -: 'tuple'");
}

function asFloat(v: Val): number {
  return "int" in v ? Number(v.int) : (v as { float: number }).float;
}

function arith(a: Val, b: Val, op: string): Val {
  if ("tuple" in a || "tuple" in b) {
    const name = (v: Val) => ("tuple" in v ? "tuple" : "int" in v ? "int" : "float");
    throw new PyException("TypeError", `unsupported operand type(s) for ${op}: '${name(a)}' and '${name(b)}'`);
  }
  if ("int" in a && "int" in b) {
    const x = a.int, y = b.int;
    switch (op) {
      case "+": return { int: x + y };
      case "-": return { int: x - y };
      case "*": return { int: x * y };
      case "/":
        if (y === 0n) throw zeroDivision("division by zero");
        return { float: Number(x) / Number(y) };
      case "//": {
        if (y === 0n) throw zeroDivision("integer division or modulo by zero");
        const q = x / y;
        return { int: (x % y !== 0n) && ((x < 0n) !== (y < 0n)) ? q - 1n : q };
      }
      case "**":
        if (y < 0n) {
          if (x === 0n) throw zeroDivision("0.0 cannot be raised to a negative power");
          return { float: Number(x) ** Number(y) };
        }
        return { int: x ** y };
    }
  }
  const x = asFloat(a), y = asFloat(b);
  switch (op) {
    case "+": return { float: x + y };
    case "-": return { float: x - y };
    case "*": return { float: x * y };
    case "/":
      if (y === 0) throw zeroDivision("float division by zero");
      return { float: x / y };
    case "//":
      if (y === 0) throw zeroDivision("float floor division by zero");
      return { float: Math.floor(x / y) };
    default:
      if (x === 0 && y < 0) throw zeroDivision("0.0 cannot be raised to a negative power");
      return { float: x ** y };
  }
}

/** The calculate tool's result for `expression`, or the exception the reference raises. */
export function evalArithmetic(expression: PyValue): string {
  if (typeof expression !== "string") {
    throw new PyException("TypeError", `'${typeName(expression)}' object is not iterable`);
  }
  if (![...expression].every((c) => "0123456789+-*/(). ".includes(c))) throw new PyException("ValueError", "Invalid characters in expression");
  // eval strips leading spaces; nothing left is Python's "line 0" SyntaxError.
  const src = expression.replace(/^ +/, "");
  if (!src.trim()) throw syntaxError("invalid syntax", 0);
  const p = new Parser(tokenize(src));
  const run = p.expr();
  if (p.i < p.t.length) throw p.t[p.i]!.text === ")" ? syntaxError("unmatched ')'") : syntaxError("invalid syntax");
  const v = run();
  if ("tuple" in v) throw new PyException("TypeError", "float() argument must be a string or a real number, not 'tuple'");
  const x = asFloat(v);
  if (!Number.isFinite(x)) throw new PyException("OverflowError", "int too large to convert to float");
  return floatRepr(num(round(new PyFloat(x), 2)));
}
