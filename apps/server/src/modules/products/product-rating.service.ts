import type { TProductRating, ZProductRatingQuery } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import * as repo from './product-rating.repository.js';

type RatingQuery = z.output<typeof ZProductRatingQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` and `to` are whole UTC days, both included. */
export async function productRating(
  ctx: ServiceContext,
  actor: UserActor,
  query: RatingQuery,
): Promise<TProductRating> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const filters: repo.RatingFilters = {
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    orgId: query.org_id,
    categoryId: query.category_id,
    orgIds: actor.scope.visibleIds,
  };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([
    repo.listRatings(ctx.db, filters, page, query.sort ?? 'rating'),
    repo.countRated(ctx.db, filters),
  ]);
  return { items, total };
}
