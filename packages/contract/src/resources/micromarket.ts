import { z } from 'zod';
import type { MessageKey } from '../messages.js';
import {
  INT4_MAX,
  listOf,
  nonEmptyUpdate,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  storableString,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';

export const CONNECTIONS = ['online', 'offline'] as const;
export const DOOR_STATES = ['open', 'closed'] as const;
/** Against the organisation's thresholds (2–8 °C unless it set its own). */
export const TEMPERATURE_STATES = ['in_range', 'out_of_range'] as const;

/** Money in minor units (kopiyka, grosz, cent): a whole number from 0. */
export const ZMoney = z
  .int({ error: 'validation.money' })
  .min(0, { error: 'validation.money' })
  .max(INT4_MAX, { error: 'validation.money' });

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
export type TCreateMicromarket = z.input<typeof ZCreateMicromarket>;
export const ZUpdateMicromarket = z.object(micromarketFields).partial();
export type TUpdateMicromarket = z.input<typeof ZUpdateMicromarket>;

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

// ---------------------------------------------------------------------------------------
// Settings (spec §3 "Micromarket settings"), stored as one validated JSON document.

/** How an order placed for delivery from the micromarket is paid. */
export const ORDER_PAYMENT_MODES = ['prepay', 'hold', 'on_pickup'] as const;
export type OrderPaymentMode = (typeof ORDER_PAYMENT_MODES)[number];

const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

/** Every toggle of the settings, each optional in a stored document (a missing one is off). */
export const ZMicromarketSettingsShape = z.object({
  payment_rfid: z.boolean(),
  payment_scales: z.boolean(),
  payment_scales_rfid_check: z.boolean(),
  payment_neuro: z.boolean(),
  payment_coffee_machine: z.boolean(),
  payment_barcode: z.boolean(),
  hold_enabled: z.boolean(),
  /** Minor units, only with the hold on. */
  hold_amount: ZMoney.nullable(),
  fiscal_receipts: z.boolean(),
  manual_check_mode: z.boolean(),
  available_for_orders: z.boolean(),
  telegram_notifications: z.boolean(),
  available_for_subscription: z.boolean(),
  live_weight_mode: z.boolean(),
  rescan_if_zero: z.boolean(),
  always_open: z.boolean(),
  /** HH:MM local time, only when not open 24/7; `to` before `from` spans midnight. */
  active_from: ZClock.nullable(),
  active_to: ZClock.nullable(),
  test_mode: z.boolean(),
  /** Minor units, only in test payment mode. */
  test_amount: ZMoney.nullable(),
  charity_mode: z.boolean(),
  align_tag_expiry: z.boolean(),
  on_maintenance: z.boolean(),
  hide_from_ai: z.boolean(),
  order_payment_mode: z.enum(ORDER_PAYMENT_MODES),
  redirect_to_web_payment: z.boolean(),
  interacts_with_animation: z.boolean(),
});
export type TMicromarketSettings = z.infer<typeof ZMicromarketSettingsShape>;
export type MicromarketSettingKey = keyof TMicromarketSettings;

export const DEFAULT_MICROMARKET_SETTINGS: TMicromarketSettings = {
  payment_rfid: true,
  payment_scales: false,
  payment_scales_rfid_check: false,
  payment_neuro: false,
  payment_coffee_machine: false,
  payment_barcode: false,
  hold_enabled: false,
  hold_amount: null,
  fiscal_receipts: false,
  manual_check_mode: false,
  available_for_orders: false,
  telegram_notifications: false,
  available_for_subscription: false,
  live_weight_mode: false,
  rescan_if_zero: false,
  always_open: true,
  active_from: null,
  active_to: null,
  test_mode: false,
  test_amount: null,
  charity_mode: false,
  align_tag_expiry: false,
  on_maintenance: false,
  hide_from_ai: false,
  order_payment_mode: 'prepay',
  redirect_to_web_payment: false,
  interacts_with_animation: false,
};

/**
 * The settings with their dependencies: a test amount only (and then required) in test
 * mode, a hold amount only with the hold on, the period of activity only when not 24/7.
 */
export const ZMicromarketSettings = ZMicromarketSettingsShape.superRefine((value, ctx) => {
  const pairs = [
    { isOn: value.test_mode, field: 'test_amount', error: 'validation.only_in_test_mode' },
    { isOn: value.hold_enabled, field: 'hold_amount', error: 'validation.only_with_hold' },
    { isOn: !value.always_open, field: 'active_from', error: 'validation.only_when_scheduled' },
    { isOn: !value.always_open, field: 'active_to', error: 'validation.only_when_scheduled' },
  ] as const;
  for (const { isOn, field, error } of pairs) {
    const isSet = value[field] !== null;
    if (isOn && !isSet) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required', input: null });
    if (!isOn && isSet) ctx.addIssue({ code: 'custom', path: [field], message: error, input: value[field] });
  }
});

/** An update sends the toggles it changes; the merged document must satisfy ZMicromarketSettings. */
export const ZUpdateMicromarketSettings = ZMicromarketSettingsShape.partial();
export type TUpdateMicromarketSettings = z.input<typeof ZUpdateMicromarketSettings>;

export const ZCopyMicromarketSettings = z.object({
  from_id: ZId,
  to_ids: z.array(ZId).min(1, { error: 'validation.required' }).max(100),
});
export const ZCopySettingsResult = z.object({ ok: z.literal(true), count: z.number().int() });

// ---------------------------------------------------------------------------------------
// Shelves, discounts, personal prices, price tags, history.

const ZProductRef = z.object({ id: z.number().int(), name: z.string() });

export const ZShelf = z.object({
  id: z.number().int(),
  micromarket_id: z.number().int(),
  number: z.number().int(),
  name: z.string().nullable(),
  trackers: z.array(z.string()),
  products: z.array(ZProductRef),
  weight_grams: z.number().int().nullable(),
  calibrated_weight_grams: z.number().int().nullable(),
  calibrated_at: ZTimestamp.nullable(),
});
export type TShelf = z.infer<typeof ZShelf>;
export const ZShelfList = z.object({ items: z.array(ZShelf) });

const shelfFields = {
  number: z.int().min(1).max(99),
  name: nullableText(80),
  trackers: z.array(requiredText(64)).max(32).optional(),
  product_ids: z.array(ZId).max(100).optional(),
};
export const ZCreateShelf = z.object(shelfFields);
export type TCreateShelf = z.input<typeof ZCreateShelf>;
export const ZUpdateShelf = z.object(shelfFields).partial();
export type TUpdateShelf = z.input<typeof ZUpdateShelf>;

export const ZDiscount = z.object({
  id: z.number().int(),
  micromarket_id: z.number().int(),
  percent: z.number().int(),
  /** Null: until deleted. */
  active_to: ZTimestamp.nullable(),
  is_active: z.boolean(),
  created_at: ZTimestamp,
});
export type TDiscount = z.infer<typeof ZDiscount>;
export const ZDiscountList = z.object({ items: z.array(ZDiscount) });
export const ZCreateDiscount = z.object({
  percent: z.int({ error: 'validation.percent' }).min(1, { error: 'validation.percent' }).max(100, {
    error: 'validation.percent',
  }),
  active_to: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type TCreateDiscount = z.input<typeof ZCreateDiscount>;

export const ZPersonalPrice = z.object({
  id: z.number().int(),
  micromarket_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  price: z.number().int(),
  /** The product's own price, for comparison. */
  sell_cost: z.number().int(),
  updated_at: ZTimestamp,
});
export type TPersonalPrice = z.infer<typeof ZPersonalPrice>;
export const ZPersonalPriceList = z.object({ items: z.array(ZPersonalPrice) });
export const ZUpsertPersonalPrice = z.object({ product_id: ZId, price: ZMoney });
export type TUpsertPersonalPrice = z.input<typeof ZUpsertPersonalPrice>;

export const ZPriceTag = z.object({
  id: z.number().int(),
  micromarket_id: z.number().int(),
  label_code: z.string(),
  shelf_id: z.number().int().nullable(),
  shelf_number: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  /** What the label last confirmed showing. */
  shown_price: z.number().int().nullable(),
  /** Personal price or sell cost, less the discount in force. */
  current_price: z.number().int().nullable(),
  is_outdated: z.boolean(),
  synced_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
});
export type TPriceTag = z.infer<typeof ZPriceTag>;
export const ZPriceTagList = z.object({ items: z.array(ZPriceTag) });
const priceTagFields = {
  label_code: requiredText(64),
  shelf_id: ZId.nullable().optional(),
  product_id: ZId.nullable().optional(),
};
export const ZCreatePriceTag = z.object(priceTagFields);
export type TCreatePriceTag = z.input<typeof ZCreatePriceTag>;
export const ZUpdatePriceTag = nonEmptyUpdate(z.object(priceTagFields).partial());
export type TUpdatePriceTag = z.input<typeof ZUpdatePriceTag>;

export const ZDeviceEvent = z.object({
  id: z.number().int(),
  at: ZTimestamp,
  kind: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor_label: z.string().nullable(),
});
export type TDeviceEvent = z.infer<typeof ZDeviceEvent>;
/**
 * Every kind of line a micromarket's history holds: the panel's changes, the device
 * gateway's reports, commands, alerts and the food-safety lock. The history filter offers
 * these; a writer of a new kind adds it here.
 */
export const DEVICE_EVENT_KINDS = [
  'created',
  'updated',
  'token_rotated',
  'settings_changed',
  'settings_copied',
  'shelf_created',
  'shelf_updated',
  'shelf_deleted',
  'discount_created',
  'discount_deleted',
  'price_set',
  'price_deleted',
  'price_tag_created',
  'price_tag_updated',
  'price_tag_deleted',
  'connected',
  'disconnected',
  'door_opened',
  'door_closed',
  'door_session_opened',
  'door_session_closed',
  'tags_placed',
  'command_queued',
  'command_acknowledged',
  'command_failed',
  'command_expired',
  'alert',
  'locked',
  'lock_reset',
] as const;
export type DeviceEventKind = (typeof DEVICE_EVENT_KINDS)[number];
export const ZListDeviceEventsQuery = ZPageQuery.extend({
  kind: optionalQuery(z.enum(DEVICE_EVENT_KINDS)),
  /** On or after / before the end of this day (UTC), both inclusive. */
  from: optionalQuery(z.iso.date()),
  to: optionalQuery(z.iso.date()),
  /** Part of who acted or of the details, any case. */
  q: searchQuery(100),
});
export const ZDeviceEventList = listOf(ZDeviceEvent);
export type TDeviceEventList = z.infer<typeof ZDeviceEventList>;

// ---------------------------------------------------------------------------------------
// Thresholds per organisation.

export const ZFleetThresholds = z.object({
  org_id: z.number().int(),
  temperature_min: z.number(),
  temperature_max: z.number(),
  lock_after_minutes: z.number().int(),
  door_open_timeout_seconds: z.number().int(),
  weight_tolerance_grams: z.number().int(),
  /** No row of its own: the defaults apply. */
  is_default: z.boolean(),
});
export type TFleetThresholds = z.infer<typeof ZFleetThresholds>;
export const ZThresholdsQuery = z.object({ org_id: ZIdQuery });
const thresholdTemperature = z
  .number({ error: 'validation.threshold_temperature' })
  .min(-30, { error: 'validation.threshold_temperature' })
  .max(30, { error: 'validation.threshold_temperature' });
/** How long an unlocked door may wait to be opened, at most (seconds). */
export const DOOR_OPEN_TIMEOUT_MAX_S = 600;
const wholeBetween = (min: number, max: number, error: MessageKey) =>
  z.int({ error }).min(min, { error }).max(max, { error });
export const ZUpdateThresholds = z
  .object({
    org_id: ZId.optional(),
    temperature_min: thresholdTemperature,
    temperature_max: thresholdTemperature,
    /** 0: lock at the first reading above the limit (strict food-safety policies). */
    lock_after_minutes: wholeBetween(0, 10_080, 'validation.lock_after_minutes'),
    door_open_timeout_seconds: wholeBetween(5, DOOR_OPEN_TIMEOUT_MAX_S, 'validation.door_open_timeout'),
    weight_tolerance_grams: wholeBetween(0, 100_000, 'validation.weight_tolerance'),
  })
  .refine((value) => value.temperature_min < value.temperature_max, {
    path: ['temperature_max'],
    message: 'validation.range_order',
  });
export type TUpdateThresholds = z.input<typeof ZUpdateThresholds>;
export const DEFAULT_FLEET_THRESHOLDS = {
  temperature_min: 2,
  temperature_max: 8,
  lock_after_minutes: 120,
  door_open_timeout_seconds: 30,
  weight_tolerance_grams: 50,
} as const;
