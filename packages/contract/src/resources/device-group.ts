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
  /** The couriers who run this group as a route, on `route_days`. */
  couriers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** ISO days of the week the route is run (1 Monday … 7 Sunday), on the organisation's clock. */
  route_days: z.array(z.number().int()),
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
  /** Couriers of the group's organisation (employees whose role opens a courier page). */
  courier_ids: z.array(ZId).max(50).optional(),
  route_days: z
    .array(
      z
        .int({ error: 'device_group.route_day' })
        .min(1, { error: 'device_group.route_day' })
        .max(7, { error: 'device_group.route_day' }),
    )
    .min(1, { error: 'validation.required' })
    .max(7)
    .optional(),
};

/** Every day, the default of a route. */
export const ROUTE_DAYS_ALL = [1, 2, 3, 4, 5, 6, 7] as const;

/** A courier the group's organisation could send on a route. */
export const ZRouteCourierOption = z.object({ id: z.number().int(), name: z.string() });
export const ZRouteCourierOptions = z.object({ items: z.array(ZRouteCourierOption) });
export type TRouteCourierOptions = z.infer<typeof ZRouteCourierOptions>;
export const ZRouteCouriersQuery = z.object({ org_id: ZIdQuery });

export const ZCreateDeviceGroup = z.object({ ...groupFields, org_id: ZId.optional() });
export const ZUpdateDeviceGroup = z.object(groupFields).partial();

export const ZListDeviceGroupsQuery = ZPageQuery.extend({
  q: searchQuery(),
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
  sort: optionalQuery(z.enum(['name', '-name', 'created_at', '-created_at'])),
});
export const ZDeviceGroupList = listOf(ZDeviceGroup);
export type TDeviceGroupList = z.infer<typeof ZDeviceGroupList>;
