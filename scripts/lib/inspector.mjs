// A raw connection to the Worker's V8 inspector through wrangler dev's
// inspector proxy (the Worker and its Durable Objects share the isolate):
// send any protocol method, listen to its events; heapSnapshot() collects a
// snapshot's chunks. Used by bench-scale.mjs (what the heap retains) and
// cpu-profile.mjs (where the CPU went).

/** Connects to the inspector on `port` (wrangler dev --inspector-port). */
export async function connectInspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspector target on port ${port}`);
  // wrangler's inspector proxy accepts a local Origin only.
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const waiting = new Map();
  /** Event listeners by protocol method. */
  const listeners = new Map();
  ws.addEventListener("message", (ev) => {
    const m = JSON.parse(String(ev.data));
    if (m.id !== undefined && waiting.has(m.id)) {
      const { resolve, reject } = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) reject(new Error(`${m.error.message}`));
      else resolve(m.result);
    } else if (m.method) {
      listeners.get(m.method)?.(m.params);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      waiting.set(n, { resolve, reject });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  /** Calls `fn` with the params of each `method` event (one listener per method; null removes it). */
  const on = (method, fn) => (fn ? listeners.set(method, fn) : listeners.delete(method));
  return {
    send,
    on,
    /** A heap snapshot (JSON text); V8 collects garbage first (workerd never answers HeapProfiler.collectGarbage). */
    async heapSnapshot() {
      const chunks = [];
      on("HeapProfiler.addHeapSnapshotChunk", (p) => chunks.push(p.chunk));
      await send("HeapProfiler.enable");
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      on("HeapProfiler.addHeapSnapshotChunk", null);
      return chunks.join("");
    },
    close: () => ws.close(),
  };
}
