/**
 * The hub's followers: hibernating WebSockets (the runtime holds them while
 * the object sleeps) and Server-Sent Event streams (held in memory, kept
 * open by a heartbeat). A follower catches up from its position, or from a
 * snapshot when that was compacted away, and joins the stream in one
 * synchronous step, so no delta falls between them. I/O: the object's
 * WebSockets and streams; the deltas come from the log (log.ts).
 */
import type { Delta } from "../../src/live/deltas";
import { frames, sseBytes, sseEvent } from "./frames";
import type { CatchUp } from "./log";

const SSE_HEARTBEAT_MS = 15_000;
const PROTOCOL = "assay.live.v1";

/** What followers are caught up from. */
export interface FollowSource {
  readonly lastSeq: number;
  catchUp(after: number | null): CatchUp;
}

export class LiveFollowers {
  private sse = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly source: FollowSource,
  ) {
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** A WebSocket follower, answering with the subprotocol it offered (never echoing a bearer token). */
  openSocket(request: Request, after: number | null): Response {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const c = this.source.catchUp(after);
    if (c.snapshot) server.send(c.snapshot);
    for (const f of frames(c.bodies)) server.send(f);
    server.send(JSON.stringify({ type: "ready", delta_seq: this.source.lastSeq }));
    const offered = (request.headers.get("sec-websocket-protocol") ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    const headers = new Headers();
    const chosen = offered.includes(PROTOCOL) ? PROTOCOL : offered.find((p) => !p.startsWith("bearer."));
    if (chosen) headers.set("sec-websocket-protocol", chosen);
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  /** A Server-Sent Events follower. */
  openStream(after: number | null): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const c = this.source.catchUp(after);
    this.sseWrite(writer, sseBytes(`retry: 1000\n\n`));
    if (c.snapshot) this.sseWrite(writer, sseEvent("live_set", c.snapshot));
    c.bodies.forEach((b, i) => this.sseWrite(writer, sseEvent("delta", b, c.seqs[i])));
    this.sseWrite(writer, sseEvent("ready", JSON.stringify({ type: "ready", delta_seq: this.source.lastSeq })));
    this.sse.add(writer);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const w of this.sse) this.sseWrite(w, sseBytes(`: keep-alive\n\n`));
        if (!this.sse.size && this.heartbeat) {
          clearInterval(this.heartbeat);
          this.heartbeat = null;
        }
      }, SSE_HEARTBEAT_MS);
    }
    return new Response(readable, {
      status: 200,
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
    });
  }

  /** Sends newly sequenced deltas to every follower. */
  broadcast(bodies: string[], deltas: Delta[]): void {
    if (!bodies.length) return;
    const sockets = this.ctx.getWebSockets();
    if (sockets.length) {
      const fs = frames(bodies);
      for (const ws of sockets) {
        for (const f of fs) {
          try {
            ws.send(f);
          } catch {
            /* closing; webSocketClose cleans up */
          }
        }
      }
    }
    if (this.sse.size) {
      const chunks = deltas.map((d, i) => sseEvent("delta", bodies[i]!, d.delta_seq));
      for (const w of this.sse) for (const c of chunks) this.sseWrite(w, c);
    }
  }

  private sseWrite(w: WritableStreamDefaultWriter<Uint8Array>, chunk: Uint8Array): void {
    w.write(chunk).catch(() => {
      this.sse.delete(w);
      w.abort().catch(() => {});
    });
  }

  onMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    // Followers may send {"type":"ping"}; anything else (follow hints) needs no answer.
    if (typeof message === "string" && message.includes('"ping"')) ws.send(JSON.stringify({ type: "pong", delta_seq: this.source.lastSeq }));
  }

  onClose(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      /* already closed */
    }
  }

  onError(ws: WebSocket): void {
    try {
      ws.close(1011, "error");
    } catch {
      /* already closed */
    }
  }
}
