import { z } from 'zod';
import {
  listOf,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  storableString,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZTimestamp,
} from './common.js';

export const ZMaker = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string().nullable(),
  contact_person: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  products_count: z.number().int(),
  created_at: ZTimestamp,
});
export type TMaker = z.infer<typeof ZMaker>;

const makerFields = {
  name: requiredText(120),
  country: storableString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'validation.country' })
    .nullable()
    .optional(),
  contact_person: nullableText(120),
  phone: nullableText(40),
  email: storableString()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'validation.email' }))
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  website: storableString()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }))
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
};

export const ZCreateMaker = z.object({ ...makerFields, org_id: ZId.optional() });
export type TCreateMaker = z.input<typeof ZCreateMaker>;
export const ZUpdateMaker = z.object(makerFields).partial();

export const ZListMakersQuery = ZPageQuery.extend({
  q: searchQuery(),
  org_id: ZIdQuery,
  sort: optionalQuery(z.enum(['name', '-name', 'products_count', '-products_count', 'created_at', '-created_at'])),
});
export const ZMakerList = listOf(ZMaker);
export type TMakerList = z.infer<typeof ZMakerList>;
