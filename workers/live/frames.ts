/**
 * The wire format of a run's followers: WebSocket frames (JSON arrays of
 * deltas, a replay split into several) and Server-Sent Events. Pure; no I/O.
 */

/** Bytes of JSON per WebSocket frame at most (a replay is split). */
export const FRAME_BYTES = 256 * 1024;

const enc = new TextEncoder();

/** Text as UTF-8 bytes, for a comment or field an SSE stream sends as is. */
export function sseBytes(text: string): Uint8Array {
  return enc.encode(text);
}

/** One Server-Sent Event, with its id when it has one (a follower resumes after it). */
export function sseEvent(event: string, data: string, id?: number): Uint8Array {
  return enc.encode(`${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${data}\n\n`);
}

/** JSON arrays of at most FRAME_BYTES each (one delta may exceed it alone). */
export function frames(bodies: string[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const b of bodies) {
    if (part.length && size + b.length + 1 > FRAME_BYTES) {
      out.push(`[${part.join(",")}]`);
      part = [];
      size = 2;
    }
    part.push(b);
    size += b.length + 1;
  }
  if (part.length) out.push(`[${part.join(",")}]`);
  return out;
}
