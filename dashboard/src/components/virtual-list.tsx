/**
 * A windowed list of fixed-height rows: only the rows in view (plus a few)
 * are in the DOM, so a table of 10,000 attempts costs what 30 rows cost.
 */
import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";

export function VirtualList<T>({
  items,
  rowHeight,
  height,
  render,
  label,
  onEnd,
  stickToEnd = false,
}: {
  items: T[];
  rowHeight: number;
  height: number;
  render: (item: T, index: number) => ComponentChildren;
  label: string;
  /** Called when the last rows come into view. */
  onEnd?: () => void;
  stickToEnd?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const overscan = 8;
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((top + height) / rowHeight) + overscan);

  useLayoutEffect(() => {
    if (stickToEnd && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [items.length, stickToEnd]);

  useLayoutEffect(() => {
    if (onEnd && last >= items.length - 2) onEnd();
  }, [last, items.length]);

  const rows: ComponentChildren[] = [];
  for (let i = first; i < last; i++) rows.push(render(items[i]!, i));

  return (
    <div class="vlist" ref={box} style={{ height: `${Math.min(height, Math.max(rowHeight, items.length * rowHeight)) + 2}px` }} onScroll={(e) => setTop((e.target as HTMLDivElement).scrollTop)} role="rowgroup" aria-label={label}>
      <div style={{ height: `${items.length * rowHeight}px`, position: "relative" }}>
        <div style={{ transform: `translateY(${first * rowHeight}px)` }}>{rows}</div>
      </div>
    </div>
  );
}
