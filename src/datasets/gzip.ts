/**
 * Inflates a gzip upload with the platform's DecompressionStream, refusing
 * to grow past a byte limit so a small bomb cannot exhaust memory. No I/O
 * beyond the in-memory stream.
 */
import { concatBytes } from "./bytes";
import { AppError } from "../domain/errors";

export async function gunzip(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new AppError("payload_too_large", `the body inflates past ${maxBytes} bytes, the most a dataset may hold`);
      }
      parts.push(value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new AppError("validation_failed", `the body starts like gzip but does not decompress: ${why}`, [
      { field: "body", message: "invalid gzip data" },
    ]);
  }
  return concatBytes(parts, total);
}
