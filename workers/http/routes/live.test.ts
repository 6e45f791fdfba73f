import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { attemptId } from "../../../src/domain/attempt-id";
import { call, expectProblem, keyWith, newProject } from "../../../test/http";
import { follow } from "../../../test/runner";
import { arithmeticBenchmark, arithmeticRows, attemptsOf, createRun, waitForRun } from "../../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);

async function draftRun(n = 3, options: Record<string, unknown> = {}) {
  const { key, project } = await newProject();
  const bm = await arithmeticBenchmark(key, project.id, arithmeticRows(n));
  const runId = await createRun(key, [bm], `fixture-${uniq()}:latency_ms=5`, { concurrency: 2, ...options });
  return { key, project, runId };
}

function raw(path: string, headers: Record<string, string>) {
  return exports.default.fetch(new Request(`http://assay.test${path}`, { headers }));
}

/** Reads a Server-Sent Events body until `until` holds for the text so far, then stops reading. */
async function readSse(res: Response, until: (text: string) => boolean, ms = 10_000): Promise<string> {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`SSE: timed out with ${JSON.stringify(text.slice(0, 500))}`);
    const { done, value } = await reader.read();
    if (done) break;
    text += dec.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

function sseEvents(text: string): { id?: string; event: string; data: any }[] {
  return text
    .split("\n\n")
    .filter((b) => b.includes("data: "))
    .map((b) => {
      const get = (k: string) => b.split("\n").find((l) => l.startsWith(`${k}: `))?.slice(k.length + 2);
      return { id: get("id"), event: get("event")!, data: JSON.parse(get("data")!) };
    });
}

