import { z } from 'zod';
import type { Permission } from '../permissions.js';
import { optionalQuery, ZTimestamp } from './common.js';

/** What the alert bell tells about: a technical alert of each type, a food-safety lock, a fridge gone offline. */
export const FLEET_NOTICE_KINDS = ['temperature', 'door', 'weight', 'locked', 'offline'] as const;
export type FleetNoticeKind = (typeof FLEET_NOTICE_KINDS)[number];

/** Who hears the bell: whoever may see the fleet's alerts or state. */
export const FLEET_NOTICE_PERMISSIONS = [
  'show_technical_analytics_page',
  'show_device_page',
  'show_fridge_display',
] as const satisfies readonly Permission[];

/** Notices older than this are neither listed nor counted as unread. */
export const FLEET_NOTICE_DAYS = 30;

/** One line of the alert bell: what happened to which fridge, the reading and limit, when; and whether the user read it. */
export const ZFleetNotice = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  micromarket_id: z.number().int(),
  micromarket_name: z.string(),
  kind: z.enum(FLEET_NOTICE_KINDS),
  /** The technical alert it tells about (null for a lock or offline, or once the alert is gone). */
  alert_id: z.number().int().nullable(),
  alert_type: z.number().int().nullable(),
  /** `reading`, `limit`, `unit` (°C, g, °) as the rule saw them. */
  details: z.record(z.string(), z.unknown()),
  at: ZTimestamp,
  is_read: z.boolean(),
});
export type TFleetNotice = z.infer<typeof ZFleetNotice>;

export const ZFleetNoticeQuery = z.object({
  limit: optionalQuery(z.coerce.number().int().min(1).max(50)),
});
export const ZFleetNoticeList = z.object({ items: z.array(ZFleetNotice), unread: z.number().int() });
export type TFleetNoticeList = z.infer<typeof ZFleetNoticeList>;

/**
 * The counts the panel's top bar and menu show: unread fleet notices, and support chats and
 * tickets (current ones) with something the user has not read. A count the user may not see is 0.
 */
export const ZPanelBadges = z.object({
  alerts: z.number().int(),
  support: z.number().int(),
  tickets: z.number().int(),
});
export type TPanelBadges = z.infer<typeof ZPanelBadges>;
