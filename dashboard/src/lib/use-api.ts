/**
 * Loading state for one API read: data, error, a reload, and optional
 * polling that stops when the tab is hidden and never overlaps itself.
 * The read is a typed client call; `key` says when it changes.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` (e.g. `(signal) => unwrap(client.GET(..., { signal }))`) whenever `key` changes (null: nothing
 * to load); re-reads every `pollMs` while `poll` says so.
 */
export function useApi<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, opts: { pollMs?: number; poll?: (d: T | undefined) => boolean } = {}): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(key !== null);
  const [tick, setTick] = useState(0);
  const dataRef = useRef<T | undefined>(undefined);
  const pollRef = useRef(opts.poll);
  pollRef.current = opts.poll;
  // The latest closure: `key` decides when to read, the closure only how.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    setData(undefined);
    dataRef.current = undefined;
    setError(undefined);
  }, [key]);

  useEffect(() => {
    if (key === null) {
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const d = await loadRef.current(ctrl.signal);
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
          else void read();
        }, opts.pollMs);
      }
    };
    setLoading(true);
    void read();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [key, tick, opts.pollMs]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
