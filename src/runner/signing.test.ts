import { describe, expect, it } from "vitest";
import { signedHeaders, verifySignature } from "./signing";

const SECRET = "shared-runner-secret-0001";

/** The signature as a runner author would compute it from the protocol's words, with Web Crypto directly. */
async function byHand(secret: string, ts: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${ts}.${body}`)));
  return "v1=" + [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("attempt signatures", () => {
  it("are HMAC-SHA256 over '<timestamp>.<body>', hex, as documented", async () => {
    const body = JSON.stringify({ protocol: "assay.runner.v1", n: 1 });
    const h = await signedHeaders(SECRET, 1_767_225_600, body);
    expect(h).toEqual({ "x-assay-timestamp": "1767225600", "x-assay-signature": await byHand(SECRET, 1_767_225_600, body) });
    expect(await verifySignature(SECRET, h["x-assay-timestamp"]!, h["x-assay-signature"]!, body, 1_767_225_600 + 299)).toEqual({ ok: true });
  });

  it("refuse a changed body, another secret, a stale or missing timestamp", async () => {
    const body = '{"a":1}';
    const h = await signedHeaders(SECRET, 1000, body);
    const ts = h["x-assay-timestamp"]!;
    const sig = h["x-assay-signature"]!;
    expect(await verifySignature(SECRET, ts, sig, '{"a":2}', 1000)).toEqual({ ok: false, reason: "mismatch" });
    expect(await verifySignature("another-secret-0000000", ts, sig, body, 1000)).toEqual({ ok: false, reason: "mismatch" });
    expect(await verifySignature(SECRET, ts, sig, body, 1000 + 301)).toEqual({ ok: false, reason: "stale" });
    expect(await verifySignature(SECRET, null, sig, body, 1000)).toEqual({ ok: false, reason: "missing" });
  });
});
