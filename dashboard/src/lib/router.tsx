/**
 * A small history router: the server answers every non-API path with
 * index.html (single-page-application assets), so pages have real URLs.
 */
import type { AnchorHTMLAttributes, ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

export interface Location {
  path: string;
  query: URLSearchParams;
}

const listeners = new Set<() => void>();

function current(): Location {
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

/** Goes to `href` without reloading; `replace` keeps history short for redirects and filters. */
export function navigate(href: string, replace = false): void {
  if (href === location.pathname + location.search) return;
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  listeners.forEach((l) => l());
  if (!replace) window.scrollTo(0, 0);
}

addEventListener("popstate", () => listeners.forEach((l) => l()));

export function useLocation(): Location {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const l = () => setLoc(current());
    listeners.add(l);
    return () => listeners.delete(l);
  }, []);
  return loc;
}

/** Matches "/runs/:id" against a path; the params, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split("/").filter(Boolean);
  const s = path.split("/").filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    if (seg.startsWith(":")) params[seg.slice(1)] = decodeURIComponent(s[i]!);
    else if (seg !== s[i]) return null;
  }
  return params;
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ComponentChildren };

/** An anchor that routes inside the app on a plain click and behaves normally otherwise. */
export function Link({ href, children, ...rest }: LinkProps) {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
