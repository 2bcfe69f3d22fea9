import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.js';

/** `{ message, fields }`: every error answer of the API (DESIGN §2a). */
export const ZErrorResponse = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZOk = z.object({ ok: z.literal(true) });

export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });

/** `page` from 1, `per_page` default 20 and at most 100. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
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
  return z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .pipe(pattern ? z.string().regex(pattern.regex, { error: pattern.error }).nullable() : z.string().nullable())
    .nullable()
    .optional();
}
