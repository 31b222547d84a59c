/**
 * The rows of a raw `db.execute(sql…)` result. node-postgres and PGlite both answer `{ rows }`; the
 * array form is accepted too so callers never depend on which driver is underneath.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
