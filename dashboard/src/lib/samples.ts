/**
 * Per-attempt rows of one run, benchmark, target and filter, read page by
 * page in the background (the table and the block bar render what has
 * arrived). While the run is active, pages that still hold unfinished
 * attempts are read again, a few per tick, so rows land without re-reading
 * finished pages.
 */
import type { paths } from "../../../sdk/typescript/src/schema";
import { client, unwrap } from "./api";
import type { Page, Sample } from "./types";
import { TERMINAL } from "./types";

const PAGE = 200;
/** Pages re-read per refresh tick while a run is active. */
const REFRESH_PAGES = 4;

/** The samples list's filters (all rows when none), as the API declares them. */
type SampleFilter = NonNullable<paths["/api/eval-runs/{id}/samples"]["get"]["parameters"]["query"]["filter"]>;

export interface SampleKey {
  runId: string;
  benchmarkId: string;
  target: "a" | "b";
  filter: string;
}

export class SampleStore {
  items: Sample[] = [];
  /** The cursor each loaded page was read with (null for the first). */
  private cursors: (string | null)[] = [];
  private next: string | null | undefined = undefined;
  private loading = false;
  private stopped = false;
  private listeners = new Set<() => void>();
  private scheduled = false;
  error: unknown = null;
  /** Every page has been read once. */
  complete = false;
  version = 0;

  constructor(readonly key: SampleKey) {}

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Coalesces notifications to one per animation frame. */
  private changed(): void {
    this.version++;
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.listeners.forEach((l) => l());
    });
  }

  private async page(cursor: string | null): Promise<Page<Sample>> {
    const { runId, benchmarkId, target, filter } = this.key;
    const query = { benchmark_id: benchmarkId, target, limit: PAGE, ...(filter ? { filter: filter as SampleFilter } : {}), ...(cursor ? { cursor } : {}) };
    const p: Page<Sample> = await unwrap(client.GET("/api/eval-runs/{id}/samples", { params: { path: { id: runId }, query } }));
    for (const s of p.items) {
      const m = /\.(\d+)$/.exec(s.id);
      if (m) s.seq = Number(m[1]);
    }
    return p;
  }

  /** Reads every page in order, up to `max` rows. */
  async loadAll(max = 200_000): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    try {
      while (!this.stopped && this.next !== null && this.items.length < max) {
        const cursor = this.next ?? null;
        const p = await this.page(cursor);
        if (this.stopped) return;
        this.cursors.push(cursor);
        this.items.push(...p.items);
        this.next = p.next_cursor;
        this.changed();
      }
      this.complete = this.next === null;
      this.changed();
    } catch (e) {
      this.error = e;
      this.changed();
    } finally {
      this.loading = false;
    }
  }

  /** Re-reads the first pages that still hold unfinished attempts; true if any row changed. */
  async refresh(): Promise<boolean> {
    if (this.loading || this.stopped) return false;
    this.loading = true;
    let changed = false;
    try {
      let done = 0;
      for (let i = 0; i < this.cursors.length && done < REFRESH_PAGES; i++) {
        const slice = this.items.slice(i * PAGE, (i + 1) * PAGE);
        const open = slice.length < PAGE || slice.some((s) => !TERMINAL.has(s.status));
        if (!open) continue;
        done++;
        const p = await this.page(this.cursors[i]!);
        if (this.stopped) return false;
        const same = slice.length === p.items.length && slice.every((s, j) => s.id === p.items[j]!.id && s.status === p.items[j]!.status && s.reward === p.items[j]!.reward);
        if (!same) {
          // A filtered page can change length; rebuild from here on.
          if (p.items.length !== slice.length && this.key.filter) {
            this.items = this.items.slice(0, i * PAGE).concat(p.items);
            this.cursors = this.cursors.slice(0, i + 1);
            this.next = p.next_cursor;
            this.complete = false;
          } else {
            this.items.splice(i * PAGE, slice.length, ...p.items);
            if (i === this.cursors.length - 1) this.next = p.next_cursor;
          }
          changed = true;
        }
      }
    } catch {
      /* try again next tick */
    } finally {
      this.loading = false;
    }
    if (changed) this.changed();
    if (this.next) void this.loadAll();
    return changed;
  }

  /** Updates one row in place (a live attempt landed). */
  patch(id: string, patch: Partial<Sample>): void {
    const i = this.items.findIndex((s) => s.id === id);
    if (i < 0) return;
    this.items[i] = { ...this.items[i]!, ...patch };
    this.changed();
  }

  stop(): void {
    this.stopped = true;
    this.listeners.clear();
  }
}
