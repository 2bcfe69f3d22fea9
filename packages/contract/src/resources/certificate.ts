import { z } from 'zod';
import { CERTIFICATE_REGIONS } from '../enums.js';
import {
  listOf,
  optionalQuery,
  requiredText,
  searchQuery,
  storableString,
  ZIdQuery,
  ZPageQuery,
  ZTimestamp,
} from './common.js';

/** Lowercase letters, digits and single hyphens between them: the public page's address. */
export const CERTIFICATE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ZCertificate = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  title: z.string(),
  region: z.enum(CERTIFICATE_REGIONS),
  /** Last valid day (inclusive), `YYYY-MM-DD`; null: no end. */
  active_to: z.string().nullable(),
  slug: z.string(),
  file_url: z.string(),
  file_type: z.string(),
  file_name: z.string(),
  /** Past its active-to day: marked, and gone from the public page. */
  is_expired: z.boolean(),
  created_at: ZTimestamp,
});
export type TCertificate = z.infer<typeof ZCertificate>;

/** The text fields of a certificate: as multipart fields beside the file, or a JSON body to edit. */
export const ZCertificateFields = z.object({
  title: requiredText(200),
  region: z.enum(CERTIFICATE_REGIONS, { error: 'validation.required' }).default('all'),
  active_to: z.preprocess(
    (value) => (value === '' ? null : value),
    z.iso.date({ error: 'validation.date' }).nullable().default(null),
  ),
  /** Empty: made from the title. */
  slug: z.preprocess(
    (value) => (value === '' ? undefined : value),
    storableString()
      .trim()
      .toLowerCase()
      .max(80, { error: 'certificate.slug_format' })
      .regex(CERTIFICATE_SLUG, { error: 'certificate.slug_format' })
      .optional(),
  ),
  org_id: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().positive().optional()),
});
export type TCertificateFields = z.input<typeof ZCertificateFields>;
export const ZUpdateCertificate = ZCertificateFields.omit({ org_id: true });

export const ZListCertificatesQuery = ZPageQuery.extend({
  q: searchQuery(),
  org_id: ZIdQuery,
  region: optionalQuery(z.enum(CERTIFICATE_REGIONS)),
});
export const ZCertificateList = listOf(ZCertificate);
export type TCertificateList = z.infer<typeof ZCertificateList>;

export const ZCertificateSlugParam = z.object({ slug: z.string().max(80).regex(CERTIFICATE_SLUG) });
/** What a customer sees on the public page. */
export const ZPublicCertificate = z.object({
  title: z.string(),
  region: z.enum(CERTIFICATE_REGIONS),
  active_to: z.string().nullable(),
  file_url: z.string(),
  file_type: z.string(),
  file_name: z.string(),
});
export type TPublicCertificate = z.infer<typeof ZPublicCertificate>;
