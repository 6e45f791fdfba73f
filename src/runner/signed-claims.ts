/**
 * Bearer tokens that carry their own claims: `<prefix>_<base64url JSON>.<hex
 * HMAC-SHA256>`, the MAC keyed by the deployment's secret key and bound to a
 * purpose, so a token minted for one use is refused by another. Verifying
 * needs no storage. Web Crypto only; no other I/O.
 */
import { hmacSha256Hex, timingSafeEqual } from "../crypto/hash";

function b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(s: string): string | null {
  try {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export async function signClaims(secretKey: string, purpose: string, prefix: string, claims: Record<string, unknown>): Promise<string> {
  const payload = b64url(JSON.stringify(claims));
  const mac = await hmacSha256Hex(secretKey, `${purpose}.${payload}`);
  return `${prefix}_${payload}.${mac}`;
}

/** The claims of an authentic token of this purpose; null when malformed or forged. */
export async function readClaims(secretKey: string, purpose: string, prefix: string, token: string): Promise<Record<string, unknown> | null> {
  const m = new RegExp(`^${prefix}_([A-Za-z0-9_-]{1,4000})\\.([0-9a-f]{64})$`).exec(token);
  if (!m) return null;
  const expected = await hmacSha256Hex(secretKey, `${purpose}.${m[1]}`);
  if (!timingSafeEqual(expected, m[2]!)) return null;
  const text = fromB64url(m[1]!);
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
