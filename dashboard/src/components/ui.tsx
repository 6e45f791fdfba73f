/**
 * Small shared pieces: status badges that differ by shape as well as
 * colour, loading / error / unavailable / empty states, labelled fields.
 */
import type { ComponentChildren } from "preact";
import { ApiError, isUnavailable } from "../lib/api";

/** Status → glyph: each status has its own shape so colour is never the only cue. */
const GLYPH: Record<string, string> = {
  draft: "○",
  queued: "◷",
  running: "◉",
  completed: "✓",
  succeeded: "✓",
  passed: "✓",
  failed: "✕",
  cancelled: "■",
  timed_out: "⧗",
  pending: "·",
  dispatched: "→",
  planning: "◷",
  invalid: "!",
  missing: "?",
  open: "!",
  acknowledged: "✓",
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span class={`badge st-${status}`}>
      <span aria-hidden="true">{GLYPH[status] ?? "•"}</span> {label ?? status.replace("_", " ")}
    </span>
  );
}

export function Loading({ what = "Loading" }: { what?: string }) {
  return (
    <p class="muted" role="status" aria-live="polite">
      {what}…
    </p>
  );
}

/** An error, or, when the endpoint does not exist on this server yet, a calm "not available" note. */
export function ErrorBox({ error, what }: { error: unknown; what?: string }) {
  if (isUnavailable(error)) {
    return (
      <div class="notice unavailable" role="note" data-unavailable="true">
        <strong>{what ?? "This view"} is not available on this server yet.</strong>
        <span class="muted"> The API does not offer it; nothing is wrong with your data.</span>
      </div>
    );
  }
  const e = error instanceof ApiError ? error : null;
  return (
    <div class="notice error" role="alert">
      <strong>{what ? `${what}: ` : ""}</strong>
      {e ? e.detail : String((error as Error)?.message ?? error)}
      {e && e.errors.length > 0 && (
        <ul>
          {e.errors.map((f) => (
            <li key={f.field}>
              <code>{f.field}</code>: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>;
}

/** A labelled control with an optional hint and the server's message for this field. */
export function Field({ label, hint, error, children, id }: { label: string; hint?: string; error?: string; children: ComponentChildren; id: string }) {
  return (
    <div class={`field${error ? " has-error" : ""}`}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <small class="hint" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      {error && (
        <small class="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** The field errors of a 422, by field name (dots and brackets kept as the server wrote them). */
export function fieldErrors(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (e instanceof ApiError) for (const f of e.errors) out[f.field] = f.message;
  return out;
}
