/** Types for the code sandbox (sandbox/server.mjs). */

export interface Sandbox {
  /** `http://127.0.0.1:PORT`: what ASSAY_SANDBOX_URL points at. */
  url: string;
  /** The isolation every execution gets: bubblewrap, unshare, or none (only with allowUnsafe). */
  isolation: "bwrap" | "unshare" | "none";
  /** Stronger modes auto passed over, each "<mode>: <why not>" (e.g. bubblewrap not installed); empty when none was. */
  passedOver: string[];
  /** Executions run at once; more wait in a queue. */
  concurrency: number;
  close(): Promise<void>;
}

export function startSandbox(opts: {
  /** Shared with the Worker (ASSAY_SANDBOX_SECRET), at least 16 characters. */
  secret: string;
  host?: string;
  port?: number;
  /** Default: the number of cores. */
  concurrency?: number;
  /** auto (the default: the strongest that works), bubblewrap or unshare; else ASSAY_SANDBOX_ISOLATION. An explicit mode that cannot be had throws. */
  isolation?: string;
  /** Run without namespaces when auto finds none that work (--unsafe-no-isolation). */
  allowUnsafe?: boolean;
  python?: string;
  /** The file store's byte cap (files executions are handed at /data); else ASSAY_SANDBOX_FILES_MAX_MB, default 4 GiB. */
  filesMaxBytes?: number;
  log?: (line: string) => void;
}): Promise<Sandbox>;

/** The runner protocol's signature headers for `body`. */
export function signBody(secret: string, body: string, nowS?: number): Record<string, string>;

export function verifySignature(secret: string, headers: Record<string, string | string[] | undefined>, body: string, nowS?: number): string | null;
