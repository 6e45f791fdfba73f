// CPU seconds (user + system) used so far by a process and all its
// descendants, read from /proc (Linux): the local stack's cost per attempt
// varies far less between runs than its wall time on a shared machine.
import { existsSync, readFileSync, readdirSync } from "node:fs";

const TICKS = 100; // USER_HZ on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
    return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICKS, name, rssKb: Number(f[21]) * 4 };
  } catch {
    return null;
  }
}

/** CPU seconds of `root` and its descendants (those `which` keeps); null where /proc is missing. */
export function processCpuSeconds(root, which = () => true) {
  const tree = processTree(root);
  return tree && tree.filter(which).reduce((n, p) => n + p.cpu, 0);
}

/**
 * `root` and its descendants: pid, command name, CPU seconds so far and
 * resident memory (KB, assuming 4 KB pages); null where /proc is missing.
 */
export function processTree(root) {
  if (!existsSync("/proc")) return null;
  const procs = new Map();
  for (const d of readdirSync("/proc")) if (/^\d+$/.test(d)) {
    const s = stat(d);
    if (s) procs.set(Number(d), s);
  }
  const out = [];
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop();
    const s = procs.get(pid);
    if (s) out.push({ pid, name: s.name, cpu: s.cpu, rssKb: s.rssKb });
    for (const [child, c] of procs) if (c.ppid === pid) todo.push(child);
  }
  return out;
}
