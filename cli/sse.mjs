// A server-sent events reader (the WHATWG event-stream format): bytes in,
// {event, data, id} out. Reads the stream it is given, nothing else.

/**
 * @typedef {object} SseEvent
 * @property {string} event "message" unless the server named it
 * @property {string} data Data lines joined by "\n"
 * @property {string | undefined} id The last event id seen so far
 * @property {number | undefined} retry Reconnection delay the server asked for, in ms
 */

/**
 * @param {AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>} body
 * @returns {AsyncGenerator<SseEvent>}
 */
export async function* readEvents(body) {
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data = [];
  let id;
  let retry;
  let first = true;
  const flushLine = function* (line) {
    if (line === "") {
      if (data.length) yield { event: event || "message", data: data.join("\n"), id, retry };
      event = "";
      data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) id = value;
    else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  };
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (body)) {
    buffer += decoder.decode(chunk, { stream: true });
    if (first && buffer.length) {
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      first = false;
    }
    let at;
    while ((at = buffer.search(/\r\n|\r|\n/)) !== -1) {
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (buffer[at] === "\r" && at === buffer.length - 1) break;
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + (buffer.startsWith("\r\n", at) ? 2 : 1));
      yield* flushLine(line);
    }
  }
  buffer += decoder.decode();
  if (buffer.length) yield* flushLine(buffer.replace(/\r$/, ""));
  // The spec drops an event not ended by a blank line; so do we.
}
