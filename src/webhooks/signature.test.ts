import { describe, expect, it } from "vitest";
import { handHeaders, handSignature, handVerify } from "../../test/standard-webhooks";
import { newWebhookSecret, signHeaders, verifySignature, WebhookSecret } from "./signature";

// The example of the Standard Webhooks specification (also Svix's documentation).
const SPEC = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("Standard Webhooks signatures", () => {
  it("match the specification's example, by hand and through the package", async () => {
    expect(await handSignature(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body)).toBe(SPEC.signature);
    expect(signHeaders(SPEC.secret, SPEC.id, new Date(SPEC.timestamp * 1000), SPEC.body)).toEqual({
      "webhook-id": SPEC.id,
      "webhook-timestamp": String(SPEC.timestamp),
      "webhook-signature": SPEC.signature,
    });
  });

  it("signs what an independent implementation verifies, for generated secrets", async () => {
    for (let i = 0; i < 5; i++) {
      const secret = newWebhookSecret();
      expect(WebhookSecret.safeParse(secret).success).toBe(true);
      const body = JSON.stringify({ type: "run.completed", n: i, text: "ünïcödé ✓" });
      const headers = signHeaders(secret, `msg_${i}`, new Date(), body);
      expect(await handVerify(secret, { ...headers }, body)).toBe(true);
      expect(await handVerify(secret, { ...headers }, body + " ")).toBe(false);
    }
  });

  it("verifies calls signed by hand, and refuses forgeries, stale or future timestamps and missing headers", async () => {
    const secret = newWebhookSecret();
    const body = '{"model":"m"}';
    const now = Math.floor(Date.now() / 1000);
    const ok = verifySignature(secret, body, new Headers(await handHeaders(secret, "msg_1", body, now)));
    expect(ok).toEqual({ ok: true, id: "msg_1" });
    const cases: [string, Record<string, string>, string][] = [
      ["bad_signature", await handHeaders(newWebhookSecret(), "msg_1", body, now), body],
      ["bad_signature", await handHeaders(secret, "msg_1", body, now), '{"model":"n"}'],
      ["bad_signature", { ...(await handHeaders(secret, "msg_1", body, now)), "webhook-id": "msg_2" }, body],
      ["stale", await handHeaders(secret, "msg_1", body, now - 6 * 60), body],
      ["stale", await handHeaders(secret, "msg_1", body, now + 6 * 60), body],
      ["stale", { ...(await handHeaders(secret, "msg_1", body, now)), "webhook-timestamp": "yesterday" }, body],
      ["missing_headers", { "webhook-id": "msg_1", "webhook-timestamp": String(now) }, body],
    ];
    for (const [reason, headers, sent] of cases) {
      expect(verifySignature(secret, sent, new Headers(headers))).toMatchObject({ ok: false, reason });
    }
  });

  it("accepts one matching signature among several (secret rotation)", async () => {
    const secret = newWebhookSecret();
    const body = "{}";
    const headers = await handHeaders(secret, "msg_9", body);
    headers["webhook-signature"] = `v1,${btoa("x".repeat(32))} ${headers["webhook-signature"]}`;
    expect(verifySignature(secret, body, new Headers(headers)).ok).toBe(true);
  });

  it.each([
    ["whsec_", false],
    ["whsec_" + btoa("x".repeat(23)), false],
    ["whsec_" + btoa("x".repeat(24)), true],
    ["whsec_" + btoa("x".repeat(64)), true],
    ["whsec_" + btoa("x".repeat(65)), false],
    ["whsec_not base64!", false],
    [btoa("x".repeat(32)), false],
  ])("checks a given secret %s: %s", (secret, valid) => {
    expect(WebhookSecret.safeParse(secret).success).toBe(valid);
  });
});
