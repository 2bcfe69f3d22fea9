import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.js';

/** `{ message, fields }`: every error answer of the API (DESIGN §2a). */
export const ZErrorResponse = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export const ZOk = z.object({ ok: z.literal(true) });

/**
 * The largest PostgreSQL `integer` (int4): every id and count column is one, so a bigger
 * number must be refused here, not by the database with a 500.
 */
export const INT4_MAX = 2_147_483_647;

/** A missing value says "required"; anything else that is not an id says what an id is. */
const idError = (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : 'validation.id');

/** A row id in a JSON body: a whole number from 1 to INT4_MAX. */
export const ZId = z.int({ error: idError }).min(1, { error: idError }).max(INT4_MAX, { error: idError });

/** A row id from a path or a query string, where every value arrives as text. */
export const ZIdFromText = z.coerce.number({ error: idError }).pipe(ZId);

/** An optional id filter of a list query (`?org_id=`); empty means no filter. */
export const ZIdQuery = optionalQuery(ZIdFromText);

/** A list of ids in a body (bulk actions, copies, reorders), at most `max` of them. */
export function idList(max: number) {
  return z.array(ZId).max(max);
}

export const ZIdParam = z.object({ id: ZIdFromText });

/** Money in minor units (kopiyka, grosz, cent): a whole number from 0. */
export const ZMoney = z
  .int({ error: 'validation.money' })
  .min(0, { error: 'validation.money' })
  .max(INT4_MAX, { error: 'validation.money' });

/**
 * Text PostgreSQL can store and every client can show: no NUL (PostgreSQL refuses it in
 * `text` and `jsonb`) and no lone UTF-16 surrogate (not valid Unicode, so not valid UTF-8).
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Whether every string inside a parsed JSON value, object keys included, is storable text. */
export function hasOnlyStorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (!isStorableText(next)) return false;
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, child] of Object.entries(next)) {
        if (!isStorableText(key)) return false;
        stack.push(child);
      }
    }
  }
  return true;
}

/** Any string input: refuses what isStorableText refuses, with a message that says so. */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: 'validation.text_chars', abort: true });
}

/** Trimmed text of at most `max` characters; may be empty. */
export function text(max: number) {
  return storableString().trim().max(max);
}

/** Trimmed text of 1 to `max` characters; empty or missing says "required". */
export function requiredText(max: number) {
  return storableString({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max);
}

/** The `q` search of a list: trimmed text, empty means no search. */
export function searchQuery(max = 100) {
  return optionalQuery(text(max));
}

/** A partial update body that changes something: `{}` is refused, never taken as a silent no-op. */
export function nonEmptyUpdate<T extends z.ZodObject>(schema: T) {
  return schema.refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'validation.nothing_to_update',
  });
}

/** `page` from 1, `per_page` default 20 and at most 100. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/** Optional query value that treats an empty string as absent. */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const ZTimestamp = z.string().describe('ISO 8601 UTC');

/** A true/false query parameter; absent or empty means "no filter". */
export const ZQueryBoolean = optionalQuery(z.enum(['true', 'false']).transform((value) => value === 'true'));

/**
 * An optional text field where an empty string means "not set" (null), trimmed, at most
 * `max` characters, and when given matching `pattern` (failing with message key `error`).
 */
export function nullableText(max: number, pattern?: { regex: RegExp; error: string }) {
  return text(max)
    .transform((value) => (value === '' ? null : value))
    .pipe(pattern ? z.string().regex(pattern.regex, { error: pattern.error }).nullable() : z.string().nullable())
    .nullable()
    .optional();
}

/** The table formats a list or report exports to (`?format=`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ZExportFormat = z.enum(EXPORT_FORMATS, { error: 'validation.export_format' });

/** The most rows one list export holds (micromarkets, products, tags, …); narrow the filters for more. */
export const LIST_EXPORT_MAX_ROWS = 10_000;

/** The keys of a list's query that pick a page (by number or by cursor), not rows. */
const PAGING_KEYS = ['page', 'per_page', 'cursor'] as const;
type PagingKey = (typeof PAGING_KEYS)[number];

/**
 * The export of a list: the list's own query (filters and sort, so the file holds what the
 * screen shows, in its order) without the page or cursor, plus `format` (CSV unless told).
 */
export function exportQueryOf<Shape extends z.core.$ZodLooseShape>(listQuery: z.ZodObject<Shape>) {
  const paging: Record<string, true> = {};
  for (const key of PAGING_KEYS) if (key in listQuery.shape) paging[key] = true;
  // zod types `omit` only for literal masks; this one holds whichever paging keys the list has.
  const filters = (listQuery as z.ZodObject).omit(paging) as unknown as z.ZodObject<Omit<Shape, PagingKey>>;
  return filters.extend({ format: optionalQuery(ZExportFormat).default('csv') });
}

/** The 200 answer of a `format: 'file'` endpoint: the file's bytes (CSV, XLSX, PDF). */
export const ZFileDownload = z.string().describe('The file itself, as an attachment');
