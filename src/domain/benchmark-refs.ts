/**
 * Benchmark references as clients write them: an id (`bm_...`) or a name,
 * resolved the way the CLI resolves them, among the benchmarks a project
 * can see (its own and the built-ins). Pure, no I/O.
 */
import type { FieldError } from "./errors";

/** What resolution needs to know of a visible benchmark. */
export interface BenchmarkCandidate {
  id: string;
  name: string;
  /** null for a built-in. */
  projectId: string | null;
  archivedAt: string | null;
}

/** The candidates `ref` may mean, best first; more than one is ambiguous. */
function matches(ref: string, visible: readonly BenchmarkCandidate[]): BenchmarkCandidate[] {
  const byId = visible.find((b) => b.id === ref);
  if (byId) return [byId];
  let hits = visible.filter((b) => b.name === ref);
  if (hits.length === 0) hits = visible.filter((b) => b.name.toLowerCase() === ref.toLowerCase());
  // An archived benchmark is hidden from the catalog, so a live one of the same name wins.
  if (hits.length > 1 && hits.some((b) => b.archivedAt === null)) hits = hits.filter((b) => b.archivedAt === null);
  // The project's own benchmark wins over a built-in of the same name (as in the CLI).
  const own = hits.filter((b) => b.projectId !== null);
  if (hits.length > 1 && own.length === 1) hits = own;
  return hits;
}

/**
 * Each reference as an id. A reference matching nothing is kept as given,
 * for the caller's "no such benchmark" check; an ambiguous name is an
 * error at `fieldOf(index, ref)` listing the ids it could mean.
 */
export function resolveBenchmarkRefs(
  refs: readonly string[],
  visible: readonly BenchmarkCandidate[],
  fieldOf: (index: number, ref: string) => string,
): { ids: string[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const ids = refs.map((ref, i) => {
    const hits = matches(ref, visible);
    if (hits.length > 1) {
      // Sorted: the candidates come in whatever order the store read them.
      const listed = hits.map((b) => b.id).sort();
      errors.push({ field: fieldOf(i, ref), message: `'${ref}' names ${hits.length} benchmarks (${listed.join(", ")}); give the id` });
      return ref;
    }
    return hits[0]?.id ?? ref;
  });
  return { ids, errors };
}

