import type { TStockList, TWrittenOffList, ZListStockQuery } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { listMicromarketTags, type MicromarketTagRow } from '../tags/index.js';
import { activeDiscountPercent } from './discounts.repository.js';
import { getMicromarket } from './micromarkets.service.js';
import { discountedPrice, personalPriceMap } from './prices.repository.js';

type StockQuery = z.output<typeof ZListStockQuery>;

/** What both lists say of a tag. */
const tagOf = (row: MicromarketTagRow) => ({
  id: row.id,
  code: row.code,
  product_id: row.productId,
  product_name: row.productName,
  store_up_to: row.storeUpTo.toISOString(),
});

const pageOf = (query: StockQuery) => ({
  productId: query.product_id,
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

/**
 * Products on sale: the tags in the micromarket, each at the price a customer pays now
 * (personal price or sell cost, less the discount in force), as the price tags show it.
 */
export async function listStock(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  query: StockQuery,
): Promise<TStockList> {
  await getMicromarket(ctx, actor, id);
  const [{ rows, total }, prices, discount] = await Promise.all([
    listMicromarketTags(ctx.db, { micromarketId: id, status: 'in_micromarket', ...pageOf(query) }),
    personalPriceMap(ctx.db, id),
    activeDiscountPercent(ctx.db, id, ctx.clock.now()),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      ...tagOf(row),
      price: discountedPrice(prices.get(row.productId) ?? row.sellCostMinor, discount),
      placed_at: row.updatedAt.toISOString(),
    })),
  };
}

/** Tags written off from the micromarket, with when and the operator's reason. */
export async function listWrittenOff(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  query: StockQuery,
): Promise<TWrittenOffList> {
  await getMicromarket(ctx, actor, id);
  const { rows, total } = await listMicromarketTags(ctx.db, {
    micromarketId: id,
    status: 'written_off',
    ...pageOf(query),
  });
  return {
    total,
    items: rows.map((row) => ({
      ...tagOf(row),
      written_off_at: row.writtenOffAt?.toISOString() ?? null,
      reason: row.reason,
    })),
  };
}
