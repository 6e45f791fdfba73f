/**
 * Display helpers. Scores shown to people come from the API's `display`
 * fields; `score` below is the same rule (values in [0, 1] as percentages,
 * others on their own scale) for the few numbers the API sends bare, such
 * as curve points. No I/O.
 */

function trimZeros(s: string): string {
  const t = s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
  return t === "-0" ? "0" : t;
}

/** 0.75 → "75%"; a value that is not exactly 0 or 1 never reads "0%" or "100%". */
export function percent(v: number): string {
  for (let d = 1; d <= 4; d++) {
    const s = trimZeros((v * 100).toFixed(d));
    if ((s === "100" && v < 1) || (s === "0" && v > 0)) continue;
    return `${s}%`;
  }
  return v > 0.5 ? ">99.9999%" : "<0.0001%";
}

/** The primary-score display rule; "—" for no value. */
export function score(v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return "—";
  if (v >= 0 && v <= 1) return percent(v);
  return v === 0 ? "0" : trimZeros(v.toFixed(3));
}

export function int(n: number | null | undefined): string {
  return n === null || n === undefined ? "—" : n.toLocaleString("en-US");
}

/** Milliseconds as "850 ms", "12.3 s", "4 min 05 s", "2 h 10 min". */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${trimZeros(s.toFixed(1))} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(Math.floor(s % 60)).padStart(2, "0")} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

export function between(from: string | null | undefined, to: string | null | undefined, now = Date.now()): string {
  if (!from) return "—";
  const end = to ? Date.parse(to) : now;
  return duration(end - Date.parse(from));
}

/** "2026-11-29 17:05" in the viewer's time zone. */
export function when(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** "17:05:09" for dispatch times in live tables. */
export function clock(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function money(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  if (v === 0) return "$0";
  return v < 0.01 ? `$${v.toPrecision(2)}` : `$${v.toFixed(2)}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** A p-value as the API's reports print it. */
export function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined) return "—";
  return p < 0.001 ? "p < 0.001" : `p = ${Number(p.toPrecision(2))}`;
}

/** Attempts without a reward by error kind, most frequent first: "http_401 × 40, timeout × 2"; null when none. */
export function errorCountsLine(counts: Record<string, number> | null | undefined): string | null {
  if (!counts) return null;
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([k, n]) => `${k} × ${n.toLocaleString("en-US")}`);
  return parts.length ? parts.join(", ") : null;
}

/** A benchmark's execution kind in plain words: where its attempts run. */
export function executionLabel(kind: string): string {
  return kind === "inline" ? "runs in Assay" : kind === "runner" ? "needs an agent runner" : kind;
}

/** A benchmark's catalog status in plain words (the API's status field). */
export function statusLabel(status: string): string {
  return status === "runnable" ? "ready to run" : status === "needs_runner" ? "needs an agent runner" : status === "unavailable" ? "cannot run yet" : status;
}

/** Order of statuses where benchmarks are listed: what can run first. */
export function statusRank(status: string): number {
  return status === "runnable" ? 0 : status === "needs_runner" ? 1 : 2;
}
