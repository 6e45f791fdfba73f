/**
 * Function names on the wire. Tool APIs allow only `^[a-zA-Z0-9_-]{1,64}$`,
 * so, as BFCL does for function-calling models, every `.` becomes `_` in
 * the name the model sees; the checker maps the model's names back to the
 * benchmark's before comparing. Pure, no I/O.
 */

/** The name a function is offered under: BFCL's `.` → `_`. */
export function wireName(name: string): string {
  return name.replaceAll(".", "_");
}

/**
 * Maps names the model used back to the offered functions' own names. A
 * name that no offered function has on the wire stays as the model wrote it
 * (so it fails as a wrong function); when two functions share a wire name,
 * the first one listed wins.
 */
export function nameRestorer(names: readonly string[]): (wire: string) => string {
  const back = new Map<string, string>();
  for (const n of names) if (!back.has(wireName(n))) back.set(wireName(n), n);
  return (wire) => back.get(wire) ?? wire;
}
