// A raw connection to the Worker's V8 inspector through wrangler dev's
// inspector proxy (the Worker and its Durable Objects share the isolate):
// send any protocol method; heapSnapshot() collects a snapshot's chunks.
// Used by bench-scale.mjs to read what the isolate's heap retains.

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
  let chunks = null;
  ws.addEventListener("message", (ev) => {
    const m = JSON.parse(String(ev.data));
    if (m.id !== undefined && waiting.has(m.id)) {
      const { resolve, reject } = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) reject(new Error(`${m.error.message}`));
      else resolve(m.result);
    } else if (m.method === "HeapProfiler.addHeapSnapshotChunk" && chunks) {
      chunks.push(m.params.chunk);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      waiting.set(n, { resolve, reject });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return {
    send,
    /** A heap snapshot (JSON text); V8 collects garbage first (workerd never answers HeapProfiler.collectGarbage). */
    async heapSnapshot() {
      chunks = [];
      await send("HeapProfiler.enable");
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      const text = chunks.join("");
      chunks = null;
      return text;
    },
    close: () => ws.close(),
  };
}
