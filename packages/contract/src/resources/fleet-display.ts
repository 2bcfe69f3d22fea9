import { z } from 'zod';
import { ZTimestamp } from './common.js';
import { CONNECTIONS, DOOR_STATES, TEMPERATURE_STATES } from './micromarket.js';

/** How many tiles the wall board shows at most (largest fleets page through the list instead). */
export const FLEET_DISPLAY_MAX = 500;

/** One tile of the wall board (/device/display): the live state and whether an alert is open. */
export const ZDisplayTile = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  active: z.boolean(),
  connection: z.enum(CONNECTIONS),
  door: z.enum(DOOR_STATES).nullable(),
  temperature: z.number().nullable(),
  temperature_state: z.enum(TEMPERATURE_STATES).nullable(),
  defrosting: z.boolean().nullable(),
  locked: z.boolean(),
  last_activity_at: ZTimestamp.nullable(),
  /** Technical alerts not yet resolved (open or acknowledged). */
  open_alerts: z.number().int(),
});
export type TDisplayTile = z.infer<typeof ZDisplayTile>;
export const ZFleetDisplay = z.object({ items: z.array(ZDisplayTile), truncated: z.boolean() });
