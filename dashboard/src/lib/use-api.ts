/**
 * Loading state for one API read: data, error, a reload, and optional
 * polling that stops when the tab is hidden and never overlaps itself.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api";

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** GET `path` (null: nothing to load); re-read every `pollMs` while `poll` says so. */
export function useApi<T>(path: string | null, opts: { pollMs?: number; poll?: (d: T | undefined) => boolean } = {}): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [tick, setTick] = useState(0);
  const dataRef = useRef<T | undefined>(undefined);
  const pollRef = useRef(opts.poll);
  pollRef.current = opts.poll;

  useEffect(() => {
    setData(undefined);
    dataRef.current = undefined;
    setError(undefined);
  }, [path]);

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const d = await api<T>(path, { signal: ctrl.signal });
        if (ctrl.signal.aborted) return;
        dataRef.current = d;
        setData(d);
        setError(undefined);
      } catch (e) {
        if (ctrl.signal.aborted) return;
        setError(e);
      }
      setLoading(false);
      if (opts.pollMs && (pollRef.current ? pollRef.current(dataRef.current) : true)) {
        timer = setTimeout(function again() {
          if (document.hidden) timer = setTimeout(again, opts.pollMs);
          else void load();
        }, opts.pollMs);
      }
    };
    setLoading(true);
    void load();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [path, tick, opts.pollMs]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
