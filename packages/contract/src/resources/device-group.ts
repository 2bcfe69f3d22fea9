import { z } from 'zod';
import {
  listOf,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZTimestamp,
} from './common.js';

/** A named set of micromarkets of one organisation (spec §3 "Device group"). */
export const ZDeviceGroup = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  type: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  devices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: ZTimestamp,
});
export type TDeviceGroup = z.infer<typeof ZDeviceGroup>;

const groupFields = {
  name: requiredText(120),
  type: nullableText(60),
  address: nullableText(300),
  description: nullableText(2000),
  /** Micromarket ids: each visible, editable and of the group's organisation. */
  device_ids: z.array(ZId).max(500).optional(),
};

export const ZCreateDeviceGroup = z.object({ ...groupFields, org_id: ZId.optional() });
export type TCreateDeviceGroup = z.input<typeof ZCreateDeviceGroup>;
export const ZUpdateDeviceGroup = z.object(groupFields).partial();
export type TUpdateDeviceGroup = z.input<typeof ZUpdateDeviceGroup>;

export const ZListDeviceGroupsQuery = ZPageQuery.extend({
  q: searchQuery(),
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
  sort: optionalQuery(z.enum(['name', '-name', 'created_at', '-created_at'])),
});
export const ZDeviceGroupList = listOf(ZDeviceGroup);
export type TDeviceGroupList = z.infer<typeof ZDeviceGroupList>;
