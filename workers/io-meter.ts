/**
 * Counts the storage and queue operations the Worker makes, for
 * `npm run bench` (enabled by ASSAY_IO_METRICS=1; off in production). It
 * wraps the bindings, so it measures what the code really does rather than
 * what it claims to do.
 */
import type { Env } from "./env";

export interface IoCounts {
  d1_statements: number;
  d1_rows_written: number;
  d1_rows_read: number;
  r2_puts: number;
  queue_messages_sent: number;
  queue_send_calls: number;
  queue_messages_received: number;
}

const zero = (): IoCounts => ({
  d1_statements: 0,
  d1_rows_written: 0,
  d1_rows_read: 0,
  r2_puts: 0,
  queue_messages_sent: 0,
  queue_send_calls: 0,
  queue_messages_received: 0,
});
let counts = zero();

export function ioCounts(): IoCounts {
  return { ...counts };
}

export function resetIo(): void {
  counts = zero();
}

export function countReceived(n: number): void {
  counts.queue_messages_received += n;
}

function addMeta(meta: D1Meta | undefined): void {
  counts.d1_statements += 1;
  counts.d1_rows_written += meta?.rows_written ?? 0;
  counts.d1_rows_read += meta?.rows_read ?? 0;
}

function meterStatement(s: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(s, {
    get(target, prop) {
      if (prop === "bind") return (...args: unknown[]) => meterStatement(target.bind(...args));
      if (prop === "run" || prop === "all") {
        return async (...args: unknown[]) => {
          const r = await (target[prop] as (...a: unknown[]) => Promise<D1Result>)(...args);
          addMeta(r.meta);
          return r;
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function meterD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => meterStatement(target.prepare(sql));
      if (prop === "batch") {
        return async (stmts: D1PreparedStatement[]) => {
          const results = await target.batch(stmts);
          for (const r of results) addMeta(r.meta);
          return results;
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function meterR2(bucket: R2Bucket): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "put" || prop === "createMultipartUpload") {
        return (...args: unknown[]) => {
          counts.r2_puts += 1;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

function meterQueue(queue: Queue): Queue {
  return new Proxy(queue, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "send" || prop === "sendBatch") {
        return (...args: unknown[]) => {
          counts.queue_send_calls += 1;
          counts.queue_messages_sent += prop === "send" ? 1 : (args[0] as unknown[]).length;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const metered = new WeakMap<object, Env>();

/** The env with metered bindings when ASSAY_IO_METRICS is on; the env itself otherwise. */
export function meterEnv(env: Env): Env {
  if (env.ASSAY_IO_METRICS !== "1") return env;
  let m = metered.get(env);
  if (!m) {
    m = { ...env, DB: meterD1(env.DB), ARTIFACTS: meterR2(env.ARTIFACTS), ATTEMPTS: meterQueue(env.ATTEMPTS), ATTEMPTS_2: meterQueue(env.ATTEMPTS_2), CONTROL: meterQueue(env.CONTROL) };
    metered.set(env, m);
  }
  return m;
}
