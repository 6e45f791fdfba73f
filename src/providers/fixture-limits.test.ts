/**
 * The fixture model's rate limits: the limiter on its own (fixture/rate-limiter.mjs,
 * pure, clock passed in) and the server applying it per model string over loopback.
 */
import { describe, expect, it } from "vitest";
import { createLimiter, retryAfterHeaders } from "../../fixture/rate-limiter.mjs";
import { fixtureStats, fixtureStatsWhen, fixtureUrl, uniqueModel } from "./test-fixture";

async function ask(model: string, content: string, signal?: AbortSignal) {
  const r = await fetch(`${fixtureUrl()}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role: "user", content }] }),
    signal,
  });
  const body: any = await r.json();
  return { status: r.status, retryAfter: r.headers.get("retry-after"), retryAfterMs: r.headers.get("retry-after-ms"), body, text: body.choices?.[0]?.message?.content as string | undefined };
}

describe("fixture rate limiter (pure)", () => {
  it("refuses calls beyond the in-flight limit with its retry-after, and lets one in when a call ends", () => {
    const l = createLimiter({ maxInFlight: 2, retryAfterS: 1.5 }, 0);
    const a = l.admit(0);
    const b = l.admit(0);
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect(l.admit(0)).toEqual({ ok: false, reason: "in_flight", retryAfterMs: 1500 });
    if (a.ok) {
      a.release();
      a.release(); // a second release of the same call frees nothing more
    }
    expect(l.inFlight).toBe(1);
    expect(l.admit(0).ok).toBe(true);
    expect(l.admit(0).ok).toBe(false);
  });

  it("token bucket: a burst, then one call per 1/rate seconds, refusals saying when the next token comes", () => {
    const l = createLimiter({ ratePerS: 4, burst: 2 }, 0);
    const take = (t: number) => {
      const r = l.admit(t);
      if (r.ok) r.release();
      return r.ok ? "ok" : r.retryAfterMs;
    };
    expect([take(0), take(0), take(0)]).toEqual(["ok", "ok", 250]);
    expect([take(100), take(250), take(250)]).toEqual([150, "ok", 250]);
    // A quiet spell refills the bucket up to its size, never beyond.
    expect([take(10_000), take(10_000), take(10_000)]).toEqual(["ok", "ok", 250]);
  });

  it("the in-flight limit refuses before the bucket, so a refused call spends no token", () => {
    const l = createLimiter({ maxInFlight: 1, ratePerS: 1, burst: 2 }, 0);
    const first = l.admit(0);
    expect(l.admit(0)).toMatchObject({ ok: false, reason: "in_flight" });
    if (first.ok) first.release();
    expect(l.admit(0).ok).toBe(true);
  });

  it.each([
    [1000, { "retry-after": "1" }],
    [0, { "retry-after": "0" }],
    [250, { "retry-after": "1", "retry-after-ms": "250" }],
    [1500, { "retry-after": "2", "retry-after-ms": "1500" }],
  ])("retry-after headers for %i ms → %j", (ms, headers) => {
    expect(retryAfterHeaders(ms)).toEqual(headers);
  });
});

describe("fixture rate limits (server)", () => {
  it("answers 429 with retry-after beyond limit_in_flight, and the same answers as the model without a limit", async () => {
    const name = uniqueModel("latency_ms=300,accuracy=0.5");
    const model = `${name},limit_in_flight=2,limit_retry_after_s=1`;
    const prompts = Array.from({ length: 5 }, (_, i) => `What is ${i + 10} + ${i * 3}?`);
    const replies = await Promise.all(prompts.map((p) => ask(model, p)));
    const refused = replies.filter((r) => r.status === 429);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.retryAfter).toBe("1");
      expect(r.body.error.type).toBe("rate_limit_error");
    }
    const stats = await fixtureStats(model);
    expect(stats.by_status).toEqual({ "200": 2, "429": 3 });
    // Limit knobs describe the endpoint, not the model: every prompt gets the unlimited model's answer.
    // (The limited asks go one at a time, the unlimited ones at once: 6 × 300 ms by design; the timeout leaves room for a busy machine.)
    const unlimited = await Promise.all(prompts.map((p) => ask(name, p)));
    for (const [i, p] of prompts.entries()) expect((await ask(model, p)).text).toBe(unlimited[i]!.text);
  }, 20_000);

  it("a call the client abandons frees its place", async () => {
    const model = uniqueModel("latency_ms=5000,limit_in_flight=1");
    const abort = new AbortController();
    const held = ask(model, "What is 1 + 2?", abort.signal).catch(() => null);
    // Waits for the server to hold the first call (a fixed sleep lost that race on a busy machine).
    expect((await fixtureStatsWhen(model, (s) => s.in_flight === 1)).in_flight).toBe(1);
    expect((await ask(model, "What is 2 + 2?")).status).toBe(429);
    abort.abort();
    await held;
    expect((await fixtureStatsWhen(model, (s) => s.in_flight === 0)).in_flight).toBe(0);
    // The slow model string's own limiter is free again too: its next call is let in (and held), not refused.
    const again = new AbortController();
    const next = ask(model, "What is 3 + 3?", again.signal).catch(() => "aborted");
    const held2 = await fixtureStatsWhen(model, (s) => s.in_flight === 1 || s.by_status["429"] !== 1);
    expect([held2.in_flight, held2.by_status["429"]]).toEqual([1, 1]);
    again.abort();
    expect(await next).toBe("aborted");
  });

  it("token bucket per model string: burst then 429 with the time until the next token; /_reset refills it", async () => {
    const model = uniqueModel("rate_per_s=2,burst=3");
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await ask(model, `What is ${i} + 1?`));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(replies[3]!.retryAfter).toBe("1");
    expect(Number(replies[3]!.retryAfterMs)).toBeGreaterThan(0);
    expect(Number(replies[3]!.retryAfterMs)).toBeLessThanOrEqual(500);
    // Another model string has its own bucket.
    expect((await ask(uniqueModel("rate_per_s=2,burst=3"), "What is 9 + 1?")).status).toBe(200);
    await fetch(`${fixtureUrl()}/_reset?model=${encodeURIComponent(model)}`, { method: "POST" });
    expect((await ask(model, "What is 7 + 1?")).status).toBe(200);
  });
});
