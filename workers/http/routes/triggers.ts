/**
 * Webhook-triggered evaluations. POST /api/triggers saves a run template
 * and a Standard Webhooks secret and answers with the trigger's URL; a call
 * to POST /hooks/{id} (outside /api: no API key, the signature is the
 * credential) signed with that secret and a fresh timestamp creates a run
 * from the template, filled from the payload, and starts it. A replay (the
 * same webhook-id) returns the same run. See docs/triggers.md.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { findVisibleBenchmarks } from "../../../src/db/benchmarks";
import { findRunByRequestId, getRun } from "../../../src/db/eval-runs";
import { findProfileByRef } from "../../../src/db/profiles";
import type { EvalRunRow } from "../../../src/db/schema";
import { deleteTrigger, getTrigger, insertTrigger, listTriggers, loadTriggerForCall, markFired, triggerRequestId, type TriggerRow } from "../../../src/db/triggers";
import { AppError, type FieldError } from "../../../src/domain/errors";
import { decodeCursor, pageOf } from "../../../src/domain/paging";
import { benchmarkErrors, configFromCreate, CreateRunBody } from "../../../src/domain/run-config";
import { judgeView, targetView, type StoredTarget } from "../../../src/domain/run-target";
import { newId } from "../../../src/crypto/ids";
import { fillTemplate, TriggerPayload } from "../../../src/webhooks/trigger-payload";
import { newWebhookSecret, verifySignature, WebhookSecret } from "../../../src/webhooks/signature";
import { requirePlan, type ProjectScope } from "../../../src/services/project";
import { insertRun, refuse, startRun, type RunScope } from "../../../src/services/runs";
import { controlOf } from "../service-ports";
import { fieldErrors, defineRoute, newRouter, type AppEnv } from "../router";
import { errorResponses, IdParam, json, jsonBody, PageQuery, pageOf as pageSchema, paymentRequired, tooLarge } from "../schemas";
import { EvalRunView, runView } from "./eval-run-view";

const tags = ["triggers"];
/** A signed call's body is small: a few names and a URL. */
export const MAX_HOOK_BYTES = 64 * 1024;

const RunTemplateInput = CreateRunBody.omit({ request_id: true });

const CreateTrigger = z.strictObject({
  name: z.string().trim().min(1).max(100),
  run_template: RunTemplateInput.openapi({ description: "An eval-run create body (without request_id); keys in it are sealed" }),
  secret: WebhookSecret.optional().openapi({ description: "whsec_<base64>; generated when omitted. Returned once." }),
});

const TriggerView = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string().openapi({ description: "POST signed calls here" }),
    run_template: z.record(z.string(), z.unknown()).openapi({ description: "The run configuration; keys show only as {set: true}" }),
    secret: z.object({ set: z.literal(true) }),
    created_at: z.string(),
    last_fired_at: z.string().nullable(),
  })
  .openapi("Trigger");

function hookUrl(c: Context<AppEnv>, id: string): string {
  return `${new URL(c.req.url).origin}/hooks/${id}`;
}

function triggerView(c: Context<AppEnv>, t: TriggerRow): z.infer<typeof TriggerView> {
  const tpl = t.template;
  const withKey = (target: StoredTarget | null, slot: string) =>
    target && t.secret_slots.includes(slot as never) && target.kind === "model" ? { ...target, api_key_set: true as const } : target;
  return {
    id: t.id,
    name: t.name,
    url: hookUrl(c, t.id),
    run_template: {
      display_name: tpl.display_name,
      benchmarks: tpl.benchmarks,
      target: targetView(withKey(tpl.target, "target")!),
      compare_target: tpl.compare_target ? targetView(withKey(tpl.compare_target, "compare_target")!) : null,
      judge: tpl.judge ? judgeView(t.secret_slots.includes("judge") ? { ...tpl.judge, api_key_set: true } : tpl.judge) : null,
      options: tpl.options,
    },
    secret: { set: true },
    created_at: t.created_at,
    last_fired_at: t.last_fired_at,
  };
}

const HookParam = z.object({ trigger_id: z.string().min(1).max(200) });
const HookReply = z
  .object({ trigger_id: z.string(), webhook_id: z.string(), replayed: z.boolean(), run: EvalRunView })
  .openapi("TriggeredRun");

function prefixed(errors: FieldError[], prefix: string): FieldError[] {
  return errors.map((e) => ({ ...e, field: `${prefix}.${e.field}` }));
}

/**
 * Queues a run the trigger created (a replay of a call that died before
 * starting it starts it now); a run another delivery of the same call
 * started meanwhile is returned as it is now.
 */
async function startTriggered(c: Context<AppEnv>, scope: ProjectScope, run: EvalRunRow, at: string): Promise<EvalRunRow> {
  if (run.status !== "draft") return run;
  try {
    return await startRun(scope, controlOf(c), run, at);
  } catch (e) {
    if (!(e instanceof AppError && e.code === "conflict")) throw e;
    return (await getRun(scope.db, scope.projectId, run.id)) ?? run;
  }
}

