import { z } from 'zod';
import { DATASET_FILE_TYPES, DATASET_TAGS } from '../enums.js';
import { listOf, optionalQuery, storableString, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

export const ZDatasetFile = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  type: z.enum(DATASET_FILE_TYPES),
  tags: z.array(z.enum(DATASET_TAGS)),
  url: z.string(),
  thumb_url: z.string().nullable(),
  original_name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  created_at: ZTimestamp,
});
export type TDatasetFile = z.infer<typeof ZDatasetFile>;

export const ZListDatasetQuery = ZPageQuery.extend({
  tag: optionalQuery(z.enum(DATASET_TAGS)),
  type: optionalQuery(z.enum(DATASET_FILE_TYPES)),
  org_id: ZIdQuery,
});
export const ZDatasetList = listOf(ZDatasetFile);
export type TDatasetList = z.infer<typeof ZDatasetList>;

/** The form fields that travel with an upload (multipart), beside the file itself. */
export const ZDatasetUploadFields = z.object({
  tags: storableString()
    .default('')
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(DATASET_TAGS)).max(DATASET_TAGS.length)),
  org_id: ZIdQuery,
});
export const ZUpdateDatasetFile = z.object({ tags: z.array(z.enum(DATASET_TAGS)).max(DATASET_TAGS.length) });
