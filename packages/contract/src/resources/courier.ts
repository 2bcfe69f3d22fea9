import { z } from 'zod';
import { requiredText } from './common.js';
import { ZPlanLine } from './planning.js';
import { ZTagCode } from './tag.js';

/** A micromarket on the courier's list: where it is, its live state and what it needs today. */
export const ZCourierStop = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  location_description: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Where the courier parks. */
  courier_latitude: z.number().nullable(),
  courier_longitude: z.number().nullable(),
  connection: z.enum(['online', 'offline']),
  door: z.enum(['open', 'closed']).nullable(),
  temperature: z.number().nullable(),
  locked: z.boolean(),
  bring: z.number().int(),
  take_out: z.number().int(),
  /** The lines with something to bring or take out. */
  lines: z.array(ZPlanLine),
});
export type TCourierStop = z.infer<typeof ZCourierStop>;
export const ZCourierStops = z.object({
  items: z.array(ZCourierStop),
  /** Today's routes (micromarket groups) of the courier by name; [] on a day off; null on no route (all the work). */
  routes_today: z.array(z.string()).nullable(),
});
export type TCourierStops = z.infer<typeof ZCourierStops>;

/** A one-time courier link to open the door for service, and where its page is. */
export const ZCourierOpening = z.object({ path: z.string(), expires_at: z.string() });
export type TCourierOpening = z.infer<typeof ZCourierOpening>;

/** The signed-in courier's service opening: the door command queued, to follow on the live stream. */
export const ZCourierDoorOpening = z.object({ command_id: z.uuid(), message: z.string() });
export type TCourierDoorOpening = z.infer<typeof ZCourierDoorOpening>;

/** Codes the courier scanned at a stop (a scanner types each and Enter). */
const ZScannedCodes = z
  .array(ZTagCode, { error: 'courier.codes_required' })
  .min(1, { error: 'courier.codes_required' })
  .max(500, { error: 'courier.too_many_codes' });

export const ZLoadTags = z.object({ codes: ZScannedCodes });
/** Loaded tags, and the codes that were not: unknown, not in storage, or another organisation's. */
export const ZLoadResult = z.object({ loaded: z.number().int(), refused: z.array(z.string()) });
export type TLoadResult = z.infer<typeof ZLoadResult>;

export const COURIER_TAKE_OUT_ACTIONS = ['write_off', 'remove'] as const;
export const ZTakeOutTags = z.object({
  codes: ZScannedCodes,
  /** Expired or damaged items are written off; others taken back are removed. */
  action: z.enum(COURIER_TAKE_OUT_ACTIONS, { error: 'validation.required' }),
  reason: requiredText(300),
});

/** Items of one product that a visit put in or took out. */
export const ZVisitLine = z.object({ product_id: z.number().int(), product_name: z.string(), count: z.number().int() });
export type TVisitLine = z.infer<typeof ZVisitLine>;

/**
 * The stop's latest service visit today (a courier's or service door session): when the door
 * opened and closed (null while open), and what went in and came out since it opened.
 */
export const ZCourierVisit = z.object({
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  put_in: z.array(ZVisitLine),
  taken_out: z.array(ZVisitLine),
});
export type TCourierVisit = z.infer<typeof ZCourierVisit>;

/** A stop's state for the courier: what to bring and take out, and what the day's work moved there. */
export const ZCourierStopSummary = z.object({
  micromarket_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  door: z.enum(['open', 'closed']).nullable(),
  /** Only the lines with something to bring or take out. */
  lines: z.array(ZPlanLine),
  loaded_today: z.number().int(),
  removed_today: z.number().int(),
  written_off_today: z.number().int(),
  last_visit: ZCourierVisit.nullable(),
});
export type TCourierStopSummary = z.infer<typeof ZCourierStopSummary>;
