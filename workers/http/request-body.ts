/** A request body read within a byte limit, for the upload routes (datasets, imports) that read their bodies themselves. */
import { concatBytes } from "../../src/datasets/bytes";
import { AppError } from "../../src/domain/errors";

/** The body as bytes, refused with 413 as soon as it passes `max` (declared length first, then what arrives). */
export async function readBodyLimited(req: Request, max: number): Promise<Uint8Array> {
  const tooBig = () => new AppError("payload_too_large", `a dataset upload may have at most ${max} bytes`);
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > max) throw tooBig();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    parts.push(value);
  }
  return concatBytes(parts, total);
}
