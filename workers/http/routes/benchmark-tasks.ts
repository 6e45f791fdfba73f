/**
 * POST /api/benchmarks/tasks: a benchmark made of Harbor tasks, from a ZIP
 * of one task folder or a folder of them (multipart: name, description,
 * file). Its attempts run on an environment runner: the deployment's for a
 * model target (ASSAY_ENVIRONMENT_RUNNER_URL), the target's own for an
 * agent target. Reads the form within the upload limit; the service
 * (src/services/environment-benchmarks.ts) does the rest.
 */
import { z } from "@hono/zod-openapi";
import { MAX_UPLOAD_BYTES } from "../../../src/datasets/limits";
import { DATASET_NAME } from "../../../src/datasets/names";
import { AppError } from "../../../src/domain/errors";
import { createTaskBenchmark } from "../../../src/services/environment-benchmarks";
import { readBodyLimited } from "../request-body";
import { defineRoute, newRouter } from "../router";
import { errorResponses, json, tooLarge } from "../schemas";
import { scopeOf } from "../service-ports";
import { benchmarkView, BenchmarkView } from "./benchmarks";

// A plain OpenAPI schema, not zod: the form is read by hand (a file part is no string), as the imports route reads its own.
const TaskBenchmarkForm = {
  type: "object" as const,
  required: ["name", "file"],
  properties: {
    name: { type: "string" as const, maxLength: 100, description: "The benchmark's name, also its dataset's (letters, digits, '.', '_', '-')" },
    description: { type: "string" as const, maxLength: 2000 },
    file: { type: "string" as const, format: "binary", description: "A ZIP of a Harbor task folder, or of a folder of them" },
  },
};

const TaskBenchmarkView = z
  .object({
    benchmark: BenchmarkView,
    tasks: z.array(z.string()).openapi({ description: "The tasks read, by name, in path order" }),
  })
  .openapi("TaskBenchmark");

export const benchmarkTasksRoutes = newRouter().openapi(
  defineRoute({
    method: "post",
    path: "/api/benchmarks/tasks",
    operationId: "createTaskBenchmark",
    tags: ["benchmarks"],
    summary: "Create a benchmark of Harbor tasks (instruction.md, task.toml, environment/, tests/, solution/) from a ZIP; its attempts run on an environment runner",
    description:
      "Every folder holding a task.toml is a task; each becomes a row of the dataset `name` and the benchmark's verifier is the task's tests/test.sh. " +
      `A task that does not read is a 422 naming its file and field; nothing is written then. At most ${MAX_UPLOAD_BYTES} bytes.`,
    request: { body: { required: true, content: { "multipart/form-data": { schema: TaskBenchmarkForm } } } },
    responses: { 201: json(TaskBenchmarkView, "The benchmark and its tasks"), ...errorResponses, ...tooLarge, 409: errorResponses[422] },
  }),
  async (c) => {
    const type = c.req.header("content-type") ?? "";
    if (!/^multipart\/form-data/i.test(type)) throw new AppError("unsupported_media_type", "send the tasks as multipart/form-data with fields name and file (a ZIP)");
    const bytes = await readBodyLimited(c.req.raw, MAX_UPLOAD_BYTES);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    } catch {
      throw new AppError("bad_request", "the body is not readable multipart/form-data");
    }
    const name = form.get("name");
    const description = form.get("description");
    const file = form.get("file");
    const errors = [];
    if (typeof name !== "string" || !DATASET_NAME.test(name)) errors.push({ field: "name", message: "letters, digits, '.', '_' or '-', starting with a letter or digit, at most 100" });
    if (description !== null && (typeof description !== "string" || description.length > 2000)) errors.push({ field: "description", message: "text of at most 2000 characters" });
    if (file === null || typeof file === "string") errors.push({ field: "file", message: "is required: a ZIP of the task folders" });
    if (errors.length) throw new AppError("validation_failed", `invalid form: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`, errors);
    const zip = new Uint8Array(await (file as File).arrayBuffer());
    const made = await createTaskBenchmark(scopeOf(c), c.env.ARTIFACTS, { name: name as string, description: typeof description === "string" ? description : "", zip });
    return c.json({ benchmark: benchmarkView(made.benchmark), tasks: made.tasks }, 201);
  },
);
