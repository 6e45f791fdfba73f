/**
 * Inbound triggers in D1: a run template (the run configuration with its
 * keys sealed apart, as eval_runs keeps them) and the Standard Webhooks
 * secret that signs calls, also sealed. Runs a trigger creates carry the
 * request id `hook:<trigger id>:<digest of the webhook id>`, so a replayed
 * call finds its run through eval_runs' request_id index.
 */
import { sha256Hex } from "../crypto/hash";
import { newId } from "../crypto/ids";
import { seal, unseal } from "../crypto/seal";
import type { RunConfig } from "../domain/run-config";
import type { RunSecrets } from "../domain/run-target";
import { sealRunSecrets } from "./eval-runs";

/** A run configuration without its keys. */
export type RunTemplate = Omit<RunConfig, "secrets">;

export interface TriggerRow {
  id: string;
  project_id: string;
  name: string;
  template: RunTemplate;
  /** Which key slots the template holds sealed. */
  secret_slots: (keyof RunSecrets)[];
  created_at: string;
  last_fired_at: string | null;
}

interface RawTrigger {
  id: string;
  project_id: string;
  name: string;
  template: string;
  secrets: string | null;
  secret: string;
  created_at: string;
  last_fired_at: string | null;
}

function trigger(r: RawTrigger): TriggerRow {
  const template = JSON.parse(r.template) as RunTemplate & { secret_slots?: (keyof RunSecrets)[] };
  const { secret_slots = [], ...rest } = template;
  return { id: r.id, project_id: r.project_id, name: r.name, template: rest, secret_slots, created_at: r.created_at, last_fired_at: r.last_fired_at };
}

export async function insertTrigger(
  d1: D1Database,
  secretKey: string,
  t: { projectId: string; name: string; config: RunConfig; secret: string },
  at: string,
): Promise<TriggerRow> {
  const { secrets, ...template } = t.config;
  const stored = { ...template, secret_slots: Object.keys(secrets) };
  const r = await d1
    .prepare(
      `INSERT INTO triggers (id, project_id, name, template, secrets, secret, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING *`,
    )
    .bind(newId("trg"), t.projectId, t.name, JSON.stringify(stored), await sealRunSecrets(secretKey, secrets), await seal(secretKey, t.secret), at)
    .first<RawTrigger>();
  return trigger(r!);
}

export async function getTrigger(d1: D1Database, projectId: string, id: string): Promise<TriggerRow | undefined> {
  const r = await d1.prepare(`SELECT * FROM triggers WHERE id = ?1 AND project_id = ?2`).bind(id, projectId).first<RawTrigger>();
  return r ? trigger(r) : undefined;
}

/** A trigger by id alone, for the signed inbound call, with its signing secret and template keys unsealed. */
export async function loadTriggerForCall(
  d1: D1Database,
  secretKey: string,
  id: string,
): Promise<{ trigger: TriggerRow; secret: string; config: RunConfig } | undefined> {
  const r = await d1.prepare(`SELECT * FROM triggers WHERE id = ?1`).bind(id).first<RawTrigger>();
  if (!r) return undefined;
  const row = trigger(r);
  const secrets = r.secrets ? await unseal<RunSecrets>(secretKey, r.secrets) : {};
  return { trigger: row, secret: await unseal<string>(secretKey, r.secret), config: { ...row.template, secrets } };
}

/** Newest first; `limit + 1` rows. */
export async function listTriggers(d1: D1Database, projectId: string, before: string | undefined, limit: number): Promise<TriggerRow[]> {
  const r = await d1
    .prepare(`SELECT * FROM triggers WHERE project_id = ?1 AND (?2 IS NULL OR id < ?2) ORDER BY id DESC LIMIT ?3`)
    .bind(projectId, before ?? null, limit + 1)
    .all<RawTrigger>();
  return r.results.map(trigger);
}

export async function deleteTrigger(d1: D1Database, projectId: string, id: string): Promise<boolean> {
  const r = await d1.prepare(`DELETE FROM triggers WHERE id = ?1 AND project_id = ?2`).bind(id, projectId).run();
  return (r.meta.changes ?? 0) > 0;
}

export async function markFired(d1: D1Database, id: string, at: string): Promise<void> {
  await d1.prepare(`UPDATE triggers SET last_fired_at = ?2 WHERE id = ?1`).bind(id, at).run();
}

/** The request id of the run a call creates: stable per (trigger, webhook id), at most 200 characters. */
export async function triggerRequestId(triggerId: string, webhookId: string): Promise<string> {
  return `hook:${triggerId}:${await sha256Hex(webhookId)}`;
}
