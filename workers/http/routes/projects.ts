/** Projects: created by the operator (bootstrap token), read by their keys. */
import { z } from "@hono/zod-openapi";
import { AppError } from "../../../src/domain/errors";
import { newId, newSecret } from "../../../src/crypto/ids";
import { sha256Hex } from "../../../src/crypto/hash";
import { getProject, insertProjectWithKey, updateProject } from "../../../src/db/projects";
import type { ProjectRow } from "../../../src/db/schema";
import { requireBootstrap } from "../auth";
import { defineRoute, newRouter } from "../router";
import { errorResponses, IdParam, json, jsonBody } from "../schemas";
import { ApiKeyView, keyView } from "./keys";

export const PLANS = { team: { evaluations: true }, free: { evaluations: false } } as const;

const Project = z
  .object({
    id: z.string(),
    name: z.string(),
    plan: z.enum(["team", "free"]),
    evaluations_enabled: z.boolean(),
    credits: z.number().int(),
    created_at: z.string(),
  })
  .openapi("Project");

const CreateProject = z.strictObject({
  name: z.string().trim().min(1).max(100),
  plan: z.enum(["team", "free"]).default("team").openapi({ description: "team includes evaluations; free does not" }),
  credits: z.number().int().min(0).max(1e12).optional().openapi({ description: "ML-compute credits (one per attempt)" }),
});

const UpdateProject = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  plan: z.enum(["team", "free"]).optional(),
  evaluations_enabled: z.boolean().optional(),
  credits: z.number().int().min(0).max(1e12).optional(),
});

export function projectView(p: ProjectRow): z.infer<typeof Project> {
  return {
    id: p.id,
    name: p.name,
    plan: p.plan as "team" | "free",
    evaluations_enabled: p.evaluationsEnabled,
    credits: p.credits,
    created_at: p.createdAt,
  };
}

const bootstrapSecurity = [{ bootstrap: [] }];

export const projectsRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/projects",
      operationId: "createProject",
      tags: ["projects"],
      summary: "Create a project and its first admin key (operator: bootstrap token)",
      security: bootstrapSecurity,
      request: { body: jsonBody(CreateProject) },
      responses: {
        201: json(z.object({ project: Project, api_key: z.string(), key: ApiKeyView }), "The project; api_key is shown once"),
        ...errorResponses,
      },
    }),
    async (c) => {
      requireBootstrap(c);
      const body = c.req.valid("json");
      const now = new Date().toISOString();
      const project: ProjectRow = {
        id: newId("prj"),
        name: body.name,
        plan: body.plan,
        evaluationsEnabled: PLANS[body.plan].evaluations,
        credits: body.credits ?? c.var.config.defaultCredits,
        createdAt: now,
      };
      const secret = newSecret("ak");
      const key = {
        id: newId("key"),
        projectId: project.id,
        name: "admin",
        prefix: secret.slice(0, 11),
        hash: await sha256Hex(secret),
        scopes: ["admin"],
        createdAt: now,
        lastUsedAt: null,
        revokedAt: null,
      };
      await insertProjectWithKey(c.var.db, project, key);
      return c.json({ project: projectView(project), api_key: secret, key: keyView(key) }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: "patch",
      path: "/api/projects/{id}",
      operationId: "updateProject",
      tags: ["projects"],
      summary: "Change a project's plan or credits (operator: bootstrap token)",
      security: bootstrapSecurity,
      request: { params: IdParam, body: jsonBody(UpdateProject) },
      responses: { 200: json(Project, "The project"), ...errorResponses },
    }),
    async (c) => {
      requireBootstrap(c);
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const patch: Partial<ProjectRow> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.plan !== undefined) {
        patch.plan = body.plan;
        patch.evaluationsEnabled = PLANS[body.plan].evaluations;
      }
      if (body.evaluations_enabled !== undefined) patch.evaluationsEnabled = body.evaluations_enabled;
      if (body.credits !== undefined) patch.credits = body.credits;
      const updated = Object.keys(patch).length ? await updateProject(c.var.db, id, patch) : await getProject(c.var.db, id);
      if (!updated) throw new AppError("not_found", `no project ${id}`);
      return c.json(projectView(updated), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/project",
      operationId: "getCurrentProject",
      tags: ["projects"],
      summary: "The project of the calling key, with its plan and credits",
      responses: { 200: json(Project, "The project"), ...errorResponses },
    }),
    async (c) => {
      const p = await getProject(c.var.db, c.var.auth.projectId);
      if (!p) throw new AppError("not_found", "project not found");
      return c.json(projectView(p), 200);
    },
  );
