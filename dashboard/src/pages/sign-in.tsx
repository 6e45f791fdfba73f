/** Sign-in: paste a project API key; it is checked against /api/project and kept for this tab only. */
import { useState } from "preact/hooks";
import { ApiError, bearer, client, unwrap } from "../lib/api";
import type { Project } from "../lib/types";

export function SignIn({ onSignedIn }: { onSignedIn: (key: string, project: Project) => void }) {
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    const k = key.trim();
    if (!k) return setError("Paste an API key first.");
    setBusy(true);
    setError(null);
    try {
      const p = await unwrap(client.GET("/api/project", { headers: bearer(k) }));
      onSignedIn(k, p);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? "That key is unknown or revoked." : err instanceof ApiError ? err.detail : "The server did not answer.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in" id="main">
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Assay</h1>
        <p class="muted">Sign in with a project API key. It stays in this tab's session storage and is gone when you close the tab.</p>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellcheck={false}
          placeholder="ak_…"
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          aria-describedby={error ? "sign-in-error" : undefined}
          autoFocus
        />
        {error && (
          <p id="sign-in-error" class="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? "Checking…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
