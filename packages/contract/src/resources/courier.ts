import { z } from 'zod';
import { ZPlanLine } from './planning.js';

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
export const ZCourierStops = z.object({ items: z.array(ZCourierStop) });
export type TCourierStops = z.infer<typeof ZCourierStops>;

/** A one-time courier link to open the door for service, and where its page is. */
export const ZCourierOpening = z.object({ path: z.string(), expires_at: z.string() });
export type TCourierOpening = z.infer<typeof ZCourierOpening>;
