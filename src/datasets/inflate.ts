/**
 * A ZIP member's deflate data inflated to exactly the size its directory
 * entry declares, never past it (a small bomb stops there). Throws
 * InflateError, naming what went wrong, for the caller to put in its own
 * words and error type. Pure apart from the Web stream API.
 */

export class InflateError extends Error {}

export async function inflateRawExactly(data: Uint8Array, size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let n = 0;
  try {
    const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (n + value.byteLength > size) {
        await reader.cancel().catch(() => undefined);
        throw new InflateError(`inflates past the ${size} bytes its directory entry declares`);
      }
      out.set(value, n);
      n += value.byteLength;
    }
  } catch (err) {
    if (err instanceof InflateError) throw err;
    throw new InflateError(`does not inflate: ${(err as Error).message}`);
  }
  if (n !== size) throw new InflateError(`inflates to ${n} bytes, not the ${size} its directory entry declares`);
  return out;
}
