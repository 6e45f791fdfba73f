// Short human renderings of API objects shared by several commands. No I/O.

/**
 * "gpt-4o (openai, https://api.openai.com/v1)" or "profile team/eval@1 via https://runner".
 * @param {any} t A run's target view
 */
export function targetSummary(t) {
  if (!t) return null;
  if (t.kind === "agent") return `${t.name ? `${t.name}: ` : ""}profile ${t.profile} via ${t.runner_url}`;
  if (t.kind === "outputs") return `${t.name ? `${t.name}: ` : ""}outputs recorded in ${t.dataset} (column ${t.output_column})`;
  const label = t.name && t.name !== t.model ? `${t.name} = ${t.model}` : t.model;
  return `${label} (${t.provider}, ${t.base_url})`;
}

/**
 * "12/40 attempts done, 10 scored".
 * @param {any} p A /progress answer
 */
export function progressSummary(p) {
  const total = p.total_attempts ?? `${p.planned_attempts}+`;
  return `${p.terminal_attempts}/${total} attempts done, ${p.scored_attempts} scored, ${p.in_flight} in flight`;
}
