/**
 * Outbound webhooks (subscribe a URL to run and drift events; the signing
 * secret is shown once; the delivery log with each try) and inbound
 * triggers (a run template started by a signed call to its URL).
 */
import { useEffect, useState } from "preact/hooks";
import { client, unwrap } from "../lib/api";
import { when } from "../lib/format";
import type { paths } from "../../../sdk/typescript/src/schema";
import type { EvalRun, Trigger, Webhook } from "../lib/types";
import { useApi } from "../lib/use-api";
import { Empty, ErrorBox, Field, fieldErrors, Loading, StatusBadge } from "../components/ui";
import { KeyField } from "../components/key-field";

type TriggerTemplate = NonNullable<paths["/api/triggers"]["post"]["requestBody"]>["content"]["application/json"]["run_template"];

type WebhookEvent = Webhook["events"][number];
const EVENTS: WebhookEvent[] = ["run.completed", "run.failed", "run.cancelled", "drift.detected"];

/** A secret shown once, with a copy button. */
function OnceSecret({ label, secret, extra }: { label: string; secret: string; extra?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="notice ok once" role="status" data-testid="once-secret">
      <p>
        <strong>{label}</strong> It is shown only now: store it where your receiver can read it.
      </p>
      <code class="secret">{secret}</code>{" "}
      <button
        type="button"
        class="small"
        onClick={async () => {
          await navigator.clipboard?.writeText(secret).catch(() => {});
          setCopied(true);
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
      {extra && <p class="muted small">{extra}</p>}
    </div>
  );
}

function Deliveries({ id }: { id: string }) {
  const { data, error, reload } = useApi(`deliveries:${id}`, (signal) => unwrap(client.GET("/api/webhooks/{id}/deliveries", { params: { path: { id }, query: { limit: 50 } }, signal })));
  if (error) return <ErrorBox error={error} what="Deliveries" />;
  if (!data) return <Loading what="Loading deliveries" />;
  if (data.items.length === 0) return <p class="muted small">No delivery yet: one is logged each time a subscribed event happens.</p>;
  return (
    <>
      <table class="table compact" data-testid="deliveries">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" class="num">
              Tries
            </th>
            <th scope="col">Last answer</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((d) => (
            <tr key={d.id}>
              <td>{d.event}</td>
              <td>
                <StatusBadge status={d.status === "delivered" ? "succeeded" : d.status === "failed" ? "failed" : "pending"} label={d.status} />
                {d.next_attempt_at && <div class="muted small">next try {when(d.next_attempt_at)}</div>}
              </td>
              <td class="num">{d.attempts}</td>
              <td>{d.response_status ?? d.last_error ?? "—"}</td>
              <td>{when(d.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" class="small" onClick={reload}>
        Refresh
      </button>
    </>
  );
}

function Webhooks() {
  const list = useApi("webhooks", (signal) => unwrap(client.GET("/api/webhooks", { params: { query: { limit: 100 } }, signal })));
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["run.completed", "drift.detected"]);
  const [description, setDescription] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<{ secret: string; url: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await unwrap(client.POST("/api/webhooks", { body: { url, events, ...(description.trim() ? { description: description.trim() } : {}) } }));
      setCreated({ secret: r.secret, url: r.webhook.url });
      setUrl("");
      setDescription("");
      list.reload();
    } catch (err) {
      setError(err);
    }
  };
  const remove = async (w: Webhook) => {
    if (!confirm(`Delete the webhook to ${w.url}?`)) return;
    try {
      await unwrap(client.DELETE("/api/webhooks/{id}", { params: { path: { id: w.id } } }));
      list.reload();
    } catch (err) {
      setError(err);
    }
  };
  const errs = fieldErrors(error);

  return (
    <section aria-labelledby="wh-title">
      <h2 id="wh-title">Webhooks</h2>
      <p class="muted">Assay signs each delivery (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) and retries failures with backoff.</p>
      {list.error ? <ErrorBox error={list.error} what="Webhooks" /> : null}
      {created && <OnceSecret label={`Signing secret for ${created.url}.`} secret={created.secret} />}
      <form class="form inline-form" onSubmit={create}>
        <Field id="wh-url" label="Endpoint URL" error={errs.url}>
          <input id="wh-url" type="url" required value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} placeholder="https://example.com/assay" />
        </Field>
        <fieldset class="inline-choices">
          <legend>Events</legend>
          {EVENTS.map((ev) => (
            <label class="check" key={ev}>
              <input type="checkbox" checked={events.includes(ev)} onChange={(e) => setEvents((cur) => ((e.target as HTMLInputElement).checked ? [...cur, ev] : cur.filter((x) => x !== ev)))} /> {ev}
            </label>
          ))}
        </fieldset>
        <Field id="wh-description" label="Description (optional)" error={errs.description}>
          <input id="wh-description" value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />
        </Field>
        {error ? <ErrorBox error={error} what="Not created" /> : null}
        <button type="submit" class="primary" disabled={!url || events.length === 0}>
          Add webhook
        </button>
      </form>
      {list.data && list.data.items.length === 0 && <Empty>No webhook yet. Add an endpoint URL above to be called when a run finishes or an alert is raised.</Empty>}
      <ul class="plain">
        {list.data?.items.map((w) => (
          <li key={w.id} class="hook-card">
            <div>
              <code>{w.url}</code> <span class="muted small">{w.events.join(", ")}</span> {w.description && <span>· {w.description}</span>}
            </div>
            <div class="actions">
              <button type="button" class="small" aria-expanded={open === w.id} onClick={() => setOpen(open === w.id ? null : w.id)}>
                {open === w.id ? "Hide deliveries" : "Delivery log"}
              </button>
              <button type="button" class="small danger subtle" onClick={() => remove(w)}>
                Delete
              </button>
            </div>
            {open === w.id && <Deliveries id={w.id} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A run's configuration as a trigger template (keys are never read back, so they are asked for again). */
function templateOf(r: EvalRun): Record<string, unknown> {
  const strip = (t: Record<string, unknown> | null) => {
    if (!t) return null;
    const { api_key: _k, ...rest } = t as Record<string, unknown> & { api_key?: unknown };
    return rest;
  };
  return {
    ...(r.display_name ? { display_name: r.display_name } : {}),
    benchmarks: r.benchmarks,
    target: strip(r.target as unknown as Record<string, unknown>),
    compare_target: strip(r.compare_target as unknown as Record<string, unknown> | null),
    judge: strip(r.judge as unknown as Record<string, unknown> | null),
    options: r.options,
  };
}

function Triggers() {
  const list = useApi("triggers", (signal) => unwrap(client.GET("/api/triggers", { params: { query: { limit: 100 } }, signal })));
  const runs = useApi("runs", (signal) => unwrap(client.GET("/api/eval-runs", { params: { query: { limit: 50 } }, signal })));
  const [name, setName] = useState("");
  const [from, setFrom] = useState("");
  const [template, setTemplate] = useState("");
  const [key, setKey] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<{ secret: string; url: string } | null>(null);

  useEffect(() => {
    const r = runs.data?.items.find((x) => x.id === from);
    if (r) setTemplate(JSON.stringify(templateOf(r), null, 2));
  }, [from]);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    let run_template: Record<string, unknown>;
    try {
      run_template = JSON.parse(template);
    } catch {
      setError(new Error("The run template is not valid JSON."));
      return;
    }
    if (typeof key === "string" && run_template.target && typeof run_template.target === "object") (run_template.target as Record<string, unknown>).api_key = key;
    try {
      const r = await unwrap(
        // The template is the user's own JSON: the server checks it (a 422 names the field), the type only says it is an object.
        client.POST("/api/triggers", { body: { name, run_template: run_template as unknown as TriggerTemplate } }),
      );
      setCreated({ secret: r.secret, url: r.url });
      setName("");
      list.reload();
    } catch (err) {
      setError(err);
    }
  };
  const remove = async (t: Trigger) => {
    if (!confirm(`Delete the trigger ${t.name}?`)) return;
    try {
      await unwrap(client.DELETE("/api/triggers/{id}", { params: { path: { id: t.id } } }));
      list.reload();
    } catch (err) {
      setError(err);
    }
  };

  if (list.error) {
    return (
      <section aria-labelledby="trg-title">
        <h2 id="trg-title">Triggers</h2>
        <ErrorBox error={list.error} what="Triggers" />
      </section>
    );
  }
  const errs = fieldErrors(error);
  return (
    <section aria-labelledby="trg-title">
      <h2 id="trg-title">Triggers</h2>
      <p class="muted">A trigger starts a run from a saved template when its URL receives a call signed with the trigger's secret (for example from CI after a deploy).</p>
      {created && <OnceSecret label="Signing secret for the new trigger." secret={created.secret} extra={`POST signed calls to ${created.url}`} />}
      <form class="form" onSubmit={create}>
        <div class="grid2">
          <Field id="trg-name" label="Name" error={errs.name}>
            <input id="trg-name" required value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </Field>
          <Field id="trg-from" label="Template from run" hint={runs.data && runs.data.items.length === 0 ? "No run yet: start an evaluation first, or write the template below by hand" : undefined}>
            <select id="trg-from" value={from} onChange={(e) => setFrom((e.target as HTMLSelectElement).value)}>
              <option value="">Choose a run…</option>
              {runs.data?.items.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.display_name ?? r.id} ({r.status})
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="trg-template" label="Run template (JSON: the fields of a new run, as POST /api/eval-runs takes them)" error={Object.entries(errs).find(([f]) => f.startsWith("run_template"))?.[1]}>
          <textarea id="trg-template" class="mono" rows={8} required value={template} onInput={(e) => setTemplate((e.target as HTMLTextAreaElement).value)} />
        </Field>
        <KeyField id="trg-key" label="Target API key (sealed with the template)" value={key} serverSet={false} onChange={setKey} />
        {error ? <ErrorBox error={error} what="Not created" /> : null}
        <button type="submit" class="primary" disabled={!name || !template}>
          Create trigger
        </button>
      </form>
      {list.data && list.data.items.length === 0 && <Empty>No trigger yet. Name one above and fill its template from a finished run; CI can then start that run with one signed call.</Empty>}
      <ul class="plain">
        {list.data?.items.map((t) => (
          <li key={t.id} class="hook-card">
            <div>
              <strong>{t.name}</strong> <code class="small">{t.url}</code>
            </div>
            <div class="muted small">
              created {when(t.created_at)} · {t.last_fired_at ? `last fired ${when(t.last_fired_at)}` : "never fired"}
            </div>
            <button type="button" class="small danger subtle" onClick={() => remove(t)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Hooks() {
  return (
    <section>
      <h1>Webhooks &amp; triggers</h1>
      <Webhooks />
      <Triggers />
    </section>
  );
}
