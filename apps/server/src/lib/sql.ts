/** Escapes LIKE's wildcards, so a search for "100%" finds that text and not everything after "100". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

type ArrayElement = string | number | boolean | bigint | Date | null | undefined;

/**
 * A PostgreSQL array literal (`{"1","2",NULL}`) for one parameter: a column of many rows
 * passed as `unnest(${pgArray(ids)}::int[], …)`, so a statement writing thousands of rows has
 * a handful of parameters and is built in microseconds (drizzle spends real time on each
 * chunk of a VALUES list). Every element is quoted, so the cast decides its type; an element
 * may itself be an array literal (`'{1,NULL,3}'`) for a text[] cast back to integer[].
 */
export function pgArray(values: readonly ArrayElement[]): string {
  const element = (value: ArrayElement) => {
    if (value === null || value === undefined) return 'NULL';
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `"${text.replace(/["\\]/g, '\\$&')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/** The rows of a raw `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? (value as { code: unknown }).code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return codeOf(error) === '23505' || codeOf(cause) === '23505';
}
