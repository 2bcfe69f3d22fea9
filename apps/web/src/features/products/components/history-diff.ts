export type FieldChange = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Bookkeeping columns change on every write and say nothing to a reader. */
const IGNORED = new Set(['updated_at', 'created_at', 'id', 'org_id']);

/**
 * The fields an audit entry changed. A creation has no `before`, a deletion no `after`:
 * then every field of the side that exists is listed.
 */
export function diffEntries(before: unknown, after: unknown): FieldChange[] {
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])].filter((field) => !IGNORED.has(field));
  return fields
    .filter((field) => !same(left[field], right[field]))
    .map((field) => ({ field, before: left[field], after: right[field] }));
}
