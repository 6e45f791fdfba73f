/**
 * The sandboxes a run may need beside the Worker (services that run what
 * the Worker never runs itself), and how a deployment provides each: a URL
 * the operator sets with its shared secret, or a Cloudflare Container bound
 * to the Worker (wrangler.toml's `containers` environment, docs/deploy.md).
 * Two entries: the code sandbox that scores code benchmarks
 * (docs/sandbox.md), and the environment runner that runs agent
 * benchmarks in their task's environment for a model target
 * (docs/environments.md; it runs containers itself, so it has no
 * Cloudflare Container form). A run that needs a sandbox the deployment lacks is
 * refused at start, before any model call (src/services/runs.ts); a
 * half-set configuration is named. Pure, no I/O.
 */

/** One sandbox: its name as people read it, and the settings that provide it. */
export interface SandboxSettings {
  label: string;
  /** The variable holding its URL. */
  url: string;
  /** The secret signing requests to it. */
  secret: string;
  /** The Durable Object binding of its Cloudflare Container, when it can run as one. */
  container?: string;
  /** Where an operator reads how to run it. */
  docs: string;
}

export const SANDBOXES = {
  code: { label: "code sandbox", url: "ASSAY_SANDBOX_URL", secret: "ASSAY_SANDBOX_SECRET", container: "SANDBOX_CONTAINER", docs: "docs/sandbox.md" },
  environment: { label: "environment runner", url: "ASSAY_ENVIRONMENT_RUNNER_URL", secret: "ASSAY_ENVIRONMENT_RUNNER_SECRET", docs: "docs/environments.md" },
} as const satisfies Record<string, SandboxSettings>;
export type SandboxKind = keyof typeof SANDBOXES;

/** How a deployment provides a sandbox. */
export type SandboxState =
  | { state: "url"; url: string; secret: string }
  | { state: "container"; secret: string }
  | { state: "none" }
  | { state: "misconfigured"; problems: { variable: string; rule: string }[] };

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** The sandbox `kind` as `env` (the Worker's bindings and variables) provides it. */
export function sandboxState(env: Record<string, unknown>, kind: SandboxKind): SandboxState {
  const s: SandboxSettings = SANDBOXES[kind];
  const url = text(env[s.url]);
  const secret = text(env[s.secret]);
  const container = s.container !== undefined && env[s.container] !== undefined && env[s.container] !== null;
  const problems: { variable: string; rule: string }[] = [];
  if (url && container) problems.push({ variable: s.url, rule: `must not be set while ${s.container} is bound: the ${s.label} is either a URL or a container, not both` });
  if ((url || container) && !secret) problems.push({ variable: s.secret, rule: `must be set: it signs every request to the ${s.label} (${url ? `${s.url} is set` : `${s.container} is bound`})` });
  if (secret && !url && !container) problems.push({ variable: s.url, rule: `must be set${s.container ? `, or ${s.container} bound` : ""}: ${s.secret} is set but names no ${s.label}` });
  if (problems.length) return { state: "misconfigured", problems };
  if (container) return { state: "container", secret: secret! };
  if (url) return { state: "url", url, secret: secret! };
  return { state: "none" };
}

/** What an operator reads when a run needs `kind` and the deployment has none. */
export function howToProvide(kind: SandboxKind): string {
  const s: SandboxSettings = SANDBOXES[kind];
  if (!s.container) return `set ${s.url} and the secret ${s.secret} (${s.docs})`;
  return `set ${s.url} and the secret ${s.secret}, or deploy with the containers environment (${s.container}; docs/deploy.md, ${s.docs})`;
}
