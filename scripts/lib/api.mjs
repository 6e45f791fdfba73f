// A minimal JSON client for scripts (bench, demo) talking to a local stack.
export function client(base, key) {
  return async function call(method, path, body, opts = {}) {
    const headers = { ...(opts.headers ?? {}) };
    const k = opts.key ?? key;
    if (k) headers.authorization = `Bearer ${k}`;
    let payload;
    if (opts.raw !== undefined) {
      payload = opts.raw;
      headers["content-type"] = opts.type;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    const r = await fetch(base + path, { method, headers, body: payload });
    const text = await r.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    if (!r.ok && !opts.allowError) throw new Error(`${method} ${path} -> ${r.status} ${text.slice(0, 300)}`);
    return parsed;
  };
}

/** `n` questions like "What is 17 + 25?" the fixture model can solve, keyed q1..qn. */
export function arithmeticRows(n) {
  return Array.from({ length: n }, (_, i) => {
    const a = 3 + ((i * 7) % 90) + Math.floor(i / 90);
    const b = 2 + ((i * 13) % 50);
    return { id: `q${i + 1}`, question: `What is ${a} + ${b}?`, answer: String(a + b) };
  });
}

export async function waitForRun(call, runId, { timeoutMs = 600_000, everyMs = 100, onTick } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const p = await call("GET", `/api/eval-runs/${runId}/progress`);
    onTick?.(p);
    if (["completed", "failed", "cancelled"].includes(p.status)) return p;
    if (Date.now() > deadline) throw new Error(`run ${runId} not finished in ${timeoutMs} ms: ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
