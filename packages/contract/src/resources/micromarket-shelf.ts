import { z } from 'zod';
import { nullableText, requiredText, ZId, ZTimestamp } from './common.js';

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
export const ZUpdateShelf = z.object(shelfFields).partial();
