/**
 * The Standard Webhooks scheme (https://www.standardwebhooks.com) over the
 * `standardwebhooks` package: secrets `whsec_<base64>`, headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`.
 * Verification refuses timestamps more than five minutes off. Uses the Web
 * Crypto RNG for new secrets and the clock when verifying; no other I/O.
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";

/** Random bytes in a generated secret (the scheme allows 24 to 64). */
const SECRET_BYTES = 32;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;

function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function decodedLength(b64: string): number | null {
  try {
    return atob(b64).length;
  } catch {
    return null;
  }
}

/** A secret given by a client: `whsec_` then standard base64 of 24 to 64 bytes. */
export const WebhookSecret = z
  .string()
  .max(200)
  .refine((s) => {
    const m = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(s);
    const n = m ? decodedLength(m[1]!) : null;
    return n !== null && n >= MIN_SECRET_BYTES && n <= MAX_SECRET_BYTES;
  }, `must be whsec_ followed by the base64 of ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} random bytes`);

/** A fresh secret, `whsec_<base64 of 32 random bytes>`. */
export function newWebhookSecret(): string {
  return `whsec_${base64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))}`;
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers that sign `body` as message `id` sent at `at`. */
export function signHeaders(secret: string, id: string, at: Date, body: string): SignedHeaders {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

export type Verdict =
  | { ok: true; id: string }
  | { ok: false; reason: "missing_headers" | "stale" | "bad_signature"; detail: string };

/**
 * Checks a received call: the three headers present, the timestamp within
 * five minutes of now, and one `v1` signature matching `body` byte for byte.
 */
export function verifySignature(secret: string, body: string, headers: Headers): Verdict {
  const id = headers.get("webhook-id");
  const timestamp = headers.get("webhook-timestamp");
  const signature = headers.get("webhook-signature");
  if (!id || !timestamp || !signature) {
    return { ok: false, reason: "missing_headers", detail: "webhook-id, webhook-timestamp and webhook-signature are required" };
  }
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "stale", detail: "webhook-timestamp must be Unix seconds" };
  try {
    new Webhook(secret).verify(body, { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature }, { jsonParse: false });
    return { ok: true, id };
  } catch (err) {
    if (err instanceof WebhookVerificationError && /timestamp/i.test(err.message)) {
      return { ok: false, reason: "stale", detail: "webhook-timestamp is more than five minutes from now; sign each call when you send it" };
    }
    return { ok: false, reason: "bad_signature", detail: "no webhook-signature matches the body signed with this trigger's secret" };
  }
}
