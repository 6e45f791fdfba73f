import { describe, expect, it } from "vitest";
import { checkTicket, issueTicket } from "../live/tickets";
import { checkRunnerToken, issueRunnerToken } from "./tokens";

const KEY = "test-secret-key-0123456789abcdef";
const claims = { a: "att_abc.3", d: "d1", e: 10_000, s: 2 };

describe("runner tokens", () => {
  it("carry their claims and verify without storage", async () => {
    const t = await issueRunnerToken(KEY, claims);
    expect(t).toMatch(/^rt_[A-Za-z0-9_-]+\.[0-9a-f]{64}$/);
    expect(await checkRunnerToken(KEY, t, "att_abc.3", 9_999)).toEqual({ ok: true, claims });
  });

  it("tell another attempt's, an expired and a forged token apart", async () => {
    const t = await issueRunnerToken(KEY, claims);
    expect(await checkRunnerToken(KEY, t, "att_abc.4", 0)).toEqual({ ok: false, reason: "other_attempt" });
    expect(await checkRunnerToken(KEY, t, "att_abc.3", 10_000)).toEqual({ ok: false, reason: "expired" });
    const [payload, mac] = t.split(".");
    const forged = `${payload!.slice(0, -2)}xy.${mac}`;
    expect(await checkRunnerToken(KEY, forged, "att_abc.3", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(await checkRunnerToken("another-secret-key-0123456789", t, "att_abc.3", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(await checkRunnerToken(KEY, undefined, "att_abc.3", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(await checkRunnerToken(KEY, "rt_garbage", "att_abc.3", 0)).toEqual({ ok: false, reason: "invalid" });
  });

  it("are not live tickets, nor tickets runner tokens", async () => {
    const token = await issueRunnerToken(KEY, claims);
    const ticket = await issueTicket(KEY, { r: "run_a", p: "prj_a", k: "key_a", e: 10_000 });
    expect(await checkTicket(KEY, token, "run_a", 0)).toBeNull();
    expect(await checkRunnerToken(KEY, ticket, "att_abc.3", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(await checkTicket(KEY, ticket, "run_a", 9_999)).toEqual({ r: "run_a", p: "prj_a", k: "key_a", e: 10_000 });
    expect(await checkTicket(KEY, ticket, "run_b", 0)).toBeNull();
    expect(await checkTicket(KEY, ticket, "run_a", 10_000)).toBeNull();
  });
});