describe("live: happy path", { timeout: 120_000 }, () => {
  it("streams an inline run's deltas in order over a WebSocket, and the live set empties as attempts land", async () => {
    const { key, runId } = await draftRun(4);
    const f = await follow(key, runId);
    await f.waitFor(() => f.frames.some((x) => x.type === "ready"));
    expect(f.frames[0]).toMatchObject({ type: "live_set", delta_seq: 0, count: 0, items: [] });
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    expect((await waitForRun(key, runId)).status).toBe("completed");
    // A try the loopback fixture's socket cut short ends "retrying" and the attempt streams again: each attempt's last try is read.
    const finalEnd = (d: (typeof f.deltas)[number]) => d.kind === "end" && d.status !== "retrying";
    await f.waitFor(() => f.deltas.filter(finalEnd).length === 4);
    expect(f.deltas.map((d) => d.delta_seq)).toEqual(f.deltas.map((_, i) => i + 1));
    for (let seq = 0; seq < 4; seq++) {
      const all = f.deltas.filter((d) => d.attempt_id === attemptId(runId, seq));
      const retried = all.filter((d) => d.kind === "end" && d.status === "retrying").length;
      expect(all.filter(finalEnd)).toHaveLength(1);
      const mine = all.slice(all.findLastIndex((d) => d.kind === "header"));
      expect(mine[0].kind === "header" && mine[0].try).toBeGreaterThan(retried);
      // Setting up and scoring without a judge take no time worth a phase of their own.
      expect(mine.map((d) => (d.kind === "phase" ? `phase:${d.phase}` : d.kind))).toEqual(["header", "preview", "turn", "end"]);
      expect(mine[0]).toMatchObject({ seq, execution: "inline", phase: "agent", target: "a", task_key: `q${seq + 1}` });
      expect(mine[1].messages).toEqual([{ role: "user", content: `Solve it and end with '#### <number>'.\n${arithmeticRows(4)[seq]!.question}` }]);
      expect(mine[2].messages.at(-1)).toMatchObject({ role: "assistant", content: expect.stringMatching(/#### \d+/) });
      expect(mine[2].usage.input_tokens).toBeGreaterThan(0);
      expect(mine[3]).toMatchObject({ status: "succeeded", reward: 1 });
    }
    f.close();
    const set = await call("GET", `/api/eval-runs/${runId}/live-set`, { key });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ type: "live_set", delta_seq: f.deltas.length, count: 0, by_phase: { boot: 0, setup: 0, agent: 0, verify: 0, finalize: 0, scoring: 0 }, items: [] });
    const etag = set.headers.get("etag")!;
    expect(etag).toBe(`"live-${f.deltas.length}"`);
    const again = await call("GET", `/api/eval-runs/${runId}/live-set`, { key, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("pages an inline trial's one step: the prompt and the reply, with the attempt's reward", async () => {
    const { key, runId } = await draftRun(2);
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    await waitForRun(key, runId);
    const [row] = await attemptsOf(runId);
    const id = attemptId(runId, 0);
    const r = await call("GET", `/api/trials/${id}/steps`, { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      attempt_id: id,
      live: false,
      num_steps: 1,
      items: [
        {
          step_index: 0,
          messages: [
            { role: "user", content: "Solve it and end with '#### <number>'.\nWhat is 3 + 2?" },
            { role: "assistant", content: row.output },
          ],
          new_messages_from: 0,
          model: expect.stringMatching(/^fixture-/),
          usage: { input_tokens: row.input_tokens, output_tokens: row.output_tokens },
          latency_ms: row.latency_ms,
          reward: 1,
          at: row.finished_at,
        },
      ],
      next_start_step_index: null,
      next_cursor: null,
      pending: null,
    });
    const empty = await call("GET", `/api/trials/${id}/steps?start_step_index=1&limit=1`, { key });
    expect(empty.body).toMatchObject({ num_steps: 1, items: [], next_start_step_index: null });
    const all = await call("GET", `/api/trials/${id}?include_steps=true`, { key });
    expect(all.body.num_steps).toBe(1);
    expect(all.body.steps).toEqual(r.body.items);
    const plain = await call("GET", `/api/trials/${id}`, { key });
    expect(plain.body.steps).toBeUndefined();
  });

  it("speaks Server-Sent Events to curl: deltas with ids, resuming after Last-Event-ID", async () => {
    const { key, runId } = await draftRun(2);
    await call("POST", `/api/eval-runs/${runId}/start`, { key });
    await waitForRun(key, runId);
    const res = await raw(`/api/eval-runs/${runId}/live?after_seq=0`, { accept: "text/event-stream", authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = sseEvents(await readSse(res, (t) => t.includes("event: ready")));
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBe(8);
    expect(deltas.map((e) => Number(e.id))).toEqual(deltas.map((_, i) => i + 1));
    expect(deltas.map((e) => e.data.delta_seq)).toEqual(deltas.map((_, i) => i + 1));
    expect(events.at(-1)).toEqual({ id: undefined, event: "ready", data: { type: "ready", delta_seq: 8 } });
    const resumed = await raw(`/api/eval-runs/${runId}/live`, { accept: "text/event-stream", authorization: `Bearer ${key}`, "last-event-id": "6" });
    const tail = sseEvents(await readSse(resumed, (t) => t.includes("event: ready")));
    expect(tail.filter((e) => e.event === "delta").map((e) => e.id)).toEqual(["7", "8"]);
  });

  it("lets a browser follow with a ticket, or with its key as a subprotocol", async () => {
    const { key, runId } = await draftRun(1);
    const t = await call("POST", `/api/eval-runs/${runId}/live-ticket`, { key });
    expect(t.status).toBe(201);
    expect(t.body).toMatchObject({ ticket: expect.stringMatching(/^lt_/), url: `/api/eval-runs/${runId}/live?ticket=${encodeURIComponent(t.body.ticket)}` });
    expect(Date.parse(t.body.expires_at) - Date.now()).toBeGreaterThan(50_000);
    const byTicket = await raw(t.body.url, { upgrade: "websocket" });
    expect(byTicket.status).toBe(101);
    byTicket.webSocket!.accept();
    byTicket.webSocket!.close();
    const byProtocol = await raw(`/api/eval-runs/${runId}/live`, { upgrade: "websocket", "sec-websocket-protocol": `assay.live.v1, bearer.${key}` });
    expect(byProtocol.status).toBe(101);
    expect(byProtocol.headers.get("sec-websocket-protocol")).toBe("assay.live.v1");
    byProtocol.webSocket!.accept();
    byProtocol.webSocket!.close();
  });
});

describe("live: validation", () => {
  it.each([
    ["?after_seq=abc", "after_seq"],
    ["?after_seq=-1", "after_seq"],
    ["?since=3", "since"],
  ])("refuses the query %s naming %s", async (q, field) => {
    const { key, runId } = await draftRun(1);
    const r = expectProblem(await call("GET", `/api/eval-runs/${runId}/live${q}`, { key, headers: { accept: "text/event-stream" } }), 422, "validation_failed");
    expect(r.errors?.map((e) => e.field)).toContain(field);
  });

  it("asks a plain GET to choose a WebSocket or SSE", async () => {
    const { key, runId } = await draftRun(1);
    const r = expectProblem(await call("GET", `/api/eval-runs/${runId}/live`, { key }), 400, "bad_request");
    expect(r.detail).toMatch(/WebSocket.*Server-Sent Events/);
  });
});

describe("live: auth", () => {
  it("refuses a follow without a key, with an unknown or revoked key, or a bad ticket", async () => {
    const { key, runId } = await draftRun(1);
    const sse = { accept: "text/event-stream" };
    expectProblem(await call("GET", `/api/eval-runs/${runId}/live`, { headers: sse }), 401, "unauthorized");
    expectProblem(await call("GET", `/api/eval-runs/${runId}/live`, { key: "ak_unknown_key_000000000000", headers: sse }), 401, "unauthorized");
    const ro = await call("POST", "/api/keys", { key, body: { name: "ro", scopes: ["read"] } });
    await call("DELETE", `/api/keys/${ro.body.key.id}`, { key });
    expectProblem(await call("GET", `/api/eval-runs/${runId}/live`, { key: ro.body.api_key, headers: sse }), 401, "unauthorized");
    expectProblem(await call("GET", `/api/eval-runs/${runId}/live?ticket=lt_forged.${"0".repeat(64)}`, { headers: sse }), 401, "unauthorized");
    expectProblem(await call("GET", `/api/eval-runs/${runId}/live-set`), 401, "unauthorized");
    expectProblem(await call("POST", `/api/eval-runs/${runId}/live-ticket`), 401, "unauthorized");
  });

  it("lets a read-only key follow, poll and take a ticket (following is reading)", async () => {
    const { key, runId } = await draftRun(1);
    const ro = await keyWith(key, ["read"]);
    const res = await raw(`/api/eval-runs/${runId}/live`, { accept: "text/event-stream", authorization: `Bearer ${ro}` });
    expect(res.status).toBe(200);
    await readSse(res, (t) => t.includes("event: ready"));
    expect((await call("GET", `/api/eval-runs/${runId}/live-set`, { key: ro })).status).toBe(200);
    const ticket = await call("POST", `/api/eval-runs/${runId}/live-ticket`, { key: ro });
    expect(ticket.status).toBeLessThan(300);
    expect(typeof ticket.body.ticket).toBe("string");
  });
});

describe("live: isolation", () => {
  it("hides one project's live run from another: 404, and its tickets do not open other runs", async () => {
    const a = await draftRun(1);
    const b = await draftRun(1);
    const sse = { accept: "text/event-stream" };
    expectProblem(await call("GET", `/api/eval-runs/${a.runId}/live`, { key: b.key, headers: sse }), 404, "not_found");
    expectProblem(await call("GET", `/api/eval-runs/${a.runId}/live-set`, { key: b.key }), 404, "not_found");
    expectProblem(await call("POST", `/api/eval-runs/${a.runId}/live-ticket`, { key: b.key }), 404, "not_found");
    const ticketB = (await call("POST", `/api/eval-runs/${b.runId}/live-ticket`, { key: b.key })).body.ticket;
    expectProblem(await call("GET", `/api/eval-runs/${a.runId}/live?ticket=${encodeURIComponent(ticketB)}`, { headers: sse }), 401, "unauthorized");
    expectProblem(await call("GET", `/api/trials/${attemptId(a.runId, 0)}/steps`, { key: b.key }), 404, "not_found");
    expectProblem(await call("GET", `/api/trials/${attemptId(a.runId, 0)}/artifacts`, { key: b.key }), 404, "not_found");
  });
});
