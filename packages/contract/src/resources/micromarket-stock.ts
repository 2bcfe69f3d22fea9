import { z } from 'zod';
import { listOf, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

/**
 * What a micromarket holds and what left it as waste, read from the tag lifecycle: a tag
 * `in_micromarket` is a product on sale there, a `written_off` tag that was there is waste.
 */
export const ZStockItem = z.object({
  /** The tag's id. */
  id: z.number().int(),
  code: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** Personal price or sell cost, less the discount in force, in minor units. */
  price: z.number().int(),
  /** When the micromarket's reader first saw it there. */
  placed_at: ZTimestamp,
  store_up_to: ZTimestamp,
});
export type TStockItem = z.infer<typeof ZStockItem>;
export const ZStockList = listOf(ZStockItem);
export type TStockList = z.infer<typeof ZStockList>;

export const ZWrittenOffItem = z.object({
  id: z.number().int(),
  code: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  written_off_at: ZTimestamp.nullable(),
  reason: z.string().nullable(),
  store_up_to: ZTimestamp,
});
export type TWrittenOffItem = z.infer<typeof ZWrittenOffItem>;
export const ZWrittenOffList = listOf(ZWrittenOffItem);
export type TWrittenOffList = z.infer<typeof ZWrittenOffList>;

export const ZListStockQuery = ZPageQuery.extend({ product_id: ZIdQuery });
