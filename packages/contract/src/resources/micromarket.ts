import { z } from 'zod';
import {
  listOf,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  storableString,
  ZId,
  ZIdQuery,
  ZMoney,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';

export const CONNECTIONS = ['online', 'offline'] as const;
export const DOOR_STATES = ['open', 'closed'] as const;
/** Against the organisation's thresholds (2–8 °C unless it set its own). */
export const TEMPERATURE_STATES = ['in_range', 'out_of_range'] as const;

const latitude = z
  .number({ error: 'validation.latitude' })
  .min(-90, { error: 'validation.latitude' })
  .max(90, { error: 'validation.latitude' });
const longitude = z
  .number({ error: 'validation.longitude' })
  .min(-180, { error: 'validation.longitude' })
  .max(180, { error: 'validation.longitude' });

export const ZMicromarket = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  active: z.boolean(),
  name: z.string(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  location_description: z.string().nullable(),
  serial_number: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  courier_latitude: z.number().nullable(),
  courier_longitude: z.number().nullable(),
  country: z.string().nullable(),
  /** Minor units; null: the organisation's price applies. */
  subscription_price: z.number().int().nullable(),
  // Live state, written by the device gateway.
  connection: z.enum(CONNECTIONS),
  last_activity_at: ZTimestamp.nullable(),
  temperature: z.number().nullable(),
  temperature_state: z.enum(TEMPERATURE_STATES).nullable(),
  defrosting: z.boolean().nullable(),
  door: z.enum(DOOR_STATES).nullable(),
  ip: z.string().nullable(),
  mac_address: z.string().nullable(),
  platform: z.string().nullable(),
  firmware: z.string().nullable(),
  locked: z.boolean(),
  locked_at: ZTimestamp.nullable(),
  lock_reason: z.string().nullable(),
  on_maintenance: z.boolean(),
  /** The largest discount in force now, in percent. */
  discount_percent: z.number().int().nullable(),
  /** When the private token was last issued; the token itself is never shown again. */
  token_issued_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
});
export type TMicromarket = z.infer<typeof ZMicromarket>;

/** The create answer: the only time the private token is shown. */
export const ZCreatedMicromarket = ZMicromarket.extend({ token: z.string() });
export type TCreatedMicromarket = z.infer<typeof ZCreatedMicromarket>;

export const ZMicromarketToken = z.object({ token: z.string(), token_issued_at: ZTimestamp });
export type TMicromarketToken = z.infer<typeof ZMicromarketToken>;

const micromarketFields = {
  name: requiredText(120),
  address: nullableText(300),
  serial_number: requiredText(64),
  active: z.boolean().optional(),
  description: nullableText(2000),
  location_description: nullableText(500),
  latitude: latitude.nullable().optional(),
  longitude: longitude.nullable().optional(),
  courier_latitude: latitude.nullable().optional(),
  courier_longitude: longitude.nullable().optional(),
  country: storableString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'validation.country' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  subscription_price: ZMoney.nullable().optional(),
};

export const ZCreateMicromarket = z.object({ ...micromarketFields, org_id: ZId.optional() });
export const ZUpdateMicromarket = z.object(micromarketFields).partial();

export const MICROMARKET_SORTS = [
  'name',
  '-name',
  'serial_number',
  '-serial_number',
  'last_activity_at',
  '-last_activity_at',
  'temperature',
  '-temperature',
  'created_at',
  '-created_at',
] as const;

export const ZListMicromarketsQuery = ZPageQuery.extend({
  q: searchQuery(),
  org_id: ZIdQuery,
  connection: optionalQuery(z.enum(CONNECTIONS)),
  door: optionalQuery(z.enum(DOOR_STATES)),
  temperature: optionalQuery(z.enum(TEMPERATURE_STATES)),
  on_maintenance: ZQueryBoolean,
  locked: ZQueryBoolean,
  sort: optionalQuery(z.enum(MICROMARKET_SORTS)),
});
export const ZMicromarketList = listOf(ZMicromarket);
export type TMicromarketList = z.infer<typeof ZMicromarketList>;
