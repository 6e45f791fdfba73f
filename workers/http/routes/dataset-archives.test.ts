/**
 * A dataset uploaded as a ZIP archive (one JSONL beside its images): cells
 * naming the archive's images become revision-file cells, the images are
 * stored with the revision, and a custom benchmark's image_column sends
 * them. The fixture answers each question only when the image whose
 * sha256 it was taught arrives, so a perfect score proves they reached the
 * model. Bad archives are 422/413 problem+json and leave nothing behind.
 */
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { MAX_ARCHIVE_INFLATED_BYTES } from "../../../src/datasets/limits";
import { call, newProject } from "../../../test/http";
import { attemptsOf, createRun, waitForRun } from "../../../test/runs";
import { fakePng, writeZip, type ZipMember } from "../../../test/zip-writer";

const uniq = () => crypto.randomUUID().slice(0, 8);

async function sha256(bytes: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n");

async function upload(key: string, name: string, members: ZipMember[] | Uint8Array, type = "application/zip") {
  const raw = members instanceof Uint8Array ? members : await writeZip(members);
  return call("POST", `/api/datasets/${name}/revisions`, { key, raw, type });
}

async function storedKeys(projectId: string): Promise<string[]> {
  return (await env.ARTIFACTS.list({ prefix: `datasets/${projectId}/` })).objects.map((o) => o.key);
}

describe("dataset upload as a ZIP archive", () => {
  it("stores the named images with the revision, and a custom benchmark sends them to the model", { timeout: 60_000 }, async () => {
    const { key, project } = await newProject();
    const tag = uniq();
    const pngA = fakePng(`made-up picture A of ${tag}`);
    const pngB = fakePng(`made-up picture B of ${tag}`);
    const rows = [
      { id: "a", question: `How many made-up dots are in picture A of set ${tag}?`, answer: "4", picture: "images/a.png", note: "plain text" },
      { id: "b", question: `How many made-up dots are in picture B of set ${tag}?`, answer: "7", picture: "images/b.png", note: "images are fun" },
    ];
    const members: ZipMember[] = [
      { name: "pack/tasks.jsonl", data: jsonl(rows), deflate: true },
      { name: "pack/images/a.png", data: pngA }, // found from the data file's folder
      { name: "images/b.png", data: pngB, deflate: true }, // found from the archive's root
      { name: "pack/README.txt", data: "not named by any cell" },
    ];
    const name = `pictures-${tag}`;
    const created = await upload(key, name, members);
    expect(created.status).toBe(201);
    expect(created.body.format).toBe("jsonl");
    expect(created.body.row_count).toBe(2);
    expect(created.body.columns).toContainEqual({ name: "picture", type: "object" });
    const archiveBytes = (await writeZip(members)).byteLength;
    expect(created.body.size_bytes).toBe(archiveBytes);

    const page = await call("GET", `/api/datasets/${created.body.ref}/rows`, { key });
    expect(page.body.items.map((r: any) => r.data.picture)).toEqual([
      { file: "pack/images/a.png", sha256: await sha256(pngA), media_type: "image/png", bytes: pngA.byteLength },
      { file: "images/b.png", sha256: await sha256(pngB), media_type: "image/png", bytes: pngB.byteLength },
    ]);
    expect(page.body.items.map((r: any) => r.data.note)).toEqual(["plain text", "images are fun"]);
    const keys = await storedKeys(project.id);
    expect(keys.filter((k) => k.includes("/files/")).map((k) => k.slice(k.indexOf("/files/") + 7)).sort()).toEqual(["images/b.png", "pack/images/a.png"]);
    expect(keys.some((k) => k.endsWith("source.zip"))).toBe(true);

    // The same archive again is the same revision.
    const again = await upload(key, name, members);
    expect([again.status, again.body.id]).toEqual([200, created.body.id]);

    const keyRows = [
      { question: rows[0]!.question, answer: "4", image_sha256: await sha256(pngA) },
      { question: rows[1]!.question, answer: "7", image_sha256: await sha256(pngB) },
    ];
    expect((await fetch(`${inject("fixtureUrl")}/_answers`, { method: "POST", body: JSON.stringify(keyRows) })).status).toBe(200);
    const bm = await call("POST", "/api/benchmarks", {
      key,
      body: { name: `zip-img-${tag}`, dataset: created.body.ref, prompt_template: "{question}", answer_column: "answer", scoring: { type: "regex", pattern: "boxed\\{(-?[0-9]+)\\}" }, image_column: "picture" },
    });
    expect(bm.status).toBe(201);
    expect(bm.body.image_column).toBe("picture");
    const runId = await createRun(key, [bm.body.id], `fixture-${uniq()}:accuracy=1`);
    expect((await call("POST", `/api/eval-runs/${runId}/start`, { key })).status).toBe(202);
    expect((await waitForRun(key, runId, 50_000)).status).toBe("completed");
    const attempts = await attemptsOf(runId);
    expect(attempts.map((a: any) => a.reward)).toEqual([1, 1]);
  });

  it("refuses a benchmark whose revision-file cell names a file the revision does not store", async () => {
    const { key } = await newProject();
    const png = fakePng("lonely");
    const ok = await upload(key, `files-${uniq()}`, [
      { name: "t.jsonl", data: jsonl([{ id: "a", question: "Which made-up picture is this one?", answer: "1", picture: "p.png", other: { file: "q.png", sha256: "b".repeat(64), media_type: "image/png", bytes: 12 } }]) },
      { name: "p.png", data: png },
    ]);
    expect(ok.status).toBe(201);
    const bm = await call("POST", "/api/benchmarks", {
      key,
      body: { name: `zip-miss-${uniq()}`, dataset: ok.body.ref, prompt_template: "{question}", answer_column: "answer", scoring: { type: "exact_match" }, image_column: "other" },
    });
    expect(bm.status).toBe(422);
    expect(bm.body.errors).toEqual([{ field: "image_column", message: expect.stringContaining("a revision file (q.png) that this dataset revision does not store") }]);
  });

  const png = fakePng("some picture");
  const row = (picture: string) => jsonl([{ id: "a", question: "q?", answer: "1", picture }]);
  it.each<[string, () => Promise<ZipMember[] | Uint8Array>, number, string, string?]>([
    ["no data file", async () => [{ name: "a.png", data: png }], 422, "holds no data file"],
    ["two data files", async () => [{ name: "a.jsonl", data: row("a.png") }, { name: "b.csv", data: "id,q\n1,x\n" }, { name: "a.png", data: png }], 422, "holds 2 data files (a.jsonl, b.csv)"],
    ["a cell naming a missing image", async () => [{ name: "d/t.jsonl", data: row("images/gone.png") }, { name: "d/a.png", data: png }], 422, "names 'images/gone.png', which the archive does not hold", "line 1, column 'picture'"],
    ["a cell naming a file that is not an image", async () => [{ name: "t.jsonl", data: row("notes.png") }, { name: "notes.png", data: "just text, not a picture" }], 422, "names 'notes.png', which is not a PNG, JPEG, GIF or WebP image", "line 1, column 'picture'"],
    ["a body that is not a ZIP", async () => new TextEncoder().encode('{"id":"a"}\n'), 422, "is not a ZIP file"],
    ["a ZIP cut short", async () => (await writeZip([{ name: "t.jsonl", data: row("x") }])).subarray(0, 40), 422, "central directory"],
    ["a member that inflates past its declared size", async () => [{ name: "t.jsonl", data: row("x").repeat(50), deflate: true, declaredSize: 20 }], 422, "inflates past the 20 bytes"],
    ["files that inflate too far", async () => [{ name: "t.jsonl", data: row("x"), declaredSize: MAX_ARCHIVE_INFLATED_BYTES + 1 }], 413, `at most ${MAX_ARCHIVE_INFLATED_BYTES}`],
  ])("refuses %s with problem+json and stores nothing", async (_what, make, status, message, field) => {
    const { key, project } = await newProject();
    const name = `bad-${uniq()}`;
    const r = await upload(key, name, await make());
    expect(r.status).toBe(status);
    expect(r.headers.get("content-type")).toContain("application/problem+json");
    expect(r.body.detail).toContain(message);
    if (field) expect(r.body.errors[0]).toEqual({ field, message: expect.stringContaining(message) });
    expect((await call("GET", `/api/datasets?name=${name}`, { key })).body.items).toEqual([]);
    expect(await storedKeys(project.id)).toEqual([]);
  });
});
