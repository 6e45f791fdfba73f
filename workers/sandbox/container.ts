/**
 * The code sandbox as a Cloudflare Container (wrangler.toml's `containers`
 * environment): a Durable Object whose container runs sandbox/Dockerfile,
 * started on the first request with the sandbox's secret and no internet,
 * and every request forwarded to its port once it listens. Stateless: an
 * evicted or restarted object starts its container again. The Worker's
 * sandbox client reaches it through SANDBOX_CONTAINER
 * (workers/sandbox/client.ts), spreading executions over a few instances.
 * I/O: the container's port.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/** The port sandbox/server.mjs listens on in the image (its PORT). */
export const SANDBOX_PORT = 8791;
/** Instances executions are spread over; keep it at the containers entry's max_instances in wrangler.toml. */
export const SANDBOX_INSTANCES = 4;
/** Attempts to reach a starting container's port, waiting between them (0.25 s doubling to 2 s: about 15 s in all). */
const READY_TRIES = 10;

/** The part of the runtime's container handle this uses. */
export type ContainerHandle = Pick<Container, "running" | "images" | "start" | "getTcpPort">;

export interface ForwardOptions {
  secret: string;
  /** Waits between tries (tests pass one that returns at once). */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the container if it is not running and forwards `request` to its port, retrying while it comes up; 503 if it never does. */
export async function forwardToContainer(container: ContainerHandle, request: Request, o: ForwardOptions): Promise<Response> {
  if (!container.running) {
    // The image is the one wrangler built for this class; with a single image the runtime needs no name.
    const image = Object.values(container.images ?? {})[0];
    container.start({ ...(image ? { image } : {}), env: { ASSAY_SANDBOX_SECRET: o.secret, ASSAY_SANDBOX_HOST: "0.0.0.0", PORT: String(SANDBOX_PORT) }, enableInternet: false } as ContainerStartupOptions);
  }
  const port = container.getTcpPort(SANDBOX_PORT);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  const wait = o.wait ?? sleep;
  let last = "";
  for (let i = 0; i < READY_TRIES; i++) {
    try {
      return await port.fetch(new Request(request.url, { method: request.method, headers: request.headers, body }));
    } catch (err) {
      // Not listening yet (the service is starting): try again shortly.
      last = err instanceof Error ? err.message : String(err);
      await wait(Math.min(2000, 250 * 2 ** i));
    }
  }
  return new Response(`the sandbox container did not answer on port ${SANDBOX_PORT} after ${READY_TRIES} tries: ${last}`, { status: 503 });
}

export class SandboxContainer extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    const container = this.ctx.container;
    if (!container) return new Response("SandboxContainer has no container: deploy with the containers environment (docs/deploy.md)", { status: 503 });
    return forwardToContainer(container, request, { secret: this.env.ASSAY_SANDBOX_SECRET ?? "" });
  }
}
