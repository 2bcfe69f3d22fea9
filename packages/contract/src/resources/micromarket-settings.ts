import { z } from 'zod';
import { ZId, ZMoney } from './common.js';

// Micromarket settings (spec §3 "Micromarket settings"), stored as one validated JSON document.

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

export const ZCopyMicromarketSettings = z.object({
  from_id: ZId,
  to_ids: z.array(ZId).min(1, { error: 'validation.required' }).max(100),
});
export const ZCopySettingsResult = z.object({ ok: z.literal(true), count: z.number().int() });
