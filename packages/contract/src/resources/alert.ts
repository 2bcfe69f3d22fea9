import { z } from 'zod';
import { TECHNICAL_ANALYTICS_TYPE } from '../enums.js';
import { listOf, optionalQuery, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
const ALERT_TYPE_CODES = TECHNICAL_ANALYTICS_TYPE.map((row) => row.code) as [1, 2, 3];
export type AlertType = (typeof ALERT_TYPE_CODES)[number];

/**
 * A technical alert (§4 technical analytics types): one row per incident. Repeats of the
 * same condition while it is not resolved raise `occurrences` and `last_seen_at`.
 */
export const ZAlert = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  micromarket_id: z.number().int(),
  micromarket_name: z.string(),
  type: z.union(ALERT_TYPE_CODES.map((code) => z.literal(code)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>]),
  status: z.enum(ALERT_STATUSES),
  opened_at: ZTimestamp,
  last_seen_at: ZTimestamp,
  occurrences: z.number().int(),
  /** What the rule saw: temperatures and limit, the command, the shelf and grams. */
  details: z.record(z.string(), z.unknown()),
  acknowledged_at: ZTimestamp.nullable(),
  acknowledged_by: z.string().nullable(),
  resolved_at: ZTimestamp.nullable(),
  resolved_by: z.string().nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;

export const ZListAlertsQuery = ZPageQuery.extend({
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
  type: optionalQuery(z.coerce.number().pipe(z.union(ALERT_TYPE_CODES.map((code) => z.literal(code))))),
  /** `active` (the default): open or acknowledged; `all`: every status. */
  status: optionalQuery(z.enum([...ALERT_STATUSES, 'active', 'all'])),
  from: optionalQuery(z.iso.date()),
  to: optionalQuery(z.iso.date()),
  sort: optionalQuery(z.enum(['opened_at', '-opened_at', 'last_seen_at', '-last_seen_at'])),
});
export const ZAlertList = listOf(ZAlert).extend({
  /** Open and acknowledged alerts of the filter's organisations, by type, for the tabs' badges. */
  active_by_type: z.record(z.string(), z.number().int()),
});
export type TAlertList = z.infer<typeof ZAlertList>;