export const triggersRoutes = newRouter()
  .openapi(
    defineRoute({
      method: "post",
      path: "/api/triggers",
      operationId: "createTrigger",
      tags,
      summary: "Create a trigger: a run template and a signing secret; signed calls to its URL start runs",
      request: { body: jsonBody(CreateTrigger) },
      responses: {
        201: json(z.object({ trigger: TriggerView, secret: z.string(), url: z.string() }), "The trigger, its secret (shown once) and URL"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { db } = c.var;
      const { projectId } = c.var.auth;
      const { config, errors } = configFromCreate(body.run_template);
      const found = await findVisibleBenchmarks(db, projectId, config.benchmarks);
      errors.unshift(...benchmarkErrors(body.run_template.benchmarks, found));
      for (const slot of ["target", "compare_target"] as const) {
        const t = config[slot];
        if (t?.kind === "agent" && !(await findProfileByRef(db, projectId, t.profile))) {
          errors.push({ field: `${slot}.profile`, message: "no such profile in this project" });
        }
      }
      if (errors.length) refuse(prefixed(errors, "run_template"));
      const secret = body.secret ?? newWebhookSecret();
      const row = await insertTrigger(c.env.DB, c.var.config.secretKey, { projectId, name: body.name, config, secret }, new Date().toISOString());
      return c.json({ trigger: triggerView(c, row), secret, url: hookUrl(c, row.id) }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/triggers",
      operationId: "listTriggers",
      tags,
      summary: "List the project's triggers, newest first",
      request: { query: PageQuery },
      responses: { 200: json(pageSchema(TriggerView), "A page of triggers"), ...errorResponses },
    }),
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const rows = await listTriggers(c.env.DB, c.var.auth.projectId, decodeCursor(cursor), limit);
      const page = pageOf(rows, limit, (t) => t.id);
      return c.json({ items: page.items.map((t) => triggerView(c, t)), next_cursor: page.next_cursor }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: "get",
      path: "/api/triggers/{id}",
      operationId: "getTrigger",
      tags,
      summary: "A trigger, without its secret",
      request: { params: IdParam },
      responses: { 200: json(TriggerView, "The trigger"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const row = await getTrigger(c.env.DB, c.var.auth.projectId, id);
      if (!row) throw new AppError("not_found", `no trigger ${id}`);
      return c.json(triggerView(c, row), 200);
    },
  )
  .openapi(
    defineRoute({
      method: "delete",
      path: "/api/triggers/{id}",
      operationId: "deleteTrigger",
      tags,
      summary: "Delete a trigger; its URL stops working at once (runs it started stay)",
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!(await deleteTrigger(c.env.DB, c.var.auth.projectId, id))) throw new AppError("not_found", `no trigger ${id}`);
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: "post",
      path: "/hooks/{trigger_id}",
      operationId: "fireTrigger",
      tags,
      summary: "A signed call (Standard Webhooks) that creates and starts a run from the trigger's template",
      description:
        "Headers webhook-id, webhook-timestamp (Unix seconds, within 5 minutes) and webhook-signature " +
        '(v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}"> with the trigger secret). Body: {model?, base_url?, checkpoint?, revision?, display_name?}.',
      security: [],
      // The body is not declared for validation: the signature must be checked over the raw bytes first.
      request: { params: HookParam },
      responses: {
        201: json(HookReply, "The run this call created, queued"),
        200: json(HookReply, "A replay: the run the first call with this webhook-id created"),
        ...paymentRequired,
        ...tooLarge,
        ...errorResponses,
      },
    }),
    async (c) => {
      const { trigger_id } = c.req.valid("param");
      const declared = Number(c.req.header("content-length") ?? 0);
      if (declared > MAX_HOOK_BYTES) throw new AppError("payload_too_large", `the body must be at most ${MAX_HOOK_BYTES} bytes`);
      const body = await c.req.text();
      if (body.length > MAX_HOOK_BYTES) throw new AppError("payload_too_large", `the body must be at most ${MAX_HOOK_BYTES} bytes`);

      const { db, config: env } = c.var;
      const loaded = await loadTriggerForCall(c.env.DB, env.secretKey, trigger_id);
      if (!loaded) throw new AppError("not_found", `no trigger ${trigger_id}`);
      const verdict = verifySignature(loaded.secret, body, c.req.raw.headers);
      if (!verdict.ok) throw new AppError("unauthorized", verdict.detail);

      const { trigger } = loaded;
      const projectId = trigger.project_id;
      const scope: RunScope = { db, projectId, secretKey: env.secretKey };
      const at = new Date().toISOString();
      const requestId = await triggerRequestId(trigger.id, verdict.id);
      const reply = async (run: EvalRunRow, replayed: boolean) => {
        if (replayed) c.header("Idempotent-Replayed", "true");
        const started = await startTriggered(c, scope, run, at);
        return c.json({ trigger_id: trigger.id, webhook_id: verdict.id, replayed, run: runView(started) }, replayed ? 200 : 201);
      };
      const earlier = await findRunByRequestId(db, projectId, requestId);
      if (earlier) return reply(earlier, true);

      let raw: unknown;
      try {
        raw = body.trim() ? JSON.parse(body) : {};
      } catch {
        throw new AppError("invalid_json", "the request body is not valid JSON");
      }
      const payload = TriggerPayload.safeParse(raw);
      if (!payload.success) refuse(fieldErrors(payload.error));
      const filled = fillTemplate(loaded.config, payload.data, trigger.name);
      if (!filled.config) refuse(filled.errors);

      await requirePlan(scope, true);
      const { run, replayed } = await insertRun(scope, { id: newId("run"), requestId, copiedFrom: null }, filled.config, at);
      await markFired(c.env.DB, trigger.id, at);
      return reply(run, replayed);
    },
  );
