import { z } from 'zod';
import { nonEmptyUpdate, requiredText, ZId, ZTimestamp } from './common.js';

// A micromarket's price tags.

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
export const ZUpdatePriceTag = nonEmptyUpdate(z.object(priceTagFields).partial());
