import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../enums.js';
import { CURRENCIES } from '../locales.js';

/** What a picker needs to know of an organisation the caller can see. */
export const ZOrganizationOption = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  currency: z.enum(CURRENCIES),
  /** 2 for the caller's own organisation and edit links, 1 for view-only links. */
  access_level: z.union([z.literal(1), z.literal(2)]),
});
export type TOrganizationOption = z.infer<typeof ZOrganizationOption>;
export const ZOrganizationOptions = z.object({ items: z.array(ZOrganizationOption) });
export type TOrganizationOptions = z.infer<typeof ZOrganizationOptions>;
