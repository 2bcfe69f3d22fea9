import { z } from 'zod';
import { ZId, ZMoney, ZTimestamp } from './common.js';

// A micromarket's discounts and personal prices.

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
