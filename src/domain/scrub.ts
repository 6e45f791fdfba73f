/** Removes secrets from text bound for logs, errors and exports. No I/O. */
const KEY_PATTERNS = [
  /\b(sk|ak|pk|rk)[-_][A-Za-z0-9_-]{8,}/g, // provider and Assay keys
  /\bBearer\s+[A-Za-z0-9._~+/-]{8,}=*/gi,
  /\b(x-api-key|api[_-]?key|authorization)(["']?\s*[:=]\s*["']?)[^\s"',}]{4,}/gi,
];

/** Replaces every known secret value and anything shaped like a key with [redacted]. */
export function scrub(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("[redacted]");
  out = out.replace(KEY_PATTERNS[0]!, "[redacted]");
  out = out.replace(KEY_PATTERNS[1]!, "Bearer [redacted]");
  out = out.replace(KEY_PATTERNS[2]!, (_m, name: string, sep: string) => `${name}${sep}[redacted]`);
  return out;
}
