/**
 * Test helper: the Standard Webhooks scheme written out by hand over Web
 * Crypto, independent of the `standardwebhooks` package the Worker uses,
 * so tests check our signatures against the spec rather than against
 * themselves.
 */
const enc = new TextEncoder();

function secretBytes(secret: string): Uint8Array {
  const b64 = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

function toBase64(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s);
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. */
export async function handSignature(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secretBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, enc.encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(mac)}`;
}

/** The three headers of a call signed at `timestamp` (Unix seconds, default now). */
export async function handHeaders(secret: string, id: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Promise<Record<string, string>> {
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": await handSignature(secret, id, timestamp, body) };
}

/** Whether any v1 signature in the header matches, computed by hand. */
export async function handVerify(secret: string, headers: Record<string, string>, body: string): Promise<boolean> {
  const expected = await handSignature(secret, headers["webhook-id"]!, Number(headers["webhook-timestamp"]), body);
  return (headers["webhook-signature"] ?? "").split(" ").includes(expected);
}
