/**
 * A custom benchmark with an image column: every row's image is checked
 * when the benchmark is created (422 naming the rows whose value cannot be
 * sent), and a run sends each row's data URL image to the model. The
 * fixture knows each question's answer tied to the sha256 of its image and
 * refuses without it, so a perfect score proves the images arrived.
 */
import { describe, expect, inject, it } from "vitest";
import { call, newProject } from "../../../test/http";
import { attemptsOf, createRun, importRows, waitForRun } from "../../../test/runs";

const uniq = () => crypto.randomUUID().slice(0, 8);

async function sha256(bytes: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Rows whose image is a data URL of made-up bytes; the question says which picture it is about. */
function imageRows(tag: string) {
  return Array.from({ length: 4 }, (_, i) => {
    const bytes = new TextEncoder().encode(`made-up picture ${i} of ${tag}`);
    return {
      row: { id: `p${i}`, question: `How many made-up dots are in picture ${i} of set ${tag}?`, answer: String(3 + i), image: `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}` },
      bytes,
    };
  });
}

async function create(key: string, dataset: string, extra: Record<string, unknown>) {
  return call("POST", "/api/benchmarks", {
    key,
    body: { name: `img-${uniq()}`, dataset, prompt_template: "{question}", answer_column: "answer", scoring: { type: "regex", pattern: "boxed\\{(-?[0-9]+)\\}" }, ...extra },
  });
}

describe("custom benchmarks with an image column", () => {
  it("sends each row's data URL image with its prompt, and says so in the view", { timeout: 60_000 }, async () => {
    const { key, project } = await newProject();
    const tag = uniq();
    const rows = imageRows(tag);
    const keyRows = await Promise.all(rows.map(async (r) => ({ question: r.row.question, answer: r.row.answer, image_sha256: await sha256(r.bytes) })));
    expect((await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(keyRows) })).status).toBe(200);
    const dataset = await importRows(project.id, `pictures-${tag}`, rows.map((r) => r.row));
    const bm = await create(key, dataset, { image_column: "image" });
    expect(bm.status).toBe(201);
    expect(bm.body.image_column).toBe("image");

    const model = `fixture-${uniq()}:accuracy=1`;
    const runId = await createRun(key, [bm.body.id], model);
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 50_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts.map((a: any) => a.reward)).toEqual([1, 1, 1, 1]);
    for (const a of attempts) expect(a.output).toMatch(/\\boxed\{\d+\}/);

    // The same questions without the image column: the fixture sees no image and refuses, so they score 0.
    const plain = await create(key, dataset, {});
    expect(plain.body.image_column).toBeNull();
    const blind = await createRun(key, [plain.body.id], model);
    expect((await call("POST", `/api/eval-runs/${blind}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, blind, 50_000)).status).toBe("completed");
    const refused = await attemptsOf(blind);
    expect(refused.map((a: any) => [a.reward, a.output])).toEqual(Array(4).fill([0, "I cannot see the image this question refers to, so I cannot answer."]));
  });

  it.each([
    ["not a URL", "images/1.jpg", "row 1: not an http(s) URL, a data URL or a revision file"],
    ["a file: URL", "file:///etc/passwd", "row 1: 'file:' URLs are not sent"],
    ["a data URL of text", "data:text/plain;base64,aGk=", "row 1: a data URL must be data:<image/jpeg|image/png|image/gif|image/webp>;base64,<data>"],
    ["an empty cell", "", "row 1: the cell is empty"],
    ["a revision file", { file: "images/1.jpg", sha256: "a".repeat(64), media_type: "image/jpeg", bytes: 10 }, "row 1: a revision file (images/1.jpg) that this dataset revision does not store"],
  ])("refuses %s with a 422 naming the row", async (_what, cell, message) => {
    const { key, project } = await newProject();
    const dataset = await importRows(project.id, `bad-${uniq()}`, [
      { id: "a", question: "What is shown here in the made-up picture?", answer: "1", image: "https://example.org/a.png" },
      { id: "b", question: "What is shown there in the made-up picture?", answer: "2", image: cell },
    ]);
    const r = await create(key, dataset, { image_column: "image" });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ field: "image_column", message: expect.stringContaining(message) }]);
  });

  it("refuses an image column the dataset does not have, and a non-string one", async () => {
    const { key, project } = await newProject();
    const dataset = await importRows(project.id, `cols-${uniq()}`, [{ id: "a", question: "What is in the made-up picture?", answer: "1" }]);
    const missing = await create(key, dataset, { image_column: "figure" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: "image_column", message: expect.stringContaining("no column 'figure'") }]);
    const wrongType = await create(key, dataset, { image_column: 7 });
    expect(wrongType.status).toBe(422);
    expect(JSON.stringify(wrongType.body.errors)).toContain("image_column");
  });
});
