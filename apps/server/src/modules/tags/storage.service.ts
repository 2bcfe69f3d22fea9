import type { TStorageBatch, TStorageList, ZListStorageQuery } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './storage.repository.js';

type ListQuery = z.output<typeof ZListStorageQuery>;

export async function listBatches(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TStorageList> {
  const filters: repo.StorageFilters = {
    orgIds: actor.scope.visibleIds,
    orgId: query.org_id,
    productId: query.product_id,
    status: query.status,
  };
  const [items, total] = await Promise.all([
    repo.listBatches(ctx.db, filters, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    repo.countBatches(ctx.db, filters),
  ]);
  return { items, total };
}

export async function getBatch(ctx: ServiceContext, actor: UserActor, id: number): Promise<TStorageBatch> {
  const batch = await repo.findBatch(ctx.db, id);
  if (!batch || !actor.scope.canSee(batch.org_id)) throw notFound();
  return batch;
}
